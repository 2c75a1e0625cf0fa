/**
 * `POST /api/events` through the real app: the fixture site's pages, a release page added to
 * it, and the generated demo music. Only events naming what the site has are counted; any
 * other body, however strange, is answered 204, 400, 413 or 415 without repeating it, never
 * 500, and never adds a key the site does not define. One request counts a key once; one address and
 * one network are limited per minute.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTED_PLATFORMS } from '../../../server/services/numbers/event-validation.ts';
import type { Track } from '../../../server/services/media/media-library.ts';
import { LANGUAGES } from '../../../src/lib/languages.ts';
import { EVENTS_PATH, LANDING, MAX_EVENTS_BODY_BYTES, type PageEvent } from '../../../src/lib/numbers-events.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { createMediaFolder } from './media-fixture.ts';

const RELEASE = 'cocktail-n1';
let site: FixtureSite;
let media: Awaited<ReturnType<typeof createMediaFolder>>;
let app: FastifyInstance;
let track: Track;

beforeAll(async () => {
  site = createFixtureSite();
  mkdirSync(join(site.dir, 'pt', 'music'), { recursive: true });
  writeFileSync(
    join(site.dir, 'pt', 'music', `${RELEASE}.html`),
    '<!doctype html><html lang="pt-BR"><title>EP</title>',
  );
  media = await createMediaFolder();
  app = await buildTestApp(
    { ...site, mediaDir: media.dir },
    { EVENTS_RATE_LIMIT: '100000', EVENTS_FLUSH_MS: '3600000' },
  );
  const first = app.library.playlists().flatMap((playlist) => app.library.tracks(playlist.name))[0];
  if (!first) throw new Error('the demo music has no track');
  track = first;
}, 60_000);
afterAll(async () => {
  await app.close();
  site.cleanup();
  media.cleanup();
});

const send = (payload: string, contentType = 'text/plain;charset=UTF-8', target = app) =>
  target.inject({ method: 'POST', url: EVENTS_PATH, headers: { 'content-type': contentType }, payload });

/** Every row the store holds now, the tally written first. */
async function stored() {
  const numbers = app.numbers;
  if (!numbers) throw new Error('the numbers are not open');
  await numbers.tally.flush();
  return numbers.store.since('0000-00-00');
}

describe('the events endpoint', () => {
  it('counts a page view, a track started, heard and ended, a click and a vital', async () => {
    const events: PageEvent[] = [
      { type: 'view', path: '/pt', lang: 'pt' },
      { type: 'view', path: '/samebloodscocktail', lang: 'en' },
      { type: 'play', playlist: track.playlist, file: track.file },
      { type: 'play30', playlist: track.playlist, file: track.file },
      { type: 'end', playlist: track.playlist, file: track.file },
      { type: 'click', from: RELEASE, platform: 'bandcamp' },
      { type: 'click', from: LANDING, platform: 'spotify' },
      { type: 'vital', path: '/pt', metric: 'LCP', value: 812 },
    ];
    const before = await stored();
    const response = await send(JSON.stringify(events));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const after = await stored();
    const keys = after.counts.map((row) => `${row.event} ${row.subject} ${row.detail}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'view /pt pt',
        'view /samebloodscocktail en',
        `play ${track.playlist} ${track.file}`,
        `play30 ${track.playlist} ${track.file}`,
        `end ${track.playlist} ${track.file}`,
        `click ${RELEASE} bandcamp`,
        `click ${LANDING} spotify`,
      ]),
    );
    expect(after.vitals.length).toBe(before.vitals.length + 1);
    expect(after.vitals.at(-1)).toMatchObject({ page: '/pt', metric: 'LCP' });
  });

  it('counts each key at most once for one request, however often the batch repeats it', async () => {
    const before = await stored();
    const countOf = (rows: typeof before.counts, event: string, subject: string) =>
      rows.find((row) => row.event === event && row.subject === subject)?.count ?? 0;
    const vitalsOf = (rows: typeof before.vitals) => rows.reduce((sum, row) => sum + row.count, 0);
    const views = Array.from({ length: 20 }, () => ({ type: 'view', path: '/pt', lang: 'pt' }));
    expect((await send(JSON.stringify(views))).statusCode).toBe(204);
    const repeated = [
      { type: 'play', playlist: track.playlist, file: track.file },
      { type: 'vital', path: '/pt', metric: 'LCP', value: 500 },
      { type: 'play', playlist: track.playlist, file: track.file },
      { type: 'vital', path: '/pt', metric: 'LCP', value: 3000 },
      { type: 'view', path: '/pt', lang: 'pt' },
    ];
    expect((await send(JSON.stringify(repeated))).statusCode).toBe(204);
    const after = await stored();
    expect(countOf(after.counts, 'view', '/pt') - countOf(before.counts, 'view', '/pt')).toBe(2);
    expect(countOf(after.counts, 'play', track.playlist) - countOf(before.counts, 'play', track.playlist)).toBe(1);
    expect(vitalsOf(after.vitals) - vitalsOf(before.vitals)).toBe(1);
  });

  it('drops what names nothing the site has, and keeps the rest of the batch', async () => {
    const before = await stored();
    const junk = [
      { type: 'view', path: '/pt/nothing', lang: 'pt' },
      { type: 'view', path: '/pt', lang: 'de' },
      { type: 'play', playlist: track.playlist, file: 'other.mp3' },
      { type: 'click', from: 'no-such-release', platform: 'spotify' },
      { type: 'click', from: RELEASE, platform: 'myspace' },
      { type: 'vital', path: '/pt', metric: 'FID', value: 10 },
      { type: 'vital', path: '/pt', metric: 'CLS', value: -1 },
      { type: 'vital', path: '/pt', metric: 'INP', value: 1e9 },
      { type: 'visit', path: '/pt', lang: 'pt' },
      null,
      'view',
      [{ type: 'view', path: '/pt', lang: 'pt' }],
    ];
    expect((await send(JSON.stringify(junk))).statusCode).toBe(204);
    expect(await stored()).toEqual(before);
  });

  it('refuses a body that is not a short list of events, without repeating it', async () => {
    const secret = 'Ж<script>x</script>';
    const cases: [string, string, number][] = [
      [secret, 'text/plain', 400],
      [JSON.stringify({ type: 'view', path: secret }), 'text/plain', 400],
      [
        JSON.stringify(Array.from({ length: 21 }, () => ({ type: 'view', path: '/pt', lang: 'pt' }))),
        'text/plain',
        400,
      ],
      [JSON.stringify([secret.repeat(MAX_EVENTS_BODY_BYTES)]), 'text/plain', 413],
      [JSON.stringify([{ type: 'view', path: '/pt', lang: 'pt' }]), `application/${secret}`, 415],
      [JSON.stringify([{ type: 'view', path: '/pt', lang: 'pt' }]), 'application/json', 415],
    ];
    for (const [body, type, status] of cases) {
      const response = await send(body, type);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).not.toContain('script');
    }
  });

  it('never fails and never stores an unlisted key, whatever JSON or text arrives', async () => {
    const pages = new Set(app.site.current.pages.keys());
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const pick = (...known: string[]) => fc.oneof(text, fc.constantFrom(...known));
    const event = fc.record(
      {
        type: pick('view', 'play', 'play30', 'end', 'click', 'vital'),
        path: pick('/pt', '/pt/', '/samebloodscocktail', '/PT'),
        lang: pick(...LANGUAGES, 'PT'),
        playlist: pick(track.playlist),
        file: pick(track.file),
        from: pick(RELEASE, LANDING),
        platform: pick(...COUNTED_PLATFORMS),
        metric: pick('LCP', 'INP', 'CLS'),
        value: fc.oneof(fc.double(), fc.integer(), text),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.array(event, { maxLength: 25 }).map((events) => JSON.stringify(events)),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string({ unit: 'binary', maxLength: 200 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await send(payload);
        expect([204, 400, 413]).toContain(response.statusCode);
      }),
      { numRuns: 300 },
    );
    const { counts, vitals } = await stored();
    for (const row of counts) {
      if (row.event === 'view') expect(pages.has(row.subject) && LANGUAGES.includes(row.detail as 'pt')).toBe(true);
      else if (row.event === 'click') {
        expect([RELEASE, LANDING]).toContain(row.subject);
        expect(COUNTED_PLATFORMS.has(row.detail)).toBe(true);
      } else expect([row.subject, row.detail]).toEqual([track.playlist, track.file]);
    }
    for (const row of vitals) expect(pages.has(row.page)).toBe(true);
    // Bounded by what the site defines: pages × languages, three counts of one track, two
    // click sources × platforms, pages × vitals' buckets (all on one day).
    const bound = pages.size * 3 + 3 + 2 * COUNTED_PLATFORMS.size + pages.size * 3 * 20;
    expect(await app.numbers?.store.rows()).toBeLessThanOrEqual(bound);
  });
});

/** An empty batch sent to `target` as if from `address`, through a trusted proxy. */
const fromAddress = (target: FastifyInstance) => (address: string) =>
  target.inject({
    method: 'POST',
    url: EVENTS_PATH,
    headers: { 'content-type': 'text/plain', 'x-forwarded-for': address },
    payload: '[]',
  });

describe('the events rate limit', () => {
  it('refuses an address past its requests a minute with 429 and Retry-After, others still pass', async () => {
    const limited = await buildTestApp(site, { EVENTS_RATE_LIMIT: '3', TRUST_PROXY: 'true' });
    try {
      const from = fromAddress(limited);
      const statuses = [];
      for (let n = 0; n < 4; n += 1) statuses.push((await from('203.0.113.7')).statusCode);
      expect(statuses).toEqual([204, 204, 204, 429]);
      const refused = await from('203.0.113.7');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ error: 'Too Many Requests' });
      expect((await from('203.0.113.8')).statusCode).toBe(204);
    } finally {
      await limited.close();
    }
  });

  it('limits a network too, counting only what its addresses were allowed', async () => {
    const limited = await buildTestApp(site, {
      EVENTS_RATE_LIMIT: '3',
      EVENTS_NETWORK_LIMIT: '5',
      TRUST_PROXY: 'true',
    });
    try {
      const from = fromAddress(limited);
      const statuses = async (address: string, times: number) => {
        const answers = [];
        for (let n = 0; n < times; n += 1) answers.push((await from(address)).statusCode);
        return answers;
      };
      // One address past its own limit spends only its own share of the network's.
      expect(await statuses('198.51.100.1', 5)).toEqual([204, 204, 204, 429, 429]);
      expect(await statuses('198.51.100.2', 3)).toEqual([204, 204, 429]);
      const refused = await from('198.51.100.3');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'Too Many Requests',
        message: 'Too many events from your network. Please try again in a minute.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The same holds for IPv6 /56s, and another network still passes.
      expect(await statuses('2001:db8:0:ab01::1', 3)).toEqual([204, 204, 204]);
      expect(await statuses('2001:db8:0:abff::9', 3)).toEqual([204, 204, 429]);
      expect((await from('2001:db8:0:ac00::1')).statusCode).toBe(204);
      expect((await from('198.51.101.1')).statusCode).toBe(204);
    } finally {
      await limited.close();
    }
  });
});
