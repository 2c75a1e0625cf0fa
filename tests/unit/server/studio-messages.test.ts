/**
 * The studio's inbox through the real app, the real sign-in (a software passkey) and real
 * stores of both engines: the list and its delivery states, marking read and handled,
 * deleting for good, the exports read back, and the guards on every route.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { validateContact } from '../../../server/services/contact/contact-validation.ts';
import type { MessageStore } from '../../../server/services/contact/message-store.ts';
import type { Outbox } from '../../../server/services/contact/outbox.ts';
import {
  INBOX_PAGE_SIZE,
  INBOX_ROUTES,
  type InboxChanged,
  type InboxMessage,
  type InboxPage,
} from '../../../src/lib/studio-messages.ts';
import { FORMULA, parseCsv } from './csv-parse.ts';
import { useBothEngines } from './both-engines.ts';
import { numberedMessage } from './contact-fixture.ts';
import { expectGuarded, useSignedInApp } from './signed-in-app.ts';
import type { StudioBrowser } from './studio-browser.ts';

const databases = useBothEngines();

describe.each(databases.appDatabases)('the inbox on %s', (_engine, database) => {
  let app: FastifyInstance;
  let store: MessageStore;
  let outbox: Outbox;
  let browser: StudioBrowser;

  useSignedInApp(
    // The mails go to DATA_DIR/outbox: the artist's mail never fails, the auto-reply neither.
    async () => ({ AUTO_REPLY_HOURLY_LIMIT: '2', ...(await database()) }),
    async (served) => {
      ({ app, browser } = served);
      const opened = await app.inbox.open();
      if (!opened) throw new Error('the inbox did not open');
      ({ store, outbox } = opened);
    },
  );

  /** A request as the studio's page makes it: its cookies and token, and its Origin on a change. */
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    browser.request(method, url, payload);
  const page = async (query = '') => {
    const answer = await call('GET', `${INBOX_ROUTES.list}${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json<InboxPage>();
  };
  const exported = async () => (await call('GET', INBOX_ROUTES.exportJson)).json<{ id: number; message: string }[]>();
  afterEach(async () => {
    for (const message of await store.list()) await store.remove(message.id);
  });

  it('refuses every route without a session (401) and every change from another origin (403)', async () => {
    const { message } = await store.add(numberedMessage(1));
    await expectGuarded(app, browser, [
      ['GET', INBOX_ROUTES.list],
      ['GET', INBOX_ROUTES.exportJson],
      ['GET', INBOX_ROUTES.exportCsv],
      ['POST', INBOX_ROUTES.one(message.id), { read: true }],
      ['DELETE', INBOX_ROUTES.one(message.id)],
      ['POST', INBOX_ROUTES.retry],
    ]);
    // Nothing changed.
    expect(await store.get(message.id)).toMatchObject({ readAt: null });
  });

  it('lists the messages newest first, with the unread count and each mail in words', async () => {
    const { message: first } = await store.add(numberedMessage(1, { email: 'same@example.org' }));
    const { message: second } = await store.add(numberedMessage(2, { email: 'same@example.org', lang: 'es' }));
    await store.markFailed(first.id, 'smtp.internal.example said no', Date.now() + 60_000, ['artist']);
    const answer = await call('GET', INBOX_ROUTES.list);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-robots-tag']).toContain('noindex');
    const { unread, messages, next } = answer.json<InboxPage>();
    expect({ unread, next, ids: messages.map((m) => m.id) }).toEqual({
      unread: 2,
      next: null,
      ids: [second.id, first.id],
    });
    const [newest, oldest] = messages as [InboxMessage, InboxMessage];
    expect(newest).toMatchObject({
      name: 'Fan 2',
      email: 'same@example.org',
      message: 'Message number 2',
      lang: 'es',
      readAt: null,
      handledAt: null,
      reply: { state: 'skipped', skipped: 'address-replied-today' },
    });
    expect(['sending', 'mailed']).toContain(newest.artist.state);
    expect(oldest).toMatchObject({ artist: { state: 'failed' }, attempts: 1 });
    // The reason of a failure may name a mail server: the inbox leaves it to the export.
    expect(answer.body).not.toContain('smtp.internal.example');
  });

  it('pages a long inbox: each page older than the last, every message once', async () => {
    for (let n = 0; n < INBOX_PAGE_SIZE + 3; n += 1) await store.add(numberedMessage(n));
    const first = await page();
    expect(first.messages).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.next).toBe(first.messages.at(-1)?.id);
    const second = await page(`?before=${first.next}`);
    expect(second).toMatchObject({ next: null, unread: INBOX_PAGE_SIZE + 3 });
    const ids = [...first.messages, ...second.messages].map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(INBOX_PAGE_SIZE + 3);
    for (const bad of ['?before=0', '?before=x', '?before=1.5', '?before=-3']) {
      expect((await call('GET', `${INBOX_ROUTES.list}${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('marks read and handled, answering alike when asked twice; 404 unknown, 400 invalid', async () => {
    const { message } = await store.add(numberedMessage(1));
    const mark = (id: number | string, payload: object) =>
      call('POST', `${INBOX_ROUTES.list}/${id}`, payload).then((answer) => ({
        status: answer.statusCode,
        body: answer.json<InboxChanged & { code?: string }>(),
      }));
    const read = await mark(message.id, { read: true });
    expect(read).toMatchObject({ status: 200, body: { unread: 0, message: { id: message.id, handledAt: null } } });
    expect(read.body.message?.readAt).toEqual(expect.any(String));
    expect(await mark(message.id, { read: true })).toEqual(read);
    const handled = await mark(message.id, { handled: true });
    expect(handled.body.message?.handledAt).toEqual(expect.any(String));
    expect((await mark(message.id, { read: false, handled: false })).body).toMatchObject({
      unread: 1,
      message: { readAt: null, handledAt: null },
    });
    expect(await mark(999_999, { read: true })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999']) {
      expect((await mark(id, { read: true })).status, id).toBe(400);
    }
    for (const body of [{}, { read: 'maybe' }, { handled: {} }]) {
      const answer = await mark(message.id, body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    }
  });

  it('deletes a message for good: gone from the list, the exports and the store; again, 404', async () => {
    const { message: kept } = await store.add(numberedMessage(1));
    const { message: gone } = await store.add(numberedMessage(2, { message: 'Please forget me' }));
    const deleted = await call('DELETE', INBOX_ROUTES.one(gone.id));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: null, unread: 1 });
    expect((await page()).messages.map((m) => m.id)).toEqual([kept.id]);
    expect((await exported()).map((m) => m.id)).toEqual([kept.id]);
    expect((await call('GET', INBOX_ROUTES.exportCsv)).body).not.toContain('Please forget me');
    expect(await store.get(gone.id)).toBeUndefined();
    const again = await call('DELETE', INBOX_ROUTES.one(gone.id));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call('DELETE', `${INBOX_ROUTES.list}/abc`)).statusCode).toBe(400);
  });

  it('queues the mails given up again, which the outbox then delivers', async () => {
    const { message: refused } = await store.add(numberedMessage(1, { email: 'refused@example.org' }));
    outbox.notify();
    await expect.poll(async () => (await store.get(refused.id))?.artistStatus).toBe('sent');
    await store.markFailed(refused.id, 'refused', Date.now(), ['artist']);
    expect((await page()).failed).toBe(1);
    const retried = await call('POST', INBOX_ROUTES.retry);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ retried: 1 });
    await expect.poll(async () => (await store.get(refused.id))?.artistStatus).toBe('sent');
    expect((await page()).failed).toBe(0);
    expect((await call('POST', INBOX_ROUTES.retry)).json()).toEqual({ retried: 0 });
  });

  it('exports every message as JSON and CSV files to download, formulas neutralised', async () => {
    await store.add(numberedMessage(1, { name: '=HYPERLINK("http://evil.example")', message: 'a;@SUM(1);b' }));
    await store.add(numberedMessage(2, { message: 'Olá, "entre aspas"\nsegunda linha' }));
    const json = await call('GET', INBOX_ROUTES.exportJson);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(json.json<{ name: string }[]>().map((m) => m.name)).toEqual(['Fan 2', '=HYPERLINK("http://evil.example")']);
    const csv = await call('GET', INBOX_ROUTES.exportCsv);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = parseCsv(csv.body, ',', true);
    const column = (name: string) => header?.indexOf(name) ?? -1;
    expect(rows.map((row) => row[column('message')])).toEqual(['Olá, "entre aspas"\nsegunda linha', "a;'@SUM(1);b"]);
    for (const [delimiter, strict] of [
      [',', true],
      [';', false],
    ] as const) {
      for (const cell of parseCsv(csv.body, delimiter, strict).flat()) expect(FORMULA.test(cell), cell).toBe(false);
    }
  });

  it('round-trips any message the contact form accepts through both exports', async () => {
    const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 200 });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.record({ name: text, message: text }), async (draft) => {
        const valid = validateContact({ ...draft, email: `fan${(n += 1)}@example.org`, lang: 'en' });
        if (!valid.ok) return;
        const { message } = await store.add(valid.message);
        const json = (await exported()).find((m) => m.id === message.id);
        expect(json).toMatchObject({ name: valid.message.name, message: valid.message.message });
        const [header, ...rows] = parseCsv((await call('GET', INBOX_ROUTES.exportCsv)).body, ',', true);
        const row = rows.find((cells) => cells[header?.indexOf('id') ?? -1] === String(message.id));
        // Only an apostrophe is added, where a formula could start; the rest is the text exactly.
        const unguarded = (cell: string | undefined) => cell?.replaceAll("'", '');
        expect(unguarded(row?.[header?.indexOf('name') ?? -1])).toBe(unguarded(valid.message.name));
        expect(unguarded(row?.[header?.indexOf('message') ?? -1])).toBe(unguarded(valid.message.message));
        await store.remove(message.id);
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
