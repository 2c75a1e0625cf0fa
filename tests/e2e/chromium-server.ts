/**
 * Debian's Chromium, launched once by the end-to-end setup for the whole run: every test file
 * connects to it and works in contexts of its own, rather than starting a browser each. A test
 * tool cannot download a browser here, so the system one is used: CHROME_PATH, else the
 * headless shell, else /usr/bin/chromium (scripts/chromium.ts).
 */
import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import { GESTURE_AUTOPLAY_FLAG, PLAYWRIGHT_FLAGS, TEST_CHROME_PATH } from '../../scripts/chromium.ts';

export function launchChromiumServer(): Promise<BrowserServer> {
  if (!existsSync(TEST_CHROME_PATH)) {
    throw new Error(
      `Chromium was not found at ${TEST_CHROME_PATH}. Install it with ` +
        '`sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell`, or set CHROME_PATH.',
    );
  }
  return chromium.launchServer({
    executablePath: TEST_CHROME_PATH,
    args: [...PLAYWRIGHT_FLAGS, GESTURE_AUTOPLAY_FLAG],
  });
}
