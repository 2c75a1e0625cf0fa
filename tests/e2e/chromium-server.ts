/**
 * Debian's Chromium, launched once by the end-to-end setup for the whole run: every test file
 * connects to it and works in contexts of its own, rather than starting a browser each. A test
 * tool cannot download a browser here, so the system one is used: CHROME_PATH, else
 * /usr/bin/chromium.
 */
import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROME_PATH, GESTURE_AUTOPLAY_FLAG, PLAYWRIGHT_FLAGS } from '../../scripts/chromium.ts';

export function launchChromiumServer(): Promise<BrowserServer> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROME_PATH}. Install it with ` +
        '`sudo apt-get update && sudo apt-get install -y chromium`, or set CHROME_PATH.',
    );
  }
  return chromium.launchServer({ executablePath: CHROME_PATH, args: [...PLAYWRIGHT_FLAGS, GESTURE_AUTOPLAY_FLAG] });
}
