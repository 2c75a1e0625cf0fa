/**
 * Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi, headless. Playwright's
 * BiDi Firefox cannot open a context in this Firefox, so Puppeteer drives it. It plays into a
 * private PulseAudio: with no sound device at all, Firefox fails every play.
 */
import { writeFile } from 'node:fs/promises';
import puppeteer from 'puppeteer-core';
import { drainErrors, hookErrors, type Engine, type EnginePage, type Key, type Viewport } from './driver.ts';
import { requireProgram, startPulseAudio } from './helpers.ts';

const FIREFOX_PATH = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';

export async function launchFirefox(): Promise<Engine> {
  requireProgram(FIREFOX_PATH, 'firefox-esr', 'Firefox ESR');
  const pulse = await startPulseAudio();
  const browser = await puppeteer
    .launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: FIREFOX_PATH,
      headless: true,
      env: { ...process.env, PULSE_SERVER: pulse.server },
      extraPrefsFirefox: {
        // The network here reaches no outside host: no update, telemetry or safe-browsing calls.
        'app.update.enabled': false,
        'browser.safebrowsing.malware.enabled': false,
        'browser.safebrowsing.phishing.enabled': false,
        'datareporting.policy.dataSubmissionEnabled': false,
        'network.captive-portal-service.enabled': false,
        'network.connectivity-service.enabled': false,
      },
    })
    .catch(async (error: unknown) => {
      await pulse.stop();
      throw error;
    });
  return {
    name: 'firefox',
    async newPage(viewport: Viewport): Promise<EnginePage> {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(viewport);
      await page.evaluateOnNewDocument(hookErrors);
      return {
        async goto(url) {
          await page.goto(url, { waitUntil: 'load' });
        },
        // Puppeteer types arguments as element handles may be; the journeys pass JSON values only.
        evaluate: (fn, ...args) => page.evaluate(fn as (...values: unknown[]) => unknown, ...args) as never,
        async runScript(source) {
          await page.evaluate(source);
        },
        async click(selector) {
          await page.locator(selector).click();
        },
        async hover(selector) {
          await page.locator(selector).hover();
        },
        async movePointer(x, y) {
          await page.mouse.move(x, y);
        },
        async screenshot(path, fullPage) {
          await writeFile(path, await page.screenshot({ fullPage }));
        },
        async type(selector, text) {
          await page.type(selector, text);
        },
        async press(key: Key) {
          // Puppeteer names the space bar by its character.
          await page.keyboard.press(key === 'Space' ? ' ' : key);
        },
        async beforeScripts(fn) {
          await page.evaluateOnNewDocument(fn);
        },
        async setCookie(origin, { name, value, path }) {
          const domain = new URL(origin).hostname;
          await context.setCookie({ name, value, path, domain, httpOnly: true, sameSite: 'Strict' });
        },
        async takeErrors() {
          return (await page.evaluate(drainErrors)) ?? ['the error hook is missing from the page'];
        },
        close: () => context.close(),
      };
    },
    async close() {
      await browser.close();
      await pulse.stop();
    },
  };
}
