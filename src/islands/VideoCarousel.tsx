/**
 * The videos: a carousel of the site's own thumbnails; a click opens a dialog with the embedded
 * player, autoplaying, and closing it removes the iframe, which stops the video. Nothing is asked
 * of the video service until the visitor opens a video, so it never learns who merely visits.
 * Opened without a network, the dialog says so and brings the player once the network is back.
 */
import { useEffect, useState } from 'react';
import { embedUrl } from '../lib/video-embed.ts';
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, thumbnailUrl } from '../lib/video-thumbnails.ts';
import ModalCarousel, { type ModalCarouselLabels } from './ModalCarousel.tsx';
import { useHydrated } from './useHydrated.ts';
import { useOnline } from './useOnline.ts';

/** A video as the page passes it: the video-service id and the title. */
export interface VideoItem {
  id: string;
  title: string;
}

interface VideoCarouselProps {
  videos: VideoItem[];
  /** The thumbnails' version, in their URLs. */
  thumbnailVersion: string;
  labels: ModalCarouselLabels & {
    /** Shown in the dialog in place of the player while the browser has no network. */
    offline: string;
  };
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
          <VideoFrame video={video} offlineText={labels.offline} />
        </>
      )}
    />
  );
}

/**
 * The embedded player; without a network, a line saying so in its place until the network comes
 * back. A player already there stays when the network drops: it has what it buffered.
 */
function VideoFrame({ video, offlineText }: { video: VideoItem; offlineText: string }) {
  const online = useOnline();
  const [started, setStarted] = useState(online);
  useEffect(() => {
    if (online) setStarted(true);
  }, [online]);

  return (
    <div className="video-frame">
      {started ? (
        <iframe
          src={embedUrl(video.id)}
          title={video.title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <p className="video-offline" role="status">
          {offlineText}
        </p>
      )}
    </div>
  );
}
