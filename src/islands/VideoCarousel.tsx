/**
 * The videos: a carousel of the site's own thumbnails; a click opens a dialog with the embedded
 * player, autoplaying, and closing it removes the iframe, which stops the video. Nothing is asked
 * of the video service until the visitor opens a video, so it never learns who merely visits.
 */
import { embedUrl } from '../lib/video-embed.ts';
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, thumbnailUrl } from '../lib/video-thumbnails.ts';
import ModalCarousel, { type ModalCarouselLabels } from './ModalCarousel.tsx';
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
  labels: ModalCarouselLabels;
}

const MODAL_ID = 'video-dialog';

export default function VideoCarousel({ videos, thumbnailVersion, labels }: VideoCarouselProps) {
  // The built HTML holds only a box of each image's size; the images come once the island
  // hydrates, near the section, so a phone does not fetch ~150 KB of thumbnails with the page.
  const hydrated = useHydrated();

  return (
    <ModalCarousel
      items={videos}
      modalId={MODAL_ID}
      labels={labels}
      cardClassName="carousel-card"
      modalClassName="video-modal"
      card={(video) => (
        <>
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
        </>
      )}
      dialog={(video, titleId) => (
        <>
          <h3 id={titleId}>{video.title}</h3>
          <div className="video-frame">
            <iframe
              src={embedUrl(video.id)}
              title={video.title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        </>
      )}
    />
  );
}
