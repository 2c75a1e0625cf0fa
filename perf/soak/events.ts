/**
 * Scenario: the pages' counts (`POST /api/events`) under load and hostile input. Thousands of
 * batches, half of them valid events naming the site's pages, tracks and releases, half
 * anything at all (arbitrary JSON and Unicode, huge or wrong-typed bodies), from thousands of
 * addresses, on the real server: never a 5xx nor an answer repeating what was sent, memory
 * settled within bounds, and the store holding exactly the valid keys sent, nothing else. The
 * real per-address limit still refuses one address past its minute's requests.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { DEMO_PLAYLISTS } from '../../scripts/demo-media/generate.ts';
import { COUNTED_PLATFORMS } from '../../server/services/numbers/event-validation.ts';
import { bucketOf } from '../../server/services/numbers/vitals.ts';
import { scanSitePages } from '../../server/services/site/site-pages.ts';
import { SQLITE_FILE } from '../../server/services/stores/open-store.ts';
import { LANGUAGES } from '../../src/lib/languages.ts';
import {
  EVENTS_PATH,
  LANDING,
  MAX_EVENTS_BODY_BYTES,
  MAX_EVENTS_PER_REQUEST,
  type PageEvent,
} from '../../src/lib/numbers-events.ts';
import type { SoakContext } from './context.ts';
import { isAnswer, send } from './http.ts';
import { copyMedia } from './media.ts';
import { judged, reported, type Row } from './report.ts';
import { startSoakServer } from './server.ts';

const REQUESTS = 30_000;
const IN_FLIGHT = 16;
/** How much more the server may hold, settled, once the events are counted. */
const MEMORY_BUDGET_MB = 50;
/** The server's real limit a minute per address, checked at the end. */
const REAL_LIMIT = 60;
/** In every hostile body, so an answer repeating it is found. */
const MARK = 'SOAK-ECHO';
const MB = 2 ** 20;

/** Every valid event the site's build and the demo music allow, to draw from. */
function validEvents(pages: readonly string[], mediaDir: string): PageEvent[] {
  const releases = pages.flatMap((path) => /^\/pt\/music\/([^/]+)$/.exec(path)?.[1] ?? []);
  const tracks = DEMO_PLAYLISTS.flatMap(({ name }) =>
    existsSync(join(mediaDir, name))
      ? readdirSync(join(mediaDir, name))
          .filter((file) => file.endsWith('.wav'))
          .map((file) => ({ playlist: name, file }))
      : [],
  );
  return [
    ...pages.flatMap((path) => LANGUAGES.map((lang): PageEvent => ({ type: 'view', path, lang }))),
    ...tracks.flatMap((track) => (['play', 'play30', 'end'] as const).map((type): PageEvent => ({ type, ...track }))),
    ...[...releases, LANDING].flatMap((from) =>
      [...COUNTED_PLATFORMS].map((platform): PageEvent => ({ type: 'click', from, platform })),
    ),
    ...pages.flatMap((path) =>
      [
        ['LCP', 850],
        ['INP', 120],
        ['CLS', 0.02],
      ].map(([metric, value]): PageEvent => ({ type: 'vital', path, metric: metric as 'LCP', value: value as number })),
    ),
  ];
}

/** The store's key of a valid event. */
const keyOf = (event: PageEvent): string => {
  if (event.type === 'view') return `view|${event.path}|${event.lang}`;
  if (event.type === 'click') return `click|${event.from}|${event.platform}`;
  if (event.type === 'vital') return `vital|${event.path}|${event.metric}|${bucketOf(event.metric, event.value)}`;
  return `${event.type}|${event.playlist}|${event.file}`;
};

const wild = fc.string({ unit: 'binary', maxLength: 60 }).map((text) => `${MARK}${text}`);
/** Bodies of every wrong shape, each carrying the mark. */
const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify([MARK, value])),
  wild,
  fc
    .array(
      fc.record(
        {
          type: fc.oneof(fc.constantFrom('view', 'play', 'click', 'vital', 'end'), wild),
          // Near misses only: nothing here may name a real page, track or platform.
          path: fc.oneof(fc.constantFrom('/pt/', '/../etc', '/PT'), wild),
          lang: fc.oneof(fc.constantFrom('de', 'PT'), wild),
          playlist: wild,
          file: wild,
          from: fc.oneof(fc.constant(LANDING), wild),
          platform: fc.oneof(fc.constant('myspace'), wild),
          metric: fc.oneof(fc.constantFrom('LCP', 'FID'), wild),
          value: fc.oneof(fc.double(), wild, fc.constantFrom(-1, 1e300)),
        },
        { requiredKeys: ['type'] },
      ),
      { maxLength: MAX_EVENTS_PER_REQUEST + 5 },
    )
    .map((events) => JSON.stringify(events)),
  fc.integer({ min: MAX_EVENTS_BODY_BYTES, max: 200_000 }).map((size) => JSON.stringify([MARK.padEnd(size, 'x')])),
  fc.integer({ min: 1, max: 5_000 }).map((depth) => `${'['.repeat(depth)}"${MARK}"${']'.repeat(depth)}`),
);
const contentType = fc.constantFrom(
  'text/plain;charset=UTF-8',
  'text/plain;charset=UTF-8',
  'text/plain',
  'application/json',
  'application/x-www-form-urlencoded',
  '',
);

interface Sent {
  byStatus: Record<string, number>;
  echoes: number;
  validKeys: Set<string>;
}

async function sendAll(url: string, valid: readonly PageEvent[], seed: number): Promise<Sent> {
  const bodies = fc.sample(fc.tuple(hostile, contentType), { numRuns: REQUESTS / 2, seed });
  const batches = fc.sample(fc.array(fc.constantFrom(...valid), { minLength: 1, maxLength: MAX_EVENTS_PER_REQUEST }), {
    numRuns: REQUESTS / 2,
    seed: seed + 1,
  });
  const byStatus: Record<string, number> = {};
  const validKeys = new Set<string>();
  let echoes = 0;
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const index = next;
      next += 1;
      const batch = index % 2 === 0 ? batches[index / 2] : undefined;
      const [body, type] = batch
        ? [JSON.stringify(batch), 'text/plain;charset=UTF-8']
        : (bodies[(index - 1) / 2] ?? ['', '']);
      // Thousands of addresses, as from a crowd behind the proxy (this process).
      const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
      const answer = await send(url, EVENTS_PATH, {
        method: 'POST',
        headers: { ...(type && { 'content-type': type }), 'x-forwarded-for': address },
        body,
      });
      const key = isAnswer(answer) ? String(answer.status) : 'no answer';
      byStatus[key] = (byStatus[key] ?? 0) + 1;
      if (isAnswer(answer) && answer.body.includes(MARK)) echoes += 1;
      if (batch && isAnswer(answer) && answer.status === 204) for (const event of batch) validKeys.add(keyOf(event));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { byStatus, echoes, validKeys };
}

/** The keys the store holds, read from its SQLite file once the server has stopped. */
function storedKeys(dataDir: string): string[] {
  const db = new DatabaseSync(join(dataDir, SQLITE_FILE), { readOnly: true });
  try {
    const counts = db.prepare('SELECT event, subject, detail FROM numbers_counts').all() as {
      event: string;
      subject: string;
      detail: string;
    }[];
    const vitals = db.prepare('SELECT page, metric, bucket FROM numbers_vitals').all() as {
      page: string;
      metric: string;
      bucket: number;
    }[];
    return [
      ...counts.map((row) => `${row.event}|${row.subject}|${row.detail}`),
      ...vitals.map((row) => `vital|${row.page}|${row.metric}|${row.bucket}`),
    ];
  } finally {
    db.close();
  }
}

/** Runs the scenario on a server of its own, behind this process as its proxy. */
export async function eventsUnderLoad(context: SoakContext, seed: number): Promise<Row[]> {
  const scenario = 'Events';
  const dataDir = await mkdtemp(join(context.root, 'data-'));
  const mediaDir = await copyMedia(context.mediaTemplate, context.root);
  const pages = [...(await scanSitePages(context.distDir)).pages.keys()];
  const valid = validEvents(pages, mediaDir);
  const server = await startSoakServer(context.distDir, {
    scenario,
    logFile: context.logFile,
    dataDir,
    mediaDir,
    env: { TRUST_PROXY: 'true', EVENTS_RATE_LIMIT: String(REAL_LIMIT), EVENTS_FLUSH_MS: '1000' },
  });
  let sent: Sent;
  let limited: number[];
  let grownMb: number;
  let peakMb: number;
  const started = Date.now();
  try {
    const before = await server.settledStats();
    context.log(`events: ${REQUESTS.toLocaleString('en')} batches, half hostile…`);
    sent = await sendAll(server.url, valid, seed);
    const after = await server.settledStats();
    grownMb = (after.rssBytes - before.rssBytes) / MB;
    peakMb = after.peakRssBytes / MB;
    // One address past the real limit: its last request is refused.
    limited = [];
    for (let n = 0; n <= REAL_LIMIT; n += 1) {
      const answer = await send(server.url, EVENTS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-forwarded-for': '203.0.113.9' },
        body: '[]',
      });
      limited.push(isAnswer(answer) ? answer.status : 0);
    }
  } finally {
    await server.stop();
  }
  const seconds = (Date.now() - started) / 1000;
  // The counts are written when the server stops; a run across midnight (UTC) has two days.
  const days = new Date(started).toISOString().slice(0, 10) === new Date().toISOString().slice(0, 10) ? 1 : 2;
  const stored = storedKeys(dataDir);
  const distinct = new Set(stored);
  const unlisted = [...distinct].filter((key) => !sent.validKeys.has(key));
  const missing = [...sent.validKeys].filter((key) => !distinct.has(key));
  const fiveHundreds = Object.entries(sent.byStatus)
    .filter(([status]) => Number(status) >= 500 || status === 'no answer')
    .reduce((sum, [, count]) => sum + count, 0);
  const statusLine = Object.entries(sent.byStatus)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return [
    reported(scenario, 'batches sent', `${REQUESTS.toLocaleString('en')} in ${seconds.toFixed(0)} s (${statusLine})`),
    judged(scenario, '5xx or no answer', fiveHundreds, '0', fiveHundreds === 0),
    judged(scenario, 'answers repeating the input', sent.echoes, '0', sent.echoes === 0),
    judged(
      scenario,
      'stored rows · unlisted keys · valid keys missing',
      `${stored.length} · ${unlisted.length} · ${missing.length}`,
      `≤ ${sent.validKeys.size * days} · 0 · 0`,
      stored.length <= sent.validKeys.size * days && unlisted.length === 0 && missing.length === 0,
    ),
    judged(
      scenario,
      'server memory (RSS, settled) growth',
      `${grownMb >= 0 ? '+' : ''}${Math.round(grownMb)} MB (peak ${Math.round(peakMb)} MB)`,
      `≤ +${MEMORY_BUDGET_MB} MB`,
      grownMb <= MEMORY_BUDGET_MB,
    ),
    judged(
      scenario,
      `one address's request ${REAL_LIMIT + 1} in a minute`,
      limited.at(-1) ?? 0,
      '429',
      limited.at(-1) === 429 && limited.slice(0, REAL_LIMIT).every((status) => status === 204),
    ),
  ];
}
