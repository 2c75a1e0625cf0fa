/**
 * Debian's Chromium as the tests and the benchmark launch it. No tool can download a browser
 * here, so the system one is used: CHROME_PATH, else /usr/bin/chromium.
 */
export const CHROME_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

/** Flags that keep Chromium from reaching for the network, which is closed here. */
export const OFFLINE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** As on a visitor's browser: audio may only start from a real gesture. */
export const GESTURE_AUTOPLAY_FLAG = '--autoplay-policy=user-gesture-required';
