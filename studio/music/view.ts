/**
 * Draws the music page from the server's listing: each playlist with its tracks in order
 * (state, length, loudness, waveform, move up/down, remove), its upload control, and the
 * trash. Drawn again whenever the listing changes; the focused control keeps its focus, and
 * the uploads in progress keep their rows.
 */
import type {
  MusicAnswer,
  PlaylistListing,
  ReleasePlays,
  StudioTrack,
  TrashedTrack,
} from '../../src/lib/studio-music.ts';
import { fill } from '../texts.ts';
import { button, h } from '../dom.ts';
import { sendFile, type UploadContext } from './uploads.ts';
import { waveformSvg } from './waveform.ts';

export interface MusicActions {
  move: (playlist: PlaylistListing<StudioTrack>, index: number, by: -1 | 1) => Promise<void>;
  remove: (playlist: string, track: StudioTrack) => Promise<void>;
  restore: (entry: TrashedTrack) => Promise<void>;
  /** Gives the track the title visitors see (empty: back to its file's). */
  title: (playlist: string, track: StudioTrack, title: string) => Promise<void>;
  attach: (playlist: string, track: StudioTrack, release: ReleasePlays) => Promise<void>;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;
const lufs = (value: number) => `${value.toFixed(1).replace('-', '−')} LUFS`;
const size = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** A labelled field and the button that sends it, disabled while `send` works. */
function inlineForm(
  className: string,
  id: string,
  label: string,
  field: HTMLElement,
  buttonText: string,
  send: () => Promise<void>,
): HTMLFormElement {
  const submit = h('button', { type: 'submit', class: 'secondary', 'data-key': `submit-${id}` }, buttonText);
  const form = h('form', { class: className }, h('label', { for: id }, label), field, submit);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit.disabled = true;
    void send().finally(() => (submit.disabled = false));
  });
  return form;
}

export class MusicView {
  readonly element = h('div', { class: 'music-lists' });
  /** Each playlist's list of uploads, kept across redraws. */
  private readonly uploadLists = new Map<string, HTMLElement>();
  private readonly context: UploadContext;
  private readonly actions: MusicActions;
  private readonly lang: string;
  /** The releases of the listing being drawn. */
  private releases: ReleasePlays[] = [];

  constructor(context: UploadContext, actions: MusicActions, lang: string) {
    this.context = context;
    this.actions = actions;
    this.lang = lang;
    this.element.addEventListener('focusin', (event) => {
      this.lastFocused = (event.target as HTMLElement).dataset['key'];
    });
  }

  /** The control that had the focus last: a pressed button, disabled while it works, loses it. */
  private lastFocused: string | undefined;

  draw(music: MusicAnswer): void {
    const active = document.activeElement;
    const focused =
      active === document.body || active === null ? this.lastFocused : (active as HTMLElement).dataset['key'];
    this.releases = music.releases;
    // A title being typed survives the redraws that renditions and uploads cause.
    const typing = active instanceof HTMLInputElement && active.type === 'text' ? active.value : null;
    this.element.replaceChildren(
      ...music.playlists.map((playlist, index) => this.playlist(playlist, index)),
      this.trash(music),
    );
    if (!focused) return;
    const again = [...this.element.querySelectorAll<HTMLElement>('[data-key]')].find(
      (candidate) => candidate.dataset['key'] === focused,
    );
    // A button that can no longer be used (moved to the top) hands its focus to its neighbour.
    const target =
      again instanceof HTMLButtonElement && again.disabled
        ? again.parentElement?.querySelector<HTMLElement>('button:not(:disabled)')
        : again;
    if (typing !== null && target instanceof HTMLInputElement) target.value = typing;
    target?.focus();
  }

  private playlist(playlist: PlaylistListing<StudioTrack>, index: number): HTMLElement {
    const { texts } = this.context;
    const headingId = `playlist-${index}`;
    const tracks = h('ol', { class: 'tracks', 'aria-label': fill(texts.tracksOf, { name: playlist.name }) });
    playlist.tracks.forEach((track, position) => tracks.append(this.track(playlist, track, position)));
    const body = playlist.tracks.length > 0 ? tracks : h('p', { class: 'empty' }, texts.empty);
    return h(
      'section',
      { class: 'playlist', 'aria-labelledby': headingId },
      h('h2', { id: headingId }, playlist.name),
      this.releasesOf(playlist),
      body,
      this.uploadControl(playlist.name, index),
    );
  }

  private track(playlist: PlaylistListing<StudioTrack>, track: StudioTrack, position: number): HTMLElement {
    const { texts } = this.context;
    // The buttons name the song as the list shows it; two songs of one title, by their files too.
    const shared = playlist.tracks.filter((other) => other.title === track.title).length > 1;
    const name = shared ? `${track.title} (${track.file})` : track.title;
    const key = `${playlist.name}/${track.file}`;
    const state = h('span', { class: 'state', 'data-state': track.status }, texts[track.status]);
    const facts = h(
      'p',
      { class: 'facts' },
      `${clock(track.duration)} · ${track.format} ${size(track.size)} · `,
      state,
    );
    const loudness = track.loudness
      ? fill(texts.loudness, {
          before: lufs(track.loudness.before.integrated),
          after: lufs(track.loudness.after.integrated),
        })
      : texts.notMeasured;
    const details = [facts, h('p', { class: 'loudness' }, loudness)];
    if (track.failure) details.push(h('p', { class: 'failure' }, fill(texts.failedWhy, { reason: track.failure })));
    const wave = track.waveform
      ? waveformSvg(track.waveform)
      : h('div', { class: 'waveform pending' }, texts.waveformPending);

    const up = button(
      '↑',
      { class: 'secondary', 'aria-label': fill(texts.moveUp, { name }), 'data-key': `up:${key}` },
      () => this.actions.move(playlist, position, -1),
    );
    const down = button(
      '↓',
      { class: 'secondary', 'aria-label': fill(texts.moveDown, { name }), 'data-key': `down:${key}` },
      () => this.actions.move(playlist, position, 1),
    );
    up.disabled = position === 0;
    down.disabled = position === playlist.tracks.length - 1;
    // The visible words first in the accessible name, so a voice command saying them works.
    const remove = button(
      texts.remove,
      { class: 'secondary', 'aria-label': `${texts.remove}: ${name}`, 'data-key': `remove:${key}` },
      () => this.actions.remove(playlist.name, track),
    );
    return h(
      'li',
      { class: 'track', 'data-status': track.status },
      h('h3', { class: 'track-name' }, track.title),
      h('p', { class: 'file-name' }, fill(texts.fileDetail, { file: track.file })),
      this.titleForm(playlist.name, track, key),
      this.releaseForm(playlist.name, track, key),
      ...details,
      wave,
      h('div', { class: 'track-actions' }, up, down, remove),
    );
  }

  /** What the button of each release that plays this playlist plays, by the tracks' titles. */
  private releasesOf(playlist: PlaylistListing<StudioTrack>): HTMLElement | string {
    const { texts } = this.context;
    const titleOf = (file: string) => playlist.tracks.find((track) => track.file === file)?.title ?? file;
    const items = this.releases
      .filter((release) => release.playlist === playlist.name)
      .map((release) => {
        const values = {
          release: release.title,
          kind: release.kind,
          tracks: release.plays.map((file) => `“${titleOf(file)}”`).join(', '),
        };
        const text =
          release.plays.length === 0
            ? texts.buttonPlaysNothing
            : release.found
              ? texts.buttonPlays
              : texts.buttonPlaysOther;
        return h('li', { 'data-release': release.slug, 'data-found': String(release.found) }, fill(text, values));
      });
    if (items.length === 0) return '';
    return h('div', { class: 'release-plays' }, h('h3', {}, texts.releasesOf), h('ul', {}, ...items));
  }

  private titleForm(playlist: string, track: StudioTrack, key: string): HTMLElement {
    const { texts } = this.context;
    const id = `title:${key}`;
    const input = h('input', {
      id,
      type: 'text',
      maxlength: '200',
      autocomplete: 'off',
      'data-key': id,
    });
    input.value = track.title;
    return inlineForm('track-title', id, texts.titleLabel, input, texts.saveTitle, () =>
      this.actions.title(playlist, track, input.value),
    );
  }

  private releaseForm(playlist: string, track: StudioTrack, key: string): HTMLElement {
    const { texts } = this.context;
    const id = `release:${key}`;
    const select = h('select', { id, 'data-key': id }, h('option', { value: '' }, texts.noRelease));
    for (const release of this.releases) {
      const option = h('option', { value: release.slug }, `${release.title} (${release.kind})`);
      if (release.playlist === playlist && release.plays.includes(track.file) && release.found) option.selected = true;
      select.append(option);
    }
    return inlineForm('track-release', id, texts.releaseLabel, select, texts.attach, async () => {
      const release = this.releases.find((one) => one.slug === select.value);
      if (release) await this.actions.attach(playlist, track, release);
    });
  }

  private uploadControl(playlist: string, index: number): HTMLElement {
    const { texts } = this.context;
    const inputId = `upload-input-${index}`;
    const input = h('input', {
      id: inputId,
      type: 'file',
      accept: 'audio/*,.wav,.flac,.mp3,.m4a,.aac,.ogg,.opus',
      multiple: '',
      class: 'visually-hidden',
      'data-key': `upload:${playlist}`,
    });
    const label = h('label', { for: inputId, class: 'upload-button' }, fill(texts.addFiles, { name: playlist }));
    const list =
      this.uploadLists.get(playlist) ??
      h('ul', { class: 'uploads', 'aria-label': fill(texts.uploadsOf, { name: playlist }) });
    this.uploadLists.set(playlist, list);
    input.addEventListener('change', () => {
      for (const file of input.files ?? []) sendFile(file, playlist, list, this.context);
      input.value = '';
    });
    return h('div', { class: 'upload-control' }, input, label, list);
  }

  private trash(music: MusicAnswer): HTMLElement {
    const { texts } = this.context;
    const date = new Intl.DateTimeFormat(this.lang, { dateStyle: 'medium' });
    const items = music.trash.map((entry) =>
      h(
        'li',
        { class: 'trashed' },
        h('span', { class: 'track-name' }, entry.file),
        h(
          'span',
          { class: 'from' },
          fill(texts.fromPlaylist, { playlist: entry.playlist, date: date.format(new Date(entry.removedAt)) }),
        ),
        button(
          fill(texts.restore, { name: entry.file }),
          { class: 'secondary', 'data-key': `restore:${entry.id}` },
          () => this.actions.restore(entry),
        ),
      ),
    );
    return h(
      'section',
      { class: 'trash', 'aria-labelledby': 'trash-heading' },
      h('h2', { id: 'trash-heading' }, texts.trash),
      h('p', {}, fill(texts.trashIntro, { days: String(music.trashDays) })),
      items.length > 0 ? h('ul', { class: 'trash-list' }, ...items) : h('p', { class: 'empty' }, texts.trashEmpty),
    );
  }
}
