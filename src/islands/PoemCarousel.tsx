/**
 * The poems: a carousel of cards; a click opens a dialog with the title, the date (already
 * localised by the page) after 'Published At', and the text with its line breaks.
 */
import { useState } from 'react';
import { openModal } from '../stores/modals.ts';
import Carousel from './Carousel.tsx';
import Modal from './Modal.tsx';

/** A poem as the page passes it, its date already formatted in the page's language. */
export interface PoemItem {
  id: string;
  title: string;
  date: string;
  text: string;
}

interface PoemCarouselProps {
  poems: PoemItem[];
  labels: { carousel: string; previous: string; next: string; close: string; publishedAt: string };
}

const MODAL_ID = 'poem-dialog';

export default function PoemCarousel({ poems, labels }: PoemCarouselProps) {
  const [current, setCurrent] = useState<PoemItem | null>(null);

  return (
    <>
      <Carousel label={labels.carousel} previousLabel={labels.previous} nextLabel={labels.next}>
        {poems.map((poem) => (
          <li key={poem.id}>
            <button
              type="button"
              className="carousel-card poem-card"
              onClick={() => {
                setCurrent(poem);
                openModal(MODAL_ID);
              }}
            >
              <span className="poem-card-title">{poem.title}</span>
              <span className="poem-card-date">{poem.date}</span>
            </button>
          </li>
        ))}
      </Carousel>
      <Modal id={MODAL_ID} labelledBy={`${MODAL_ID}-title`} closeLabel={labels.close} className="poem-modal">
        {current && (
          <article>
            <h3 id={`${MODAL_ID}-title`}>{current.title}</h3>
            <p className="poem-date">
              {labels.publishedAt} {current.date}
            </p>
            <p className="poem-text">{current.text}</p>
          </article>
        )}
      </Modal>
    </>
  );
}
