/**
 * A carousel of cards, each a button that opens one dialog on its item: what the home page's
 * videos and poems share. The dialog is titled by the element the caller gives `titleId`.
 */
import { useState, type ReactNode } from 'react';
import { openModal } from '../stores/modals.ts';
import Carousel from './Carousel.tsx';
import Modal from './Modal.tsx';

export interface ModalCarouselLabels {
  carousel: string;
  previous: string;
  next: string;
  close: string;
}

interface ModalCarouselProps<Item extends { id: string }> {
  items: readonly Item[];
  /** The dialog's id; its title's is this with `-title`. */
  modalId: string;
  labels: ModalCarouselLabels;
  cardClassName: string;
  modalClassName: string;
  /** What a card shows of its item. */
  card: (item: Item) => ReactNode;
  /** What the dialog shows of the item opened, its title carrying `titleId`. */
  dialog: (item: Item, titleId: string) => ReactNode;
  /** Called as a card opens the dialog, after it opened. */
  onOpen?: () => void;
}

export default function ModalCarousel<Item extends { id: string }>({
  items,
  modalId,
  labels,
  cardClassName,
  modalClassName,
  card,
  dialog,
  onOpen,
}: ModalCarouselProps<Item>) {
  const [current, setCurrent] = useState<Item | null>(null);
  const titleId = `${modalId}-title`;
  return (
    <>
      <Carousel label={labels.carousel} previousLabel={labels.previous} nextLabel={labels.next}>
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={cardClassName}
              onClick={() => {
                setCurrent(item);
                openModal(modalId);
                onOpen?.();
              }}
            >
              {card(item)}
            </button>
          </li>
        ))}
      </Carousel>
      <Modal id={modalId} labelledBy={titleId} closeLabel={labels.close} className={modalClassName}>
        {current && dialog(current, titleId)}
      </Modal>
    </>
  );
}
