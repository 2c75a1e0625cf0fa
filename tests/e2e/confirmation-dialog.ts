/**
 * The studio's confirmation dialogs as a person with a keyboard alone meets them: opened with
 * Enter, holding the focus however far one tabs, and cancelled with Escape.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Opens `dialog` with Enter on `trigger`, runs `whileOpen`, then cancels it with Escape: the
 * focus is expected inside it while it is open and back on `trigger` once it has gone.
 */
export async function openAndCancel(
  page: Page,
  trigger: Locator,
  dialog: Locator,
  whileOpen: () => Promise<void>,
): Promise<void> {
  const holdsFocus = () => dialog.evaluate((element) => element.contains(document.activeElement));
  await trigger.focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  expect(await holdsFocus()).toBe(true);
  await whileOpen();
  // The focus stays in the dialog, however far the person tabs.
  for (let n = 0; n < 4; n += 1) await page.keyboard.press('Tab');
  expect(await holdsFocus()).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
}
