/**
 * What the journeys check of every modal dialog, in each engine alike: Tab keeps the focus in
 * it, and Escape closes it and gives the focus back to what opened it.
 */
import { expect } from 'vitest';
import type { EnginePage } from '../../../perf/harness/browsers/driver.ts';
import { waitFor } from './queries.ts';

/**
 * Presses Tab `tabs` times in the open dialog: the focus stays in it each time. Past the
 * dialog's last control the focus may go to the browser's own controls (the page's body).
 */
export async function expectTabsStayInDialog(opened: EnginePage, tabs: number): Promise<void> {
  for (let tab = 1; tab <= tabs; tab++) {
    await opened.press('Tab');
    const outside = await opened.evaluate(() => {
      const active = document.activeElement;
      const inside =
        active === null || active === document.body || document.querySelector('dialog[open]')?.contains(active);
      return inside ? null : active.outerHTML.slice(0, 80);
    });
    expect(outside, `the focus after Tab ${tab}`).toBeNull();
  }
}

/** Presses Escape: the dialog closes and the focus returns to `opener` (a selector), `named` so in the wait. */
export async function escapeReturnsFocus(opened: EnginePage, opener: string, named: string): Promise<void> {
  await opened.press('Escape');
  await waitFor(`the dialog to close and the focus to return to ${named}`, () =>
    opened.evaluate(
      (selector: string) =>
        !document.querySelector('dialog[open]') && document.activeElement === document.querySelector(selector),
      opener,
    ),
  );
}
