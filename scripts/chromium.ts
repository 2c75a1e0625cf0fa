import { existsSync } from 'node:fs';

/**
 * Debian's Chromium as the benchmark and the screenshots launch it. No tool can download a
 * browser here, so the system one is used: CHROME_PATH, else /usr/bin/chromium.
 */
export const CHROME_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

/** Debian's `chromium-headless-shell`: Chromium's engine without the browser around its pages. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the tests launch: the headless shell where it is installed, as Playwright itself
 * runs headless Chromium. Its pages are the same Blink, without a browser window each, so a new
 * page costs a third of the processor time and the whole suite a minute and a half less.
 * CHROME_PATH chooses another; without the shell, the full Chromium runs the same tests.
 */
export const TEST_CHROME_PATH =
  process.env['CHROME_PATH'] ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROME_PATH);

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

/**
 * The features Playwright turns off, and the address bar's web-UI popups. Each Playwright
 * context opens a window of its own, and each window would start a renderer for those popups,
 * which no test sees: about three quarters of the processor time a new page costs. Chromium
 * honours only the last `--disable-features`, so the list repeats Playwright's own
 * (tests/unit/project/chromium-flags.test.ts tells when Playwright's list changes).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIReloadButton',
];

/** The flags of a Chromium that Playwright launches: offline, and no window chrome it does not need. */
export const PLAYWRIGHT_FLAGS = [...OFFLINE_FLAGS, `--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`];
