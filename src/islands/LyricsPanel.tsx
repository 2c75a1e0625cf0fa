/**
 * The player's lyrics: a button, shown only when the current track has lyrics, that opens them
 * in a dialog (the site's Modal: focus trapped, Escape closes, focus back on the button), with
 * a choice of version when the track has translations, the page's language first.
 */
import { useEffect, useState } from 'react';
import { langFromTag } from '../lib/languages.ts';
import { languageName, lyricsUrlOf, lyricsVersions, stanzas, type LyricsVersion } from '../lib/lyrics-versions.ts';
import type { PlayerLabels } from '../lib/player-labels.ts';
import { displayTitle } from '../lib/player-logic.ts';
import { $lyricsIndex, $trackLyrics, loadLyricsIndex, loadTrackLyrics } from '../stores/lyrics.ts';
import { $openModal, closeModal, openModal } from '../stores/modals.ts';
import Modal from './Modal.tsx';
import ButtonSlot from './ButtonSlot.tsx';
import { useSharedStore } from './useSharedStore.ts';
import './lyrics-panel.css';

interface LyricsPanelProps {
  /** `/lyrics.<version>.json` (src/data/track-texts.ts). */
  indexUrl: string;
  labels: PlayerLabels;
  playlist: string | null;
  /** The current track's title, as the player has it. */
  title: string | undefined;
}

const MODAL_ID = 'lyrics-dialog';

export default function LyricsPanel({ indexUrl, labels, playlist, title }: LyricsPanelProps) {
  const index = useSharedStore($lyricsIndex);
  const loaded = useSharedStore($trackLyrics);
  const isOpen = useSharedStore($openModal) === MODAL_ID;
  const [choice, setChoice] = useState<LyricsVersion['id'] | null>(null);
  const url = index && playlist && title ? lyricsUrlOf(index, playlist, title) : undefined;

  useEffect(() => {
    if (title) void loadLyricsIndex(indexUrl);
  }, [indexUrl, title]);

  // The track changed under the open panel: its lyrics follow, or the panel closes.
  useEffect(() => {
    if (!isOpen) return;
    if (url) void loadTrackLyrics(url);
    else closeModal(MODAL_ID);
  }, [isOpen, url]);

  if (!url) return <ButtonSlot />;
  const htmlLang = document.documentElement.lang;
  const lyrics = loaded?.url === url ? loaded : null;
  const versions = lyrics?.lyrics ? lyricsVersions(lyrics.lyrics, langFromTag(htmlLang)) : [];
  const shown = versions.find((version) => version.id === choice) ?? versions[0];
  const nameOf = (version: LyricsVersion) =>
    `${languageName(version.language, htmlLang)} (${version.id === 'original' ? labels.lyricsOriginal : labels.lyricsTranslation})`;

  return (
    <>
      <button
        type="button"
        className="player-button player-lyrics-button"
        aria-label={labels.lyrics}
        aria-haspopup="dialog"
        title={labels.lyrics}
        onClick={() => {
          void loadTrackLyrics(url);
          openModal(MODAL_ID);
        }}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 5h16v2H4zM4 10h16v2H4zM4 15h10v2H4zM17 14v6.5a2 2 0 1 1-1.5-1.94V14z" fill="currentColor" />
        </svg>
      </button>
      <Modal id={MODAL_ID} labelledBy={`${MODAL_ID}-title`} closeLabel={labels.lyricsClose} className="lyrics-modal">
        <h2 id={`${MODAL_ID}-title`} className="lyrics-title">
          {labels.lyrics}: {displayTitle(title ?? '')}
        </h2>
        {lyrics?.status === 'failed' ? (
          <p role="alert">{labels.lyricsError}</p>
        ) : !shown ? (
          <p role="status">{labels.lyricsLoading}</p>
        ) : (
          <>
            {versions.length > 1 ? (
              <fieldset className="lyrics-versions">
                <legend>{labels.lyricsVersion}</legend>
                {versions.map((version) => (
                  <label key={version.id}>
                    <input
                      type="radio"
                      name="lyrics-version"
                      value={version.id}
                      checked={version === shown}
                      onChange={() => setChoice(version.id)}
                    />
                    {nameOf(version)}
                  </label>
                ))}
              </fieldset>
            ) : (
              <p className="lyrics-version-name">{nameOf(shown)}</p>
            )}
            <div className="lyrics-text" lang={shown.language} data-version={shown.id}>
              {stanzas(shown.text).map((stanza, position) => (
                <p key={position}>{stanza}</p>
              ))}
            </div>
          </>
        )}
      </Modal>
    </>
  );
}
