/**
 * Finding elements as a visitor names them, the same way in every engine: by role and
 * accessible name, computed in the page (simplified: aria-label, aria-labelledby, text).
 */
import type { EnginePage } from '../../../perf/harness/browsers/driver.ts';

export type Role = 'button' | 'link' | 'dialog';

const ROLE_SELECTORS: Record<Role, string> = {
  button: 'button, [role="button"]',
  link: 'a[href], [role="link"]',
  dialog: 'dialog, [role="dialog"]',
};

/**
 * Marks the first visible element of `role` whose name starts with `name` (or equals it when
 * `exact`) inside `within`, and returns a CSS selector for it; null when there is none.
 */
function markByRole(selector: string, name: string, exact: boolean, within: string): string | null {
  const textOf = (node: Element) => node.textContent.replace(/\s+/g, ' ').trim();
  const nameOf = (node: Element) => {
    const label = node.getAttribute('aria-label');
    if (label) return label.trim();
    const labelledBy = node.getAttribute('aria-labelledby');
    if (labelledBy) {
      return labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id))
        .map((labelNode) => (labelNode ? textOf(labelNode) : ''))
        .join(' ');
    }
    return textOf(node);
  };
  const root = document.querySelector(within);
  const found = [...(root?.querySelectorAll(selector) ?? [])].find((node) => {
    const accessible = nameOf(node);
    return (exact ? accessible === name : accessible.startsWith(name)) && node.checkVisibility();
  });
  if (!found) return null;
  const mark = String(Math.random()).slice(2);
  found.setAttribute('data-e2e', mark);
  return `[data-e2e="${mark}"]`;
}

/** A CSS selector for the element of `role` named `name`; fails when there is none. */
export async function byRole(
  page: EnginePage,
  role: Role,
  name: string,
  { exact = false, within = 'html' }: { exact?: boolean; within?: string } = {},
): Promise<string> {
  const selector = await page.evaluate(markByRole, ROLE_SELECTORS[role], name, exact, within);
  if (!selector) throw new Error(`No visible ${role} named “${name}” in ${within}`);
  return selector;
}

/**
 * Waits until `check` (which may read the page) gives something truthy, and returns it; fails
 * after `timeoutMs` with the last value it gave. The functions a page runs must be
 * self-contained (no imports): this lets a check combine several of them.
 */
export async function waitFor<Result>(
  what: string,
  check: () => Promise<Result>,
  timeoutMs = 10_000,
): Promise<NonNullable<Result>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = await check();
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
