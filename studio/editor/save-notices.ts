/**
 * What the server says about a save beyond its success (a video's picture it could not fetch):
 * Decap reads nothing of a save's answer, so the editor reads the content API's answers to
 * `persistEntry` itself and passes their notice on as an event the studio's bar shows.
 */
import { CONTENT_API } from './cms-names.ts';

/** Sent with the notice's text (in the editor's language, as the server wrote it). */
export const SAVE_NOTICE_EVENT = 'studio:save-notice';

/** True for a call that saves an entry through the content API. */
function isEntrySave(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  if (url.origin !== location.origin || url.pathname !== CONTENT_API || typeof init?.body !== 'string') return false;
  try {
    return (JSON.parse(init.body) as { action?: unknown } | null)?.action === 'persistEntry';
  } catch {
    return false;
  }
}

/** Makes every entry save's notice an event on the window. */
export function watchSaveNotices(): void {
  const fetchAsBefore = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await fetchAsBefore(input, init);
    if (response.ok && isEntrySave(input, init)) {
      void response
        .clone()
        .json()
        .then((body: unknown) => {
          const notice = (body as { notice?: unknown } | null)?.notice;
          if (typeof notice === 'string') dispatchEvent(new CustomEvent(SAVE_NOTICE_EVENT, { detail: notice }));
        })
        .catch(() => undefined);
    }
    return response;
  };
}
