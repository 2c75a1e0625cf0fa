/**
 * Debian's Chromium driven by playwright-core. A test tool cannot download a browser here,
 * so the system one is used: CHROME_PATH, else /usr/bin/chromium.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Flags that keep Chromium from reaching for the network, which is closed here. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1600, height: 900 };

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium was not found at ${executablePath}. Install it with ` +
        '`sudo apt-get update && sudo apt-get install -y chromium`, or set CHROME_PATH.',
    );
  }
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}

/** Launches one browser for the test file and closes it after; call the result to get it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser did not start; see the error of beforeAll.');
    return browser;
  };
}

/** Messages the page logged as errors, CSP violations among them. */
export interface PageErrors {
  errors: string[];
}

/** A new page that records console errors and uncaught exceptions. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; problems: PageErrors }> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  const page = await context.newPage();
  const problems: PageErrors = { errors: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(message.text());
  });
  page.on('pageerror', (error) => problems.errors.push(error.message));
  return { page, problems };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe-core violation, shortened for a readable assertion message. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  targets: string[];
}

/**
 * Runs axe-core in the page (WCAG 2.x A and AA plus best practices). Evaluated rather than
 * injected as a script tag, so the site's CSP does not need loosening for the test.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } })
      .axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    }
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}
