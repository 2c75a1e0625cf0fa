/**
 * The page side of analytics: reads the ids from the consent banner, shows it until the
 * visitor answers, starts the tag after an accept and sends the events. Loaded, after the first
 * paint, only by pages built with analytics ids (components/Analytics.astro).
 */
import {
  savedConsent,
  saveConsent,
  sendConversion,
  sendPageView,
  startTag,
  vitalsToAnalytics,
  type AnalyticsConfig,
} from './analytics.ts';
import { reportWebVitals } from './web-vitals-report.ts';

function banner(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-analytics]');
}

function readConfig(): AnalyticsConfig | null {
  const element = banner();
  const gaId = element?.dataset['gaId'];
  if (!element || !gaId) return null;
  return { gaId, adsId: element.dataset['adsId'] ?? null, conversionLabel: element.dataset['conversionLabel'] ?? null };
}

let gtag: ReturnType<typeof startTag> | null = null;

function start(config: AnalyticsConfig): ReturnType<typeof startTag> {
  if (!gtag) {
    gtag = startTag(config);
    reportWebVitals(vitalsToAnalytics(gtag));
  }
  return gtag;
}

/** Shows the consent choice until answered, and counts the page view if the visitor allowed it. */
function onPage(): void {
  const config = readConfig();
  const element = banner();
  if (!config || !element) return;
  const consent = savedConsent();
  element.hidden = consent !== null;
  if (consent === 'granted') sendPageView(start(config), config);
}

// This module loads after the first page's `astro:page-load` (src/page-start/after-first-paint.ts):
// the page it finds, then every in-place navigation.
onPage();
document.addEventListener('astro:page-load', onPage);

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  const config = readConfig();
  if (!config) return;
  const choice = target?.closest<HTMLElement>('[data-consent]')?.dataset['consent'];
  if (choice === 'granted' || choice === 'denied') {
    saveConsent(choice);
    const element = banner();
    if (element) element.hidden = true;
    if (choice === 'granted') sendPageView(start(config), config);
    return;
  }
  // The link opens as usual (new tab); the event goes along, if the visitor allowed it.
  if (gtag && target?.closest('[data-conversion]')) sendConversion(gtag, config);
});
