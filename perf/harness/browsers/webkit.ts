/**
 * Debian's WebKitGTK MiniBrowser driven by WebKitWebDriver (WebDriver classic). MiniBrowser has
 * no headless mode, so it runs on a private Xvfb display; a GTK stylesheet lets its toolbar
 * shrink, else the window stays at least 447 px wide and no phone fits. One browser session
 * serves every page in turn, its storage cleared between them: starting a MiniBrowser is slow
 * and, on a busy machine, now and then never finishes.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drainErrors, hookErrors, type Engine, type EnginePage, type Key, type Viewport } from './driver.ts';
import { freePort } from '../engines.ts';
import { requireProgram, startPulseAudio, startXvfb, stopChild, waitReady } from './helpers.ts';
import { WebDriverSession } from './webdriver.ts';

const DRIVER_PATH = '/usr/bin/WebKitWebDriver';
const MINIBROWSER_PATH = process.env['MINIBROWSER_PATH'] ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** A pointer's press and release, after a move: a click. */
const press = { type: 'pointerDown', button: 0 };
const release = { type: 'pointerUp', button: 0 };

/** WebDriver's codes for the keys the journeys press. */
const KEY_CODES: Record<Key, string> = {
  Escape: '\uE00C',
  Tab: '\uE004',
  Enter: '\uE007',
  Space: '\uE00D',
  ArrowLeft: '\uE012',
  ArrowRight: '\uE014',
  Home: '\uE011',
  End: '\uE010',
  // The player's shortcuts: a character is its own code.
  k: 'k',
  m: 'm',
  '?': '?',
};

/** Lets every GTK widget shrink, so the window can be as narrow as a phone. */
const SHRINKING_GTK_CSS = '* { min-width: 0; min-height: 0; padding: 0; margin: 0; }\n';

export async function launchWebKit(): Promise<Engine> {
  requireProgram(DRIVER_PATH, 'webkit2gtk-driver', 'WebKitWebDriver');
  requireProgram(MINIBROWSER_PATH, 'webkit2gtk-driver', 'MiniBrowser');
  const folder = mkdtempSync(join(tmpdir(), 'e2e-webkit-'));
  mkdirSync(join(folder, 'gtk-3.0'));
  writeFileSync(join(folder, 'gtk-3.0', 'gtk.css'), SHRINKING_GTK_CSS);
  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const helper of started.reverse()) await helper.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const xvfb = await startXvfb();
    started.push(xvfb);
    const pulse = await startPulseAudio();
    started.push(pulse);
    const port = await freePort();
    const driver = spawn(DRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], {
      env: { ...process.env, DISPLAY: xvfb.display, XDG_CONFIG_HOME: folder, PULSE_SERVER: pulse.server },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.push({ stop: () => stopChild(driver) });
    const driverUrl = `http://127.0.0.1:${port}`;
    await waitReady(driver, 'WebKitWebDriver', async () => {
      const status = await fetch(`${driverUrl}/status`).catch(() => undefined);
      return status?.ok ?? false;
    });
    let session: WebDriverSession | undefined;
    let pageOpen = false;
    /**
     * A session whose browser stopped answering (a command timed out) is ended and the next
     * page gets a new one, a first visit by construction: one hung web process must not fail
     * every page after it.
     */
    const dropSession = async () => {
      const hung = session;
      session = undefined;
      await hung?.send('DELETE', '').catch(() => {});
    };
    const timedOut = (error: unknown) => String(error).includes('TimeoutError');
    return {
      name: 'webkit',
      async newPage(viewport) {
        if (pageOpen) throw new Error('WebKit shows one page at a time: close the last one first.');
        for (let attempt = 1; ; attempt += 1) {
          session ??= await WebDriverSession.create(driverUrl, CAPABILITIES);
          pageOpen = true;
          try {
            return await openPage(session, viewport, {
              closed: () => (pageOpen = false),
              hung: dropSession,
            });
          } catch (error) {
            pageOpen = false;
            if (attempt >= 2 || !timedOut(error)) throw error;
            await dropSession();
          }
        }
      },
      async close() {
        await session?.send('DELETE', '').catch(() => {});
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

const CAPABILITIES = {
  browserName: 'MiniBrowser',
  'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
  // 'eager' times out on a load that follows a URL change made by the site's router.
  pageLoadStrategy: 'normal',
};

type Size = { width: number; height: number };

/**
 * Sizes the window so that the page itself gets `viewport` (the window holds the toolbar too),
 * and answers the window's size. The page hears of a new size a moment after the driver answers,
 * so each step waits for the page's resize before it measures again.
 */
async function fitWindow(
  session: WebDriverSession,
  evaluate: EnginePage['evaluate'],
  viewport: Viewport,
): Promise<Size> {
  const resizedFrom = (before: Size | null) =>
    evaluate(
      (was: Size | null, waitMs: number) =>
        new Promise<Size>((resolve) => {
          const now = () => resolve({ width: window.innerWidth, height: window.innerHeight });
          if (!was || window.innerWidth !== was.width || window.innerHeight !== was.height) {
            now();
            return;
          }
          addEventListener('resize', now, { once: true });
          setTimeout(now, waitMs);
        }),
      before,
      RESIZE_WAIT_MS,
    );
  let inner = await resizedFrom(null);
  for (let step = 0; step < 4; step++) {
    const rect = await session.send<Size>('GET', '/window/rect');
    const window = { width: rect.width, height: rect.height };
    if (inner.width === viewport.width && inner.height === viewport.height) return window;
    await session.send('POST', '/window/rect', {
      width: window.width + viewport.width - inner.width,
      height: window.height + viewport.height - inner.height,
    });
    inner = await resizedFrom(inner);
  }
  throw new Error(`WebKit's page stayed ${inner.width}×${inner.height} px, not ${viewport.width}×${viewport.height}.`);
}

/** How long a page may take to hear of its window's new size. */
const RESIZE_WAIT_MS = 3000;

/** The page of the shared session at `viewport`; `closed` is told when the page is done with. */
async function openPage(
  session: WebDriverSession,
  viewport: Viewport,
  { closed, hung }: { closed: () => void; hung: () => Promise<void> },
): Promise<EnginePage> {
  /** The origins this page loaded, whose storage and cookies close() clears. */
  const origins = new Set<string>();
  const evaluate: EnginePage['evaluate'] = (fn, ...args) =>
    session.send('POST', '/execute/sync', {
      script: `return Promise.resolve((${fn.toString()}).apply(null, arguments));`,
      args,
    });
  const windowSize = await fitWindow(session, evaluate, viewport);
  /**
   * Where a pointer press lands, as Puppeteer clicks: the element's centre. WebKit's element
   * click command calls a carousel's card "not interactable" though a visitor can click it.
   */
  const centreOf = async (selector: string) => {
    // Found, scrolled and measured in one script: a list that redraws itself (the inbox after a
    // message is read) would leave a WebDriver element handle stale between two commands.
    // 'instant': the site scrolls smoothly, and the press must land where the element ends up.
    const centre = await session.send<{ x: number; y: number } | null>('POST', '/execute/sync', {
      script: `const element = document.querySelector(arguments[0]);
        if (!element) return null;
        element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
        const box = element.getBoundingClientRect();
        return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };`,
      args: [selector],
    });
    if (!centre) throw new Error(`No element ${selector}`);
    return centre;
  };
  const pointer = (...actions: object[]) =>
    session.send('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
    });
  return {
    async goto(url) {
      origins.add(new URL(url).origin);
      // The document being left is marked: on a loaded machine, loading the address a page
      // already shows can answer before the new document has replaced it.
      await evaluate(() => {
        document.documentElement.dataset['leaving'] = '';
      });
      await session.send('POST', '/url', { url });
      const deadline = Date.now() + 10_000;
      while (
        !(await evaluate(
          () => document.readyState === 'complete' && document.documentElement.dataset['leaving'] === undefined,
        ))
      ) {
        if (Date.now() > deadline) throw new Error(`${url} did not finish loading`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // WebDriver classic has no script that runs before the page's own: hook in after the load.
      await evaluate(hookErrors);
    },
    evaluate,
    async runScript(source) {
      await session.send('POST', '/execute/sync', { script: source, args: [] });
    },
    async click(selector) {
      await pointer({ type: 'pointerMove', origin: 'viewport', ...(await centreOf(selector)) }, press, release);
    },
    async hover(selector) {
      await pointer({ type: 'pointerMove', origin: 'viewport', ...(await centreOf(selector)) });
    },
    async movePointer(x, y) {
      await pointer({ type: 'pointerMove', origin: 'viewport', x, y });
    },
    async screenshot(path, fullPage) {
      // WebDriver shoots the viewport only: for the whole page the window is made as tall as the page.
      if (fullPage) {
        const height = await evaluate(() => document.documentElement.scrollHeight);
        await session.send('POST', '/window/rect', {
          ...windowSize,
          height: height + windowSize.height - viewport.height,
        });
        await evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      }
      const png = await session.send<string>('GET', '/screenshot');
      if (fullPage) await session.send('POST', '/window/rect', windowSize);
      await writeFile(path, Buffer.from(png, 'base64'));
    },
    async type(selector, text) {
      await session.send('POST', `/element/${await session.find(selector)}/value`, { text });
    },
    async press(key) {
      const value = KEY_CODES[key];
      await session.send('POST', '/actions', {
        actions: [
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              { type: 'keyDown', value },
              { type: 'keyUp', value },
            ],
          },
        ],
      });
    },
    beforeScripts: null,
    async setCookie(origin, { name, value, path }) {
      // WebDriver sets a cookie of the document open: a plain file of the origin, first.
      origins.add(origin);
      await session.send('POST', '/url', { url: `${origin}/robots.txt` });
      await session.send('POST', '/cookie', { cookie: { name, value, path, httpOnly: true, sameSite: 'Strict' } });
    },
    async takeErrors() {
      return (await evaluate(drainErrors)) ?? ['the error hook is missing: the page was loaded anew'];
    },
    async close() {
      /**
       * A plain-text file of the site's origin is a document that runs none of the site's
       * scripts. A navigation the last page had started can still replace it under the script
       * that clears the storage ("no such frame"): then the file is opened again.
       */
      const clearOrigin = async (origin: string, attemptsLeft = 3): Promise<void> => {
        try {
          await session.send('POST', '/url', { url: `${origin}/robots.txt` });
          await evaluate(() => {
            localStorage.clear();
            sessionStorage.clear();
          });
          await session.send('DELETE', '/cookie');
        } catch (error) {
          if (attemptsLeft <= 1 || !String(error).includes('no such frame')) throw error;
          await clearOrigin(origin, attemptsLeft - 1);
        }
      };
      // The next page must start as a first visit: no saved player, language choice or consent.
      try {
        for (const origin of origins) await clearOrigin(origin);
        await session.send('POST', '/url', { url: 'about:blank' });
      } catch (error) {
        // A browser that stopped answering is left behind: the next page has a new session.
        if (!String(error).includes('TimeoutError')) throw error;
        await hung();
      } finally {
        closed();
      }
    },
  };
}
