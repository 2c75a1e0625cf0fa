/**
 * What the layout guard (tests/e2e/layout.test.ts) and `npm run screenshots` share: the pages
 * and widths to look at, and a check that a page neither scrolls sideways nor leaves a
 * control where the visitor cannot reach it; and how a screenshot run ends on its defects.
 */
import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { FAN_PAGES, fanPagePath, type FanPage } from '../src/lib/fans.ts';
import { LANGUAGES } from '../src/lib/languages.ts';

/** The home page in each language. */
export const HOME_PATHS = ['/pt', '/en', '/es'] as const;

/** Every route of the streaming landing page. */
export const LANDING_PATHS = [
  '/pt/spotify',
  '/en/spotify',
  '/es/spotify',
  '/pt/samebloodscocktail',
  '/en/samebloodscocktail',
  '/es/samebloodscocktail',
  '/samebloodscocktail',
] as const;

/** Every release's page (`content/releases/<slug>.json` gives `/{lang}/music/<slug>`), in each language. */
export const RELEASE_PATHS = readdirSync(new URL('../content/releases/', import.meta.url))
  .filter((name) => name.endsWith('.json'))
  .flatMap((name) => HOME_PATHS.map((home) => `${home}/music/${name.replace(/\.json$/, '')}`));

/** The pages of the fans' list (`/{lang}/fans/confirm`, ...), in each language. */
export const FAN_PATHS = LANGUAGES.flatMap((lang) =>
  (Object.keys(FAN_PAGES) as FanPage[]).map((page) => fanPagePath(lang, page)),
);

/** Common phone, tablet and desktop widths, from the narrowest the site supports (320 px) up. */
export const LAYOUT_WIDTHS = [320, 360, 390, 414, 768, 1024, 1280, 1440, 1920] as const;

/** The mobile breakpoint: at this width or narrower a hero key opens a dialog. */
export const MOBILE_MAX_WIDTH = 768;

/** The viewport height used with each width (a phone's at phone widths). */
export function viewportAt(width: number): { width: number; height: number } {
  return { width, height: width <= 414 ? 800 : 900 };
}

export interface LayoutReport {
  /** The document's width and the viewport's, in CSS px. */
  scrollWidth: number;
  clientWidth: number;
  /** One line per defect: the page scrolls sideways, a control or panel lies off screen. */
  problems: string[];
  /** How many visible controls were judged in each part of the page (see REGIONS). */
  checked: Record<string, number>;
}

/**
 * Measures the page as it is laid out now. The page must not be wider than the viewport, and
 * every visible control (and an open key panel or dialog) must lie inside the viewport
 * horizontally. The strips that scroll sideways by design (the menu's entries, the keyboard,
 * the carousels) may hold controls beyond their edges, reached by scrolling the strip: those
 * are judged by the strip lying inside the viewport. While a modal dialog is open the page
 * behind it is inert, so only the dialog's controls are judged, and the dialog must not
 * scroll sideways either.
 */
export function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(inspectLayout);
}

/** Ends a screenshot run: any defect fails it, naming how many; else `clean`, if given, is said. */
export function endRun(defects: number, clean?: string): void {
  if (defects > 0) {
    console.error(`\n${String(defects)} defect(s): see above.`);
    process.exitCode = 1;
  } else if (clean !== undefined) {
    console.log(`\n${clean}`);
  }
}

/**
 * measureLayout's in-page part, self-contained so that any engine's driver can run it
 * (Playwright's `page.evaluate`, or an `EnginePage`'s in Firefox and WebKit).
 */
export function inspectLayout(): LayoutReport {
  /** Strips that scroll sideways by design (menu entries, keyboard keys, carousel tracks). */
  const STRIPS = '[data-menu-track], .keyboard-keys, .carousel-track';
  /** The parts of the page a control is counted under, the most specific first. */
  const REGIONS = [
    'dialog',
    '.player',
    '.site-menu',
    '.hero',
    '.carousel',
    '.contact-form',
    '.fan-signup',
    '.site-footer',
    '.landing-bar',
    '.landing-main',
    '.release-main',
    '.fan-main',
  ];
  const CONTROLS = 'a[href], button, input, select, textarea, iframe, [tabindex]:not([tabindex="-1"])';
  /** Sub-pixel rounding is not a defect. */
  const SLACK = 0.5;

  const root = document.scrollingElement ?? document.documentElement;
  const viewport = root.clientWidth;
  const problems: string[] = [];
  const checked: Record<string, number> = {};

  const label = (element: Element): string => {
    const name =
      element.getAttribute('aria-label') ??
      element.getAttribute('title') ??
      element.textContent.replace(/\s+/g, ' ').trim().slice(0, 40);
    const classes = [...element.classList].map((className) => `.${className}`).join('');
    return `${element.tagName.toLowerCase()}${classes}${name ? ` "${name}"` : ''}`;
  };
  const judge = (element: Element, what: string) => {
    const box = element.getBoundingClientRect();
    if (box.left < -SLACK || box.right > viewport + SLACK) {
      problems.push(`${what} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
    }
  };

  if (root.scrollWidth > viewport) {
    problems.push(`the page is ${root.scrollWidth} px wide in a ${viewport} px viewport`);
  }

  const dialog = document.querySelector('dialog[open]');
  const scope: Element = dialog ?? document.body;
  if (dialog) {
    judge(dialog, `the open dialog ${label(dialog)}`);
    if (dialog.scrollWidth > dialog.clientWidth) {
      problems.push(`the open dialog is ${dialog.scrollWidth} px wide inside its ${dialog.clientWidth} px box`);
    }
  }
  for (const panel of scope.querySelectorAll('.key-panel:not([hidden])')) judge(panel, `the open key panel`);

  const judgedStrips = new Set<Element>();
  for (const control of scope.querySelectorAll(CONTROLS)) {
    // Hidden from everyone (the contact form's trap for robots), or not shown at all.
    if (control.closest('[aria-hidden="true"], [inert]')) continue;
    if (!control.checkVisibility({ visibilityProperty: true })) continue;
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const region = REGIONS.find((selector) => control.closest(selector)) ?? 'elsewhere';
    checked[region] = (checked[region] ?? 0) + 1;
    const strip = control.closest(STRIPS);
    if (strip && getComputedStyle(strip).overflowX !== 'visible') {
      if (!judgedStrips.has(strip)) judge(strip, `the scrolling strip ${label(strip).slice(0, 60)}`);
      judgedStrips.add(strip);
    } else {
      judge(control, label(control));
    }
  }
  return { scrollWidth: root.scrollWidth, clientWidth: viewport, problems, checked };
}
