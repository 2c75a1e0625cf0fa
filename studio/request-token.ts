/**
 * The session's request token (STUDIO_REQUEST_TOKEN), which every call of the studio's page to
 * its API carries: the server refuses a call without it, so another page of the same origin
 * cannot act in the studio with the artist's cookie. The page gets it in its HTML (once signed
 * in, the page is loaded again for it); every `fetch` of the page to the API (the editor's
 * among them) and the calls that cannot set a header carry it.
 */
import { STUDIO_API_PREFIX, STUDIO_REQUEST_TOKEN } from '../src/lib/studio-auth.ts';

const token: string | null =
  document.querySelector<HTMLMetaElement>(`meta[name="${STUDIO_REQUEST_TOKEN.meta}"]`)?.content ?? null;

/** True when the page was written for a signed-in session (its token in the HTML). */
export function hasRequestToken(): boolean {
  return token !== null;
}

/** The headers that carry the token, for a client that makes its own requests (tus). */
export function requestTokenHeaders(): Record<string, string> {
  return token ? { [STUDIO_REQUEST_TOKEN.header]: token } : {};
}

/** An API address with the token in its query, for an EventSource or a download link. */
export function withRequestToken(path: string): string {
  const url = new URL(path, location.origin);
  if (token) url.searchParams.set(STUDIO_REQUEST_TOKEN.param, token);
  return `${url.pathname}${url.search}`;
}

function isStudioApi(input: RequestInfo | URL): boolean {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  return url.origin === location.origin && url.pathname.startsWith(STUDIO_API_PREFIX);
}

/** Makes every `fetch` of this page to the studio's API carry the token. */
export function sendRequestTokenWithFetch(): void {
  const fetchAsBefore = window.fetch.bind(window);
  window.fetch = (input, init) => {
    if (!token || !isStudioApi(input)) return fetchAsBefore(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(STUDIO_REQUEST_TOKEN.header, token);
    return fetchAsBefore(input, { ...init, headers });
  };
}
