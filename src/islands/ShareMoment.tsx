/**
 * The player's share button: a link to the track playing, at the second it has reached. The
 * system's share sheet where the browser has one, else the link is copied to the clipboard;
 * either way a visible status says what happened, and screen readers hear it.
 */
import { useEffect, useState } from 'react';
import { langFromPath, langFromTag } from '../lib/languages.ts';
import { releaseOf, trackPageSlug, type PlayerCovers } from '../lib/player-artwork.ts';
import type { PlayerLabels } from '../lib/player-labels.ts';
import { displayTitle } from '../lib/player-logic.ts';
import { momentLink } from '../lib/player-moment.ts';
import { $player, getPlayer } from '../stores/player.ts';
import { useSharedStore } from './useSharedStore.ts';
import './player-extras.css';

interface ShareMomentProps {
  labels: Pick<PlayerLabels, 'share' | 'shareCopied' | 'shareFailed'>;
  covers: PlayerCovers | null;
}

/** How long the confirmation stays on screen, in ms; a link to copy by hand stays longer (or until Escape). */
const CONFIRMATION_MS = 4000;
const LINK_SHOWN_MS = 30_000;

type Outcome = { kind: 'copied' } | { kind: 'failed'; url: string } | null;

export default function ShareMoment({ labels, covers }: ShareMomentProps) {
  const { tracks, index, playlist, status } = useSharedStore($player, ['tracks', 'index', 'playlist', 'status']);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // An offered track (not loaded yet) is shared from its start.
  const track = status === 'initial' ? undefined : tracks[index];
  const release = track && covers ? releaseOf(track.title, playlist, covers.releases) : undefined;
  const slug = release?.slug;

  useEffect(() => {
    if (!outcome) return undefined;
    const timer = setTimeout(() => setOutcome(null), outcome.kind === 'copied' ? CONFIRMATION_MS : LINK_SHOWN_MS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOutcome(null);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [outcome]);

  const share = async () => {
    if (!track || !slug) return;
    const url = momentLink({
      origin: location.origin,
      lang: langFromPath(location.pathname) ?? langFromTag(document.documentElement.lang),
      release: slug,
      track: { number: index + 1, slug: trackPageSlug(release, track.title) },
      // Read at the tap: the store's time is only as fresh as the last timeupdate.
      seconds: getPlayer().currentTime(),
    });
    // Typed as always there, but missing from most desktop browsers.
    const canShare =
      typeof navigator.share === 'function' &&
      (typeof navigator.canShare !== 'function' || navigator.canShare({ url }));
    if (canShare) {
      try {
        await navigator.share({ title: displayTitle(track.title), url });
        return;
      } catch (error) {
        // The visitor closed the sheet: nothing to say. Anything else: copy instead.
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome({ kind: 'copied' });
    } catch {
      // No clipboard (permission, an old engine): the link is shown to copy by hand.
      setOutcome({ kind: 'failed', url });
    }
  };

  return (
    <div className="player-share">
      <button
        type="button"
        className="player-button"
        aria-label={labels.share}
        aria-disabled={slug ? undefined : 'true'}
        onClick={() => void share()}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M18 16a3 3 0 0 0-2.2 1l-7-4a3 3 0 0 0 0-2l7-4A3 3 0 1 0 15 5l-7 4a3 3 0 1 0 0 6l7 4a3 3 0 1 0 3-3z"
            fill="currentColor"
          />
        </svg>
      </button>
      {/* A live region, not role=status: the player's own status stays the one status it has. */}
      <p className="player-share-status" aria-live="polite">
        {outcome?.kind === 'copied' ? labels.shareCopied : null}
        {outcome?.kind === 'failed' ? (
          <>
            {labels.shareFailed}: <span className="player-share-link">{outcome.url}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}
