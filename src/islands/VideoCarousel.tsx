/**
 * The videos: a carousel of thumbnails; a click opens a dialog with the embedded player,
 * autoplaying. Closing the dialog removes the iframe, which stops the video.
 *
 * The thumbnails come from the video service's host. The page's HTML holds a box of their
 * size in their place, and the island puts the images in once it hydrates (`client:visible`,
 * when the section comes near the screen): as lazy `<img>`s in the HTML, a phone's browser
 * fetched seven of them with the page, about 150 KB from another origin competing with the
 * first screen, for a section many visitors never reach.
 */
import { useState } from 'react';
import { openModal } from '../stores/modals.ts';
import Carousel from './Carousel.tsx';
import Modal from './Modal.tsx';
import { useHydrated } from './useHydrated.ts';

/** A thumbnail image: its source, other widths, and its intrinsic size. */
interface Thumbnail {
  src: string;
  srcSet?: string | undefined;
  width: number;
  height: number;
}

/**
 * A video as the page passes it: the video-service id, title, and the local thumbnail the
 * artist gave, if any (the service's own is derived from the id here rather than written into
 * the page's props twenty times).
 */
export interface VideoItem {
  id: string;
  title: string;
  thumb?: Thumbnail | undefined;
}

interface VideoCarouselProps {
  videos: VideoItem[];
  labels: { carousel: string; previous: string; next: string; close: string };
}

const MODAL_ID = 'video-dialog';

/** The video service's own thumbnail of a video (480x360). */
function serviceThumbnail(id: string): Thumbnail {
  return { src: `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`, width: 480, height: 360 };
}

/** The privacy-enhanced embed; autoplay because the visitor just asked for the video. */
export function embedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1`;
}

export default function VideoCarousel({ videos, labels }: VideoCarouselProps) {
  const [current, setCurrent] = useState<VideoItem | null>(null);
  const hydrated = useHydrated();

  return (
    <>
      <Carousel label={labels.carousel} previousLabel={labels.previous} nextLabel={labels.next}>
        {videos.map((video) => {
          const thumb = video.thumb ?? serviceThumbnail(video.id);
          return (
            <li key={video.id}>
              <button
                type="button"
                className="carousel-card"
                onClick={() => {
                  setCurrent(video);
                  openModal(MODAL_ID);
                }}
              >
                {hydrated ? (
                  <img
                    className="carousel-thumb"
                    src={thumb.src}
                    srcSet={thumb.srcSet}
                    sizes="16rem"
                    width={thumb.width}
                    height={thumb.height}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    // Never the page's main content: they wait for the page's own requests.
                    fetchPriority="low"
                  />
                ) : (
                  <span className="carousel-thumb" />
                )}
                <span>{video.title}</span>
              </button>
            </li>
          );
        })}
      </Carousel>
      <Modal id={MODAL_ID} labelledBy={`${MODAL_ID}-title`} closeLabel={labels.close} className="video-modal">
        {current && (
          <>
            <h3 id={`${MODAL_ID}-title`}>{current.title}</h3>
            <div className="video-frame">
              <iframe
                src={embedUrl(current.id)}
                title={current.title}
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
              />
            </div>
          </>
        )}
      </Modal>
    </>
  );
}
