/**
 * Analytics and ads, only when the build was given ids and only after the visitor
 * accepted: before that no tag is loaded and nothing is queued. Then every page shown (the
 * first and each in-place navigation) sends the page-view configuration and a `page_view`
 * event; the main Spotify button sends the conversion (value 1, BRL). Web vitals
 * (./web-vitals-report.ts) are sent as events.
 */
import { withoutFanToken } from './fans.ts';
import type { VitalsMetric } from './web-vitals-report.ts';

export interface AnalyticsConfig {
  gaId: string;
  adsId: string | null;
  /** The ads conversion label: the conversion goes `send_to` `${adsId}/${label}`. */
  conversionLabel: string | null;
}

export type Consent = 'granted' | 'denied';

/** Where the visitor's answer is kept. */
export const CONSENT_KEY = 'analytics-consent';
/** The tag's script host: also what the Content-Security-Policy allows when configured. */
export const TAG_URL = 'https://www.googletagmanager.com/gtag/js';

type Gtag = (...args: unknown[]) => void;
interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

const win = () => window as unknown as AnalyticsWindow;

/** The four Consent Mode v2 signals Google Ads needs to count conversions from the EEA. */
export const CONSENT_SIGNALS = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'] as const;
type ConsentSignal = (typeof CONSENT_SIGNALS)[number];

/** Every Consent Mode v2 signal set to one value. */
export function consentState(value: Consent): Record<ConsentSignal, Consent> {
  return Object.fromEntries(CONSENT_SIGNALS.map((signal) => [signal, value])) as Record<ConsentSignal, Consent>;
}

/** The visitor's saved answer, or null before they answered (or when storage is blocked). */
export function savedConsent(): Consent | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function saveConsent(consent: Consent): void {
  try {
    localStorage.setItem(CONSENT_KEY, consent);
  } catch {
    // Without storage the banner simply asks again next time.
  }
}

/**
 * Defines `gtag`, loads the tag and states the consent. Only ever called after the visitor
 * accepted (now or on an earlier visit), so nothing is queued before that.
 */
export function startTag(config: AnalyticsConfig): Gtag {
  const w = win();
  if (w.gtag) return w.gtag;
  w.dataLayer = w.dataLayer ?? [];
  const gtag: Gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, as its own snippet does.
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer?.push(arguments);
  };
  w.gtag = gtag;
  // Consent Mode v2: the default (everything denied) must come before any config or event,
  // and the update says what the visitor granted; without them Google Ads does not count
  // conversions from visitors in the EEA.
  gtag('consent', 'default', consentState('denied'));
  gtag('consent', 'update', consentState('granted'));
  gtag('js', new Date());
  const script = document.createElement('script');
  script.async = true;
  script.src = `${TAG_URL}?id=${encodeURIComponent(config.gaId)}`;
  document.head.append(script);
  return gtag;
}

/**
 * What the tag must be told of the page's address and referrer, which it otherwise takes whole
 * from `location` and `document.referrer`: a fan page's address holds the token of a mail's
 * link, and so does the referrer of the page its button leads to (and of every page the router
 * shows after it, as the referrer does not change in place). Those go without their query;
 * nothing is added for any other page.
 */
export function pageAddresses(href: string, referrer: string): { page_location?: string; page_referrer?: string } {
  const location = withoutFanToken(href);
  const from = withoutFanToken(referrer);
  return { ...(location !== href && { page_location: location }), ...(from !== referrer && { page_referrer: from }) };
}

/** Whether the tag was told an address: it then keeps it for every later hit, until told another. */
let addressesSet = false;

/** The page-view configuration and the page_view event for the page now shown. */
export function sendPageView(gtag: Gtag, config: AnalyticsConfig): void {
  const addresses = pageAddresses(location.href, document.referrer);
  if (addressesSet || Object.keys(addresses).length > 0) {
    // `set`, so that the events after the page view (web vitals) carry them too.
    gtag('set', { page_location: location.href, page_referrer: document.referrer, ...addresses });
    addressesSet = true;
  }
  const page = { page_path: location.pathname, page_title: document.title, language: document.documentElement.lang };
  // The explicit event below is the page view; the configuration must not send a second one.
  gtag('config', config.gaId, { ...page, send_page_view: false });
  if (config.adsId) gtag('config', config.adsId);
  gtag('event', 'page_view', page);
}

/** The conversion of the main streaming button: value 1, currency BRL. */
export function sendConversion(gtag: Gtag, config: AnalyticsConfig): void {
  const sendTo = config.adsId && config.conversionLabel ? `${config.adsId}/${config.conversionLabel}` : config.gaId;
  gtag('event', 'conversion', { send_to: sendTo, value: 1, currency: 'BRL', transport_type: 'beacon' });
}

/** The callback that sends each metric as an analytics event. */
export function vitalsToAnalytics(gtag: Gtag): (metric: VitalsMetric) => void {
  return (metric) =>
    gtag('event', metric.name, {
      value: Math.round(metric.name === 'CLS' ? metric.value * 1000 : metric.value),
      metric_id: metric.id,
      metric_value: metric.value,
      metric_rating: metric.rating,
      non_interaction: true,
    });
}
