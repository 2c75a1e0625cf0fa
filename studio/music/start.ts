/**
 * The studio's music page: the playlists and their tracks, new playlists, the order, the
 * trash and the uploads. It draws the server's listing, and draws it again whenever the
 * server's event stream says something changed (a file added, a rendition made).
 */
import { MUSIC_ROUTES, type MusicAnswer } from '../../src/lib/studio-music.ts';
import type { StartSection } from '../section.ts';
import { fill } from '../texts.ts';
import { h } from '../dom.ts';
import { attachTrack, createPlaylist, loadMusic, removeTrack, restoreTrack, saveOrder, setTitle } from './music-api.ts';
import { MUSIC_TEXTS } from './texts.ts';
import { MusicView } from './view.ts';
import './music.css';
import { withRequestToken } from '../request-token.ts';

export const start: StartSection = async (root, { lang, texts: studioTexts, say, explain }) => {
  const texts = MUSIC_TEXTS[lang];
  root.replaceChildren(h('h1', {}, studioTexts.sections.music), h('p', {}, texts.loading));

  let music: MusicAnswer = await loadMusic();
  /** Fetches the listing again and draws it; a failure is told and the old one kept. */
  const refresh = async () => {
    try {
      music = await loadMusic();
      view.draw(music);
    } catch (error) {
      say(explain(error), 'error');
    }
  };
  /** Runs a change, tells its outcome, and draws the listing after it. */
  const change = async (action: () => Promise<string>) => {
    try {
      say(await action());
    } catch (error) {
      say(explain(error), 'error');
    }
    await refresh();
  };

  const view = new MusicView(
    { texts, studioTexts, say, maxBytes: music.maxUploadBytes, onDone: () => void refresh() },
    {
      move: (playlist, index, by) =>
        change(async () => {
          const files = playlist.tracks.map((track) => track.file);
          const [moved] = files.splice(index, 1);
          if (moved !== undefined) files.splice(index + by, 0, moved);
          await saveOrder(playlist.name, files);
          return texts.moved;
        }),
      remove: (playlist, track) =>
        change(async () => {
          await removeTrack(playlist, track.file);
          return fill(texts.removed, { name: track.file });
        }),
      restore: (entry) =>
        change(async () => {
          const { restored } = await restoreTrack(entry.id);
          return fill(texts.restored, { name: restored.file, playlist: restored.playlist });
        }),
      title: (playlist, track, title) =>
        change(async () => {
          const saved = await setTitle(playlist, track.file, title);
          return fill(texts.titleSaved, { title: saved.title });
        }),
      attach: (playlist, track, release) =>
        change(async () => {
          const saved = await attachTrack(playlist, track.file, release.slug);
          return fill(texts.attached, { title: saved.title, release: release.title });
        }),
    },
    lang,
  );

  const nameInput = h('input', {
    id: 'new-playlist',
    type: 'text',
    required: '',
    maxlength: '120',
    autocomplete: 'off',
  });
  const form = h(
    'form',
    { class: 'new-playlist' },
    h('label', { for: 'new-playlist' }, texts.newPlaylistLabel),
    nameInput,
    h('button', { type: 'submit' }, texts.create),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = nameInput.value;
    void change(async () => {
      const made = await createPlaylist(name);
      nameInput.value = '';
      return fill(texts.created, { name: made.name });
    });
  });

  root.replaceChildren(
    h('h1', {}, studioTexts.sections.music),
    h('p', { class: 'intro' }, texts.intro),
    h('section', { class: 'new-playlist-section', 'aria-label': texts.newPlaylist }, form),
    view.element,
  );
  view.draw(music);

  // The server tells when anything changed; the browser reconnects by itself when it drops.
  const events = new EventSource(withRequestToken(MUSIC_ROUTES.events));
  events.addEventListener('change', () => void refresh());
};
