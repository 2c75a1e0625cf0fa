/**
 * The videos: a carousel of the site's own thumbnails; a click opens a dialog with the embedded
 * player, autoplaying, and closing it removes the iframe, which stops the video. Nothing is asked
 * of the video service until the visitor opens a video, so it never learns who merely visits.
 */
import { useState } from 'react';
import { embedUrl } from '../lib/video-embed.ts';
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, thumbnailUrl } from '../lib/video-thumbnails.ts';
import { openModal } from '../stores/modals.ts';
import Carousel from './Carousel.tsx';
import Modal from './Modal.tsx';
import { useHydrated } from './useHydrated.ts';

/** A video as the page passes it: the video-service id and the title. */
export interface VideoItem {
  id: string;
  title: string;
}

interface VideoCarouselProps {
  videos: VideoItem[];
  /** The thumbnails' version, in their URLs. */
  thumbnailVersion: string;
  labels: { carousel: string; previous: string; next: string; close: string };
}

const MODAL_ID = 'video-dialog';

export default function VideoCarousel({ videos, thumbnailVersion, labels }: VideoCarouselProps) {
  const [current, setCurrent] = useState<VideoItem | null>(null);
  // The built HTML holds only a box of each image's size; the images come once the island
  // hydrates, near the section, so a phone does not fetch ~150 KB of thumbnails with the page.
  const hydrated = useHydrated();

  return (
    <>
      <Carousel label={labels.carousel} previousLabel={labels.previous} nextLabel={labels.next}>
        {videos.map((video) => (
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
                  src={thumbnailUrl(video.id, thumbnailVersion)}
                  width={THUMBNAIL_WIDTH}
                  height={THUMBNAIL_HEIGHT}
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
        ))}
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
