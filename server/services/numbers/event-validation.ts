/**
 * Which of the events a page sent are counted: only those naming what the site has (a page it
 * serves, a language, a track of the media library, a release and a platform it lists, a vital
 * within bounds). Everything else is dropped without a word, so the store only ever holds keys
 * the site itself defines, whatever is sent.
 */
import { RELEASE_PLATFORMS } from '../../../src/lib/content-schemas.ts';
import { DEFAULT_LANG, isLang } from '../../../src/lib/languages.ts';
import {
  COUNTED_EVENTS,
  LANDING,
  MAX_EVENTS_PER_REQUEST,
  VITALS,
  type CountedEvent,
  type Vital,
} from '../../../src/lib/numbers-events.ts';
import { SOCIAL_ICONS } from '../../../src/lib/social-icons.ts';
import type { MediaLibrary } from '../media/media-library.ts';
import type { Renditions } from '../renditions/renditions.ts';
import type { CurrentSite } from '../site/served-site.ts';
import { countedTrackFile } from './counted-track.ts';
import { bucketOf, VITAL_MAX } from './vitals.ts';

/** The platforms a click may name: a release page's buttons and the landing page's icons. */
export const COUNTED_PLATFORMS: ReadonlySet<string> = new Set<string>([...RELEASE_PLATFORMS, ...SOCIAL_ICONS]);

/** What the site holds right now, asked of each event. */
export interface SiteFacts {
  isPage(path: string): boolean;
  /** The master's file a track event counts (see counted-track.ts), or null for no track. */
  trackFile(playlist: string, file: string): string | null;
  isRelease(slug: string): boolean;
}

/** A counter's key: `view` (page, language), a track's (playlist, file), `click` (release or landing, platform). */
export interface CounterKey {
  event: CountedEvent;
  subject: string;
  detail: string;
}

/** One measurement of a vital on a page, as its bucket. */
export interface VitalKey {
  page: string;
  metric: Vital;
  bucket: number;
}

export interface ValidEvents {
  counts: CounterKey[];
  vitals: VitalKey[];
}

/** Longer than any path, playlist or file name the site has: longer strings are not even looked up. */
const MAX_TEXT = 400;
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT ? value : null;
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/**
 * The counts and vitals among `body`'s events; null when the body is not a list of events at
 * all. A request counts each key at most once (and each vital of a page once): a page sends
 * each event once, so repeats in one batch are a way to count many times for one request.
 */
export function validEvents(body: unknown, site: SiteFacts): ValidEvents | null {
  if (!Array.isArray(body) || body.length > MAX_EVENTS_PER_REQUEST) return null;
  const counts: CounterKey[] = [];
  const vitals: VitalKey[] = [];
  const seen = new Set<string>();
  const firstTime = (...key: string[]) => {
    const joined = JSON.stringify(key);
    if (seen.has(joined)) return false;
    seen.add(joined);
    return true;
  };
  for (const item of body as unknown[]) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const event = item as Record<string, unknown>;
    const type = event['type'];
    if (type === 'vital') {
      const page = text(event['path']);
      const metric = event['metric'];
      const value = event['value'];
      if (!page || !isOneOf(VITALS, metric) || typeof value !== 'number' || !Number.isFinite(value)) continue;
      if (value < 0 || value > VITAL_MAX[metric] || !site.isPage(page) || !firstTime('vital', page, metric)) continue;
      vitals.push({ page, metric, bucket: bucketOf(metric, value) });
      continue;
    }
    if (!isOneOf(COUNTED_EVENTS, type)) continue;
    const key = counterKey(type, event, site);
    if (key && firstTime(key.event, key.subject, key.detail)) counts.push(key);
  }
  return { counts, vitals };
}

function counterKey(type: CountedEvent, event: Record<string, unknown>, site: SiteFacts): CounterKey | null {
  if (type === 'view') {
    const path = text(event['path']);
    const lang = event['lang'];
    return path && isLang(lang) && site.isPage(path) ? { event: type, subject: path, detail: lang } : null;
  }
  if (type === 'click') {
    const from = text(event['from']);
    const platform = text(event['platform']);
    if (!from || !platform || !COUNTED_PLATFORMS.has(platform)) return null;
    const known = from === LANDING || (SLUG.test(from) && site.isRelease(from));
    return known ? { event: type, subject: from, detail: platform } : null;
  }
  const playlist = text(event['playlist']);
  const file = text(event['file']);
  const master = playlist && file ? site.trackFile(playlist, file) : null;
  return playlist && master ? { event: type, subject: playlist, detail: master } : null;
}

/** The facts of the site being served and of the media library, read afresh for each event. */
export function siteFacts(site: CurrentSite, library: MediaLibrary, renditions: Renditions): SiteFacts {
  return {
    isPage: (path) => site.current.pages.has(path),
    trackFile: (playlist, file) => countedTrackFile(library, renditions, playlist, file),
    isRelease: (slug) => site.current.pages.has(`/${DEFAULT_LANG}/music/${slug}`),
  };
}
