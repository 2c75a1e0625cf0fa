/**
 * The poems: a carousel of cards; a click opens a dialog with the title, the date (already
 * localised by the page) after 'Published At', and the text with its line breaks. The texts
 * come from `/poems.<version>.json` (stores/poems.ts), loaded as the carousel hydrates, near
 * the screen; the dialog says so while one is on its way, and offers to try again should the
 * load fail.
 */
import { useEffect } from 'react';
import { $poemTexts, loadPoemTexts } from '../stores/poems.ts';
import ModalCarousel, { type ModalCarouselLabels } from './ModalCarousel.tsx';
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
  labels: ModalCarouselLabels & {
    publishedAt: string;
    loading: string;
    failed: string;
    retry: string;
  };
}

const MODAL_ID = 'poem-dialog';

export default function PoemCarousel({ poems, textsUrl, labels }: PoemCarouselProps) {
  const { status, texts } = useSharedStore($poemTexts);

  useEffect(() => {
    void loadPoemTexts(textsUrl);
  }, [textsUrl]);

  return (
    <ModalCarousel
      items={poems}
      modalId={MODAL_ID}
      labels={labels}
      cardClassName="carousel-card poem-card"
      modalClassName="poem-modal"
      onOpen={() => void loadPoemTexts(textsUrl)}
      card={(poem) => (
        <>
          <span className="poem-card-title">{poem.title}</span>
          <span className="poem-card-date">{poem.date}</span>
        </>
      )}
      dialog={(poem, titleId) => {
        const text = texts[poem.id];
        return (
          <article aria-busy={status === 'loading'}>
            <h3 id={titleId}>{poem.title}</h3>
            <p className="poem-date">
              {labels.publishedAt} {poem.date}
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
        );
      }}
    />
  );
}
