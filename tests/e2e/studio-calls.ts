/**
 * A call to the studio's API made by the studio's own page, as its code makes them: from inside
 * the page, whose `fetch` carries the session's request token. A test that peeks at the API's
 * state asks this way; a request from outside the page (Playwright's own) has no token.
 */
import type { Page } from 'playwright-core';

export interface PageAnswer {
  status: number;
  body: string;
}

/** `fetch(path, { method, body })` run in the studio's page, its answer read as text. */
export function callFromStudioPage(page: Page, path: string, method = 'GET', body?: unknown): Promise<PageAnswer> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const response = await fetch(path, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return { status: response.status, body: await response.text() };
    },
    { path, method, body },
  );
}

/** A GET of the studio's API from its page, as JSON. */
export async function getFromStudioPage<T>(page: Page, path: string): Promise<T> {
  return JSON.parse((await callFromStudioPage(page, path)).body) as T;
}
