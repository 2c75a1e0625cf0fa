/**
 * The site's player plays through an `<audio>` element that is never in the document. These
 * in-page functions find it (by wrapping `play`, installed before the visitor's first click)
 * and read its state.
 */

interface ProbedWindow {
  __e2eAudio?: HTMLMediaElement | null;
  __e2ePlaying?: number;
  /** Set once by the test: it survives a page change only when the document is the same. */
  __e2eDocument?: string;
}

/** Remembers the media element the page plays, and counts its `playing` events. */
export function probePlayer(): void {
  const win = window as unknown as ProbedWindow;
  if (win.__e2eAudio !== undefined) return;
  win.__e2eAudio = null;
  win.__e2ePlaying = 0;
  // Wrapping the method the page calls, to find the element it plays; `this` is that element.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (win.__e2eAudio !== this) {
      win.__e2eAudio = this;
      this.addEventListener('playing', () => (win.__e2ePlaying = (win.__e2ePlaying ?? 0) + 1));
    }
    return play.call(this);
  };
}

export interface AudioState {
  currentSrc: string;
  currentTime: number;
  paused: boolean;
  duration: number;
  volume: number;
  playingEvents: number;
  /** What the track list marks as playing. */
  currentTrack: string;
  /** The document marker the test set, if this is still that document. */
  documentMark: string | null;
}

export function audioState(): AudioState | null {
  const win = window as unknown as ProbedWindow;
  const audio = win.__e2eAudio;
  if (!audio) return null;
  return {
    currentSrc: audio.currentSrc,
    currentTime: audio.currentTime,
    paused: audio.paused,
    duration: audio.duration,
    volume: audio.volume,
    playingEvents: win.__e2ePlaying ?? 0,
    currentTrack: document.querySelector('.player-track[aria-current="true"]')?.textContent.trim() ?? '',
    documentMark: win.__e2eDocument ?? null,
  };
}

/** Marks this document, to tell later whether a page change loaded a new one. */
export function markDocument(mark: string): void {
  (window as unknown as ProbedWindow).__e2eDocument = mark;
}

interface SessionWindow {
  __e2eHandlers?: Record<string, MediaSessionActionHandler>;
  __e2ePositions?: MediaPositionState[];
}

/**
 * Keeps the handlers the page gives the Media Session, and the positions it sets, so a test can
 * call them as the lock screen would. It wraps the methods: it sees what the page does after it
 * runs, all of it when it runs before the page's scripts.
 */
export function watchMediaSession(): void {
  if (!('mediaSession' in navigator)) return;
  const win = window as unknown as SessionWindow;
  win.__e2eHandlers = {};
  win.__e2ePositions = [];
  const session = MediaSession.prototype;
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const setHandler = session.setActionHandler;
  session.setActionHandler = function (this: MediaSession, action, handler) {
    if (handler && win.__e2eHandlers) win.__e2eHandlers[action] = handler;
    setHandler.call(this, action, handler);
  };
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const setPosition = session.setPositionState;
  session.setPositionState = function (this: MediaSession, state) {
    win.__e2ePositions?.push(state ?? {});
    setPosition.call(this, state);
  };
}

/** A lock screen's call: the action and what it gives with it. One argument, as every driver passes it. */
export interface MediaSessionCall {
  action: MediaSessionAction;
  details?: Partial<MediaSessionActionDetails>;
}

/**
 * Calls the page's handler for the action as the lock screen would; false when it has none.
 * WebKit calls the page's own handler itself (`callActionHandler`, its own method), where a
 * driver that runs scripts only after the page's could not watch the handler being set.
 */
export function callMediaSessionHandler({ action, details = {} }: MediaSessionCall): boolean {
  const handler = (window as unknown as SessionWindow).__e2eHandlers?.[action];
  if (handler) {
    handler({ action, ...details });
    return true;
  }
  const session = navigator.mediaSession as MediaSession & {
    callActionHandler?: (details: MediaSessionActionDetails) => void;
  };
  if (typeof session.callActionHandler !== 'function') return false;
  session.callActionHandler({ action, ...details });
  return true;
}

/** The positions the page set, in order. */
export function mediaSessionPositions(): MediaPositionState[] {
  return (window as unknown as SessionWindow).__e2ePositions ?? [];
}
