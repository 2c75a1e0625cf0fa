/**
 * Sends the page's counts (numbers-events.ts) to the server: queued, and sent together when the
 * page is hidden or a few are waiting, with `sendBeacon` (a `keepalive` fetch where it is
 * missing) as `text/plain`, which needs no CORS preflight from a CDN's origin. Nothing is kept
 * on the device and nothing names the visitor; a browser asking not to be tracked (Global
 * Privacy Control, Do Not Track) sends nothing at all.
 */
import { API_BASE } from './api.ts';
import { EVENTS_PATH, MAX_EVENTS_PER_REQUEST, type PageEvent } from './numbers-events.ts';

/** Sent at once when this many are waiting, so a long visit never holds many. */
const SEND_AT = 5;

const queue: PageEvent[] = [];
let listening = false;

interface PrivacySignals {
  globalPrivacyControl?: boolean;
  doNotTrack?: string | null;
}

/** False when the browser asks sites not to track its user: then nothing is counted. */
export function countingAllowed(signals: PrivacySignals): boolean {
  return signals.globalPrivacyControl !== true && signals.doNotTrack !== '1';
}

/** Sends what is waiting, in requests of at most MAX_EVENTS_PER_REQUEST events. */
export function sendEvents(): void {
  const url = `${API_BASE}${EVENTS_PATH}`;
  while (queue.length > 0) {
    const body = JSON.stringify(queue.splice(0, MAX_EVENTS_PER_REQUEST));
    if ('sendBeacon' in navigator && navigator.sendBeacon(url, body)) continue;
    void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => undefined);
  }
}

/** Queues an event (or drops it, when the browser asks not to be tracked). */
export function countEvent(event: PageEvent): void {
  if (!countingAllowed(navigator)) return;
  queue.push(event);
  if (!listening) {
    listening = true;
    addEventListener('pagehide', sendEvents);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') sendEvents();
    });
  }
  if (queue.length >= SEND_AT) sendEvents();
}
