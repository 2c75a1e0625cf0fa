/**
 * An island's props, fetched from the file the build moved them to (src/integrations/island-props.ts)
 * and handed to the island as Astro's `props` attribute, which its hydration reads. The islands'
 * directives wait for them before loading the island's code; a page change fetches those of the
 * next page before it swaps, so a carried-over island gets its new props as Astro hands them.
 */

import type { ClientDirective } from 'astro';

/** The attribute the build writes in place of `props`: the URL of the file holding them. */
export const PROPS_FILE_ATTRIBUTE = 'data-props';

/** Tries before an island gives up (it stays as the HTML drew it), and the pause between them. */
const ATTEMPTS = 3;
const RETRY_MS = 1000;

/** One fetch per file, shared by the islands (and pages) whose props are the same. */
const files = new Map<string, Promise<string>>();

async function fetchText(url: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    // No answer at all (the phone lost its network) is worth asking again, as a server error is.
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return response.text();
    // A file that is not there will not come by asking again.
    if (attempt >= ATTEMPTS || (response !== null && response.status < 500)) {
      throw new Error(`${url}: ${response === null ? 'no answer' : String(response.status)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * attempt));
  }
}

function propsFile(url: string): Promise<string> {
  let file = files.get(url);
  if (!file) {
    file = fetchText(url);
    // A file that could not come is asked for again by the next island that needs it.
    file.catch(() => files.delete(url));
    files.set(url, file);
  }
  return file;
}

/** Resolves once `island` carries its props (at once when the page held them). */
export async function islandProps(island: Element): Promise<void> {
  const url = island.getAttribute(PROPS_FILE_ATTRIBUTE);
  if (url === null || island.hasAttribute('props')) return;
  const props = await propsFile(url);
  if (!island.hasAttribute('props')) island.setAttribute('props', props);
}

/**
 * What both of the site's directives do once their moment has come: the island's props, then
 * its code, then its hydration. A file that cannot come leaves the island as the HTML drew it.
 */
export function hydrateWithProps(island: Element, load: Parameters<ClientDirective>[0]): void {
  void islandProps(island)
    .then(() => load())
    .then((hydrate) => hydrate());
}
