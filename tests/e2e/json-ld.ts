/** The structured data a page carries, as the tests of the release and track pages read it. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Every JSON-LD document of the page, in order. */
export async function jsonLdDocuments(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.$$eval('script[type="application/ld+json"]', (scripts) =>
    scripts.map((script) => script.textContent),
  );
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** The JSON-LD of a page about one thing (a release, a track), which must be the Person, then that thing's. */
export async function personThenOwnJsonLd(page: Page) {
  const [person, own, ...rest] = await jsonLdDocuments(page);
  expect(rest).toEqual([]);
  expect(person).toMatchObject({ '@type': 'Person' });
  return { person, own };
}
