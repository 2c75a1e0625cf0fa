/**
 * `GET /studio/api/numbers` through the studio's real sign-in: 401 without a session, 403 for a
 * change from another Origin, and, signed in, the counts the pages sent a moment ago (the tally
 * is written first), the days asked bounded.
 */
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { StudioStore } from '../../../server/services/studio/studio-store.ts';
import { NUMBERS_DEFAULT_DAYS, NUMBERS_MAX_DAYS, type NumbersAnswer } from '../../../src/lib/numbers-answer.ts';
import { LANDING, type PageEvent } from '../../../src/lib/numbers-events.ts';
import { STUDIO_API_PREFIX } from '../../../src/lib/studio-auth.ts';
import { postEvents } from './events-fixture.ts';
import { useStudioApp } from './studio-app-fixture.ts';
import { signedInBrowser } from './studio-browser.ts';

const ORIGIN = 'https://studio.example';
const URL = `${STUDIO_API_PREFIX}numbers`;
let app: FastifyInstance;
let store: StudioStore;
useStudioApp({ STUDIO_ORIGIN: ORIGIN, STUDIO_AUTH_RATE_LIMIT: '1000', EVENTS_FLUSH_MS: '3600000' }, (served) => {
  ({ app, store } = served);
});

it('answers 401 without a session and 403 to a change from another Origin', async () => {
  const anonymous = await app.inject({ url: URL });
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
  expect(anonymous.headers['cache-control']).toBe('no-store');
  const browser = await signedInBrowser(app, store, ORIGIN, 'Artist');
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const foreign = await app.inject({ method: 'POST', url: URL, headers: { cookie, origin: 'https://evil.example' } });
  expect(foreign.statusCode).toBe(403);
  expect(foreign.json()).toMatchObject({ code: 'ORIGIN_REFUSED' });
});

it('shows the counts sent a moment ago, over the days asked', async () => {
  // Two visits of /pt, each page's request as a browser sends it (one request counts a view once).
  const send = (events: PageEvent[]) => postEvents(app, events);
  const first = await send([
    { type: 'view', path: '/pt', lang: 'pt' },
    { type: 'click', from: LANDING, platform: 'deezer' },
    { type: 'vital', path: '/pt', metric: 'CLS', value: 0.004 },
  ]);
  expect(first.statusCode).toBe(204);
  expect((await send([{ type: 'view', path: '/pt', lang: 'pt' }])).statusCode).toBe(204);
  const browser = await signedInBrowser(app, store, ORIGIN, 'Second');
  const answer = await browser.request('GET', URL);
  expect(answer.statusCode).toBe(200);
  const numbers = answer.json<NumbersAnswer>();
  expect(numbers.days).toHaveLength(NUMBERS_DEFAULT_DAYS);
  expect(numbers.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
  expect(numbers.views).toEqual([
    { path: '/pt', lang: 'pt', total: 2, byDay: [...Array<number>(NUMBERS_DEFAULT_DAYS - 1).fill(0), 2] },
  ]);
  expect(numbers.clicks).toEqual([{ from: LANDING, platform: 'deezer', count: 1 }]);
  expect(numbers.vitals).toEqual([{ page: '/pt', metric: 'CLS', samples: 1, p75: 0.005, beyond: null }]);
  expect(numbers.tracks).toEqual([]);

  expect((await browser.request('GET', `${URL}?days=7`)).json<NumbersAnswer>().days).toHaveLength(7);
  for (const days of ['0', String(NUMBERS_MAX_DAYS + 1), '-1', 'x', '1e2']) {
    const refused = await browser.request('GET', `${URL}?days=${days}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  }
});
