/**
 * The embed page's player: its own small script, without the site's player store or React, so
 * the framed page stays light. It plays through the site's API like the main player (the
 * playlist query, the lightest rendition the browser can play) and reads its state back from
 * the `<audio>` element's events.
 */
import { API_BASE } from '../lib/api.ts';
import { pickSource } from '../lib/audio-source.ts';
import { embedLanguage } from '../lib/embeds.ts';
import { HTML_LANGS, type Lang } from '../lib/languages.ts';
import { formatTime } from '../lib/player-logic.ts';
import { fetchPlaylist, type PlaylistTrack } from '../lib/playlist-api.ts';
import { findTrackByTitle, titleKey } from '../lib/track-titles.ts';

type Texts = Record<
  'region' | 'play' | 'pause' | 'progress' | 'tracks' | 'openOnSite' | 'newTab' | 'unavailable',
  string
>;

/** The range input's resolution: a thousandth of the track. */
const SEEK_STEPS = 1000;

const root = document.querySelector<HTMLElement>('[data-embed]');
const textsElement = document.getElementById('embed-texts');
if (root && textsElement) start(root, JSON.parse(textsElement.textContent) as Record<Lang, Texts>);

function start(root: HTMLElement, allTexts: Record<Lang, Texts>): void {
  const lang = embedLanguage(location.search, navigator.languages);
  const texts = allTexts[lang];
  const play = root.querySelector<HTMLButtonElement>('.embed-play');
  const seek = root.querySelector<HTMLInputElement>('.embed-seek');
  const time = root.querySelector<HTMLElement>('.embed-time');
  const status = root.querySelector<HTMLElement>('.embed-status');
  const open = root.querySelector<HTMLAnchorElement>('.embed-open');
  const list = root.querySelector<HTMLElement>('.embed-tracks');
  const trackButtons = [...root.querySelectorAll<HTMLButtonElement>('.embed-tracks button')];
  if (!play || !seek || !time || !status) return;

  document.documentElement.lang = HTML_LANGS[lang];
  root.setAttribute('aria-label', texts.region);
  seek.setAttribute('aria-label', texts.progress);
  list?.setAttribute('aria-label', texts.tracks);
  for (const element of root.querySelectorAll<HTMLElement>('[data-text]')) {
    const key = element.dataset['text'] as keyof Texts | undefined;
    if (key && texts[key]) element.textContent = texts[key];
  }
  if (open) {
    open.href = (root.dataset['page'] ?? '').replace('{lang}', lang);
    open.setAttribute('aria-label', `${texts.openOnSite} ${texts.newTab}`);
  }

  const audio = new Audio();
  audio.preload = 'none';
  let tracks: PlaylistTrack[] = [];
  let current = -1;

  const showState = () => {
    const playing = !audio.paused;
    play.dataset['state'] = playing ? 'playing' : 'paused';
    play.setAttribute('aria-label', playing ? texts.pause : texts.play);
  };
  const showTime = () => {
    const duration = audio.duration;
    const known = Number.isFinite(duration) && duration > 0;
    seek.value = known ? String(Math.round((audio.currentTime / duration) * SEEK_STEPS)) : '0';
    seek.setAttribute('aria-valuetext', known ? `${formatTime(audio.currentTime)} / ${formatTime(duration)}` : '0:00');
    time.textContent = formatTime(audio.currentTime);
  };
  const load = (index: number) => {
    const track = tracks[index];
    if (!track) return;
    current = index;
    audio.src = pickSource(track, (type) => audio.canPlayType(type));
    const playing = titleKey(track.title);
    for (const button of trackButtons)
      button.setAttribute('aria-current', String(titleKey(button.dataset['title'] ?? '') === playing));
  };
  const playFrom = (index: number) => {
    load(index);
    audio.play().catch(() => undefined);
  };

  showState();
  audio.addEventListener('play', showState);
  audio.addEventListener('pause', showState);
  audio.addEventListener('timeupdate', showTime);
  audio.addEventListener('durationchange', showTime);
  audio.addEventListener('ended', () => {
    if (current + 1 < tracks.length) playFrom(current + 1);
  });
  audio.addEventListener('error', () => {
    status.textContent = texts.unavailable;
  });

  play.addEventListener('click', () => {
    if (current === -1) playFrom(0);
    else if (audio.paused) audio.play().catch(() => undefined);
    else audio.pause();
  });
  seek.addEventListener('input', () => {
    const duration = audio.duration;
    if (Number.isFinite(duration) && duration > 0) audio.currentTime = (Number(seek.value) / SEEK_STEPS) * duration;
  });
  for (const button of trackButtons) {
    button.addEventListener('click', () => {
      const index = findTrackByTitle(tracks, button.dataset['title'] ?? '');
      if (index !== -1) playFrom(index);
    });
  }

  fetchPlaylist(root.dataset['playlist'] ?? '', API_BASE)
    .then((playlist) => {
      const only = root.dataset['onlyTrack'];
      const index = only ? findTrackByTitle(playlist, only) : -1;
      tracks = only ? (index === -1 ? [] : [playlist[index] as PlaylistTrack]) : playlist;
      if (tracks.length === 0) {
        status.textContent = texts.unavailable;
        return;
      }
      play.disabled = false;
      seek.disabled = false;
      for (const button of trackButtons)
        button.disabled = findTrackByTitle(tracks, button.dataset['title'] ?? '') === -1;
    })
    .catch(() => {
      status.textContent = texts.unavailable;
    });
}
