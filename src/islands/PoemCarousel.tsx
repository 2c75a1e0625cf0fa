/**
 * The poems: a carousel of cards; a click opens a dialog with the title, the date (already
 * localised by the page) after 'Published At', and the text with its line breaks. The texts
 * come from `/poems.<version>.json` (stores/poems.ts), loaded as the carousel hydrates, near
 * the screen; the dialog says so while one is on its way, and offers to try again should the
 * load fail.
 */
import { useEffect, useState } from 'react';
import { openModal } from '../stores/modals.ts';
import { $poemTexts, loadPoemTexts } from '../stores/poems.ts';
import Carousel from './Carousel.tsx';
import Modal from './Modal.tsx';
import { useSharedStore } from './useSharedStore.ts';

/** A poem as the page passes it, its date already formatted in the page's language. */
export interface PoemItem {
  id: string;
  title: string;
  date: string;
}

interface PoemCarouselProps {
  poems: PoemItem[];
  /** Where the texts are (src/data/poem-texts.ts). */
  textsUrl: string;
  labels: {
    carousel: string;
    previous: string;
    next: string;
    close: string;
    publishedAt: string;
    loading: string;
    failed: string;
    retry: string;
  };
}

const MODAL_ID = 'poem-dialog';

export default function PoemCarousel({ poems, textsUrl, labels }: PoemCarouselProps) {
  const [current, setCurrent] = useState<PoemItem | null>(null);
  const { status, texts } = useSharedStore($poemTexts);

  useEffect(() => {
    void loadPoemTexts(textsUrl);
  }, [textsUrl]);

  const text = current ? texts[current.id] : undefined;

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
                void loadPoemTexts(textsUrl);
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
          <article aria-busy={status === 'loading'}>
            <h3 id={`${MODAL_ID}-title`}>{current.title}</h3>
            <p className="poem-date">
              {labels.publishedAt} {current.date}
            </p>
            {text !== undefined ? (
              <p className="poem-text">{text}</p>
            ) : status === 'failed' ? (
              <div className="poem-text-failed">
                <p role="alert">{labels.failed}</p>
                <button type="button" className="pill-button" onClick={() => void loadPoemTexts(textsUrl)}>
                  {labels.retry}
                </button>
              </div>
            ) : (
              <p className="poem-text-loading" role="status">
                {labels.loading}
              </p>
            )}
          </article>
        )}
      </Modal>
    </>
  );
}
