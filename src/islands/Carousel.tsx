/**
 * A horizontal carousel: previous/next buttons scroll the track by 200 px (instantly under
 * reduced motion), and each is disabled within 5 px of its end, kept current on scroll and
 * resize.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { EDGE_TOLERANCE_PX, SCROLL_STEP_PX } from '../lib/constants.ts';
import { scrollBehavior } from '../lib/motion.ts';
import './carousel.css';

interface CarouselProps {
  /** The carousel's accessible name. */
  label: string;
  previousLabel: string;
  nextLabel: string;
  children: ReactNode;
}

export default function Carousel({ label, previousLabel, nextLabel, children }: CarouselProps) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  const update = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    setAtStart(track.scrollLeft <= EDGE_TOLERANCE_PX);
    setAtEnd(track.scrollLeft + track.clientWidth >= track.scrollWidth - EDGE_TOLERANCE_PX);
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return undefined;
    update();
    const resize = new ResizeObserver(update);
    resize.observe(track);
    track.addEventListener('scroll', update, { passive: true });
    return () => {
      resize.disconnect();
      track.removeEventListener('scroll', update);
    };
  }, [update]);

  const scroll = (direction: -1 | 1) => {
    trackRef.current?.scrollBy({ left: direction * SCROLL_STEP_PX, behavior: scrollBehavior() });
  };

  return (
    <div className="carousel" role="group" aria-roledescription="carousel" aria-label={label}>
      <button
        type="button"
        className="carousel-button carousel-previous"
        aria-label={previousLabel}
        disabled={atStart}
        onClick={() => scroll(-1)}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      <ul className="carousel-track" ref={trackRef}>
        {children}
      </ul>
      <button
        type="button"
        className="carousel-button carousel-next"
        aria-label={nextLabel}
        disabled={atEnd}
        onClick={() => scroll(1)}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
