/**
 * One suite, both engines: SQLite in a temporary folder and a real PostgreSQL server. What
 * the contact route and the outbox rely on must hold the same in each, including across two
 * store instances on one database (two server instances).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { MessageStore, MessageStoreOptions } from '../../../server/services/contact/message-store.ts';
import { openPostgresStore, openSqliteStore } from '../../../server/services/stores/open-store.ts';
import { useBothEngines } from './both-engines.ts';
import { numberedMessage } from './contact-fixture.ts';

const databases = useBothEngines();

/** Opens two stores on one fresh database (as two server instances would). */
type OpenPair = (options?: MessageStoreOptions) => Promise<[MessageStore, MessageStore]>;

const engines: [string, OpenPair][] = [
  [
    'SQLite',
    async (options) => {
      const dir = databases.sqliteFolder('store-test-');
      return [await openSqliteStore(dir, options), await openSqliteStore(dir, options)];
    },
  ],
  [
    'PostgreSQL',
    async (options) => {
      const url = await databases.postgresDatabase();
      return Promise.all([openPostgresStore(url, options), openPostgresStore(url, options)]);
    },
  ],
];

describe.each(engines)('the %s store', (_engine, openPair) => {
  let stores: MessageStore[] = [];
  const open = async (options?: MessageStoreOptions) => {
    const pair = await openPair(options);
    stores.push(...pair);
    return pair;
  };
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    stores = [];
  });

  it('stores a message and lists it newest first, with its delivery state', async () => {
    const [store] = await open();
    const first = await store.add(numberedMessage(1), 1_000);
    await store.add(numberedMessage(2), 2_000);
    expect(first).toMatchObject({ duplicate: false, message: { id: expect.any(Number) as unknown, name: 'Fan 1' } });
    const listed = await store.list();
    expect(listed.map((m) => m.name)).toEqual(['Fan 2', 'Fan 1']);
    expect(listed[1]).toMatchObject({
      email: 'fan1@example.org',
      lang: 'pt',
      artistStatus: 'pending',
      replyStatus: 'pending',
      attempts: 0,
      lastError: null,
      nextAttemptAt: 1_000,
      deliveredAt: null,
      createdAt: new Date(1_000).toISOString(),
    });
    expect(await store.get(first.message.id)).toEqual(listed[1]);
  });

  it('keeps any valid text exactly', async () => {
    const [store, other] = await open();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }).filter((text) => !text.includes('\u0000')),
        async (text) => {
          // A sender of its own each time: texts equal but for spacing ('\td', 'd') would
          // otherwise be taken for a resubmission and return the earlier message.
          sent += 1;
          const { message: stored } = await store.add(
            numberedMessage(0, { name: 'Text', message: text, email: `text${sent}@x.org` }),
          );
          expect((await other.get(stored.id))?.message).toBe(text);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('stores a resubmitted message once, from either instance', async () => {
    const [a, b] = await open();
    await a.add(numberedMessage(1), 1_000);
    const again = await b.add(numberedMessage(1, { message: '  MESSAGE   number 1 ' }), 2_000);
    expect(again.duplicate).toBe(true);
    expect(await a.list()).toHaveLength(1);
  });

  it('gives one auto-reply per address a day, whatever its case, across instances racing', async () => {
    const [a, b] = await open();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        (n % 2 ? a : b).add(numberedMessage(n, { email: n % 3 ? 'Same@Example.org' : 'same@example.org' }), 10_000 + n),
      ),
    );
    expect(results.filter((result) => result.message.replyStatus === 'pending')).toHaveLength(1);
    expect(results.filter((result) => result.replySkipped === 'address-replied-today')).toHaveLength(11);
    const nextDay = await a.add(numberedMessage(99, { email: 'same@example.org' }), 10_100 + 24 * 60 * 60 * 1000);
    expect(nextDay.message.replyStatus).toBe('pending');
  });

  it("gives one auto-reply per mailbox whatever its +tag or Gmail dots, and none to the site's own", async () => {
    const [a, b] = await open({ ownAddresses: ['andre@example.com', 'no-reply@example.com'] });
    const emails = [
      'victim+1@example.org',
      'Victim+2@example.org',
      'v.ictim@gmail.com',
      'victim+x@googlemail.com',
      'victim@example.net',
      'ANDRE+site@example.com',
    ];
    const results = [];
    for (const [n, email] of emails.entries())
      results.push(await (n % 2 ? a : b).add(numberedMessage(n, { email }), 1_000 + n));
    expect(results.map((result) => result.replySkipped ?? 'reply')).toEqual([
      'reply',
      'address-replied-today',
      'reply',
      'address-replied-today',
      'reply',
      'own-address',
    ]);
    expect(results[1]?.message.email).toBe('Victim+2@example.org');
  });

  it('records a mail given up as failed, with why, and claims it no more', async () => {
    const [store] = await open();
    const { message: added } = await store.add(numberedMessage(1), 1_000);
    await store.claimDue(1_000, 1, 60_000);
    await store.markFailed(added.id, 'auto-reply refused for good: SMTP 550', 2_000, ['reply']);
    expect(await store.get(added.id)).toMatchObject({ artistStatus: 'pending', replyStatus: 'failed', attempts: 1 });
    await store.markFailed(added.id, 'gave up after 2 attempts', 3_000, ['artist']);
    expect(await store.get(added.id)).toMatchObject({
      artistStatus: 'failed',
      replyStatus: 'failed',
      attempts: 2,
      lastError: 'gave up after 2 attempts',
    });
    expect(await store.nextDue()).toBeNull();
    expect(await store.claimDue(99_999, 10, 60_000)).toEqual([]);
  });

  it('marks read and handled (keeping when first), counts the unread, across instances', async () => {
    const [a, b] = await open();
    const { message: first } = await a.add(numberedMessage(1), 1_000);
    const { message: second } = await a.add(numberedMessage(2), 2_000);
    expect(first).toMatchObject({ readAt: null, handledAt: null });
    expect(await b.unreadCount()).toBe(2);
    expect(await a.markRead(first.id, true, 3_000)).toBe(true);
    expect(await b.markRead(first.id, true, 4_000)).toBe(true);
    expect(await b.get(first.id)).toMatchObject({ readAt: new Date(3_000).toISOString() });
    expect(await a.unreadCount()).toBe(1);
    expect(await b.markHandled(second.id, true, 5_000)).toBe(true);
    expect(await a.get(second.id)).toMatchObject({ handledAt: new Date(5_000).toISOString(), readAt: null });
    expect(await a.markHandled(second.id, false)).toBe(true);
    expect(await a.markRead(first.id, false)).toBe(true);
    expect(await a.get(second.id)).toMatchObject({ handledAt: null });
    expect(await b.unreadCount()).toBe(2);
    expect(await a.markRead(999_999, true)).toBe(false);
    expect(await a.markHandled(999_999, true)).toBe(false);
  });

  it('deletes a message for good, from every list and every instance, once', async () => {
    const [a, b] = await open();
    const { message: kept } = await a.add(numberedMessage(1), 1_000);
    const { message: gone } = await a.add(numberedMessage(2), 2_000);
    expect(await b.remove(gone.id)).toBe(true);
    expect(await a.remove(gone.id)).toBe(false);
    expect(await a.get(gone.id)).toBeUndefined();
    expect((await a.list()).map((m) => m.id)).toEqual([kept.id]);
    expect(await a.unreadCount()).toBe(1);
    // A deleted message that was still to be mailed is due no more.
    expect((await a.claimDue(9_000, 10, 60_000)).map((m) => m.id)).toEqual([kept.id]);
  });

  it('keeps why a message got no auto-reply', async () => {
    const [store] = await open({ autoRepliesPerHour: 1 });
    const { message: replied } = await store.add(numberedMessage(1), 1_000);
    const { message: again } = await store.add(numberedMessage(2, { email: 'fan1@example.org' }), 2_000);
    const { message: capped } = await store.add(numberedMessage(3), 3_000);
    expect(replied).toMatchObject({ replyStatus: 'pending', replySkipReason: null });
    expect(await store.get(again.id)).toMatchObject({
      replyStatus: 'skipped',
      replySkipReason: 'address-replied-today',
    });
    expect(await store.get(capped.id)).toMatchObject({ replyStatus: 'skipped', replySkipReason: 'hourly-cap' });
  });

  it('queues the mails given up again, and only those, across instances', async () => {
    const [a, b] = await open();
    const { message: refused } = await a.add(numberedMessage(1), 1_000);
    const { message: replyFailed } = await a.add(numberedMessage(2), 2_000);
    const { message: fine } = await a.add(numberedMessage(3), 3_000);
    await a.markFailed(refused.id, 'refused', 9_000, ['artist', 'reply']);
    await a.markArtistSent(replyFailed.id, 2_500);
    await a.markFailed(replyFailed.id, 'refused', 9_000, ['reply']);
    await a.markFailed(fine.id, 'will retry', 9_000);
    expect(await b.failedCount()).toBe(2);
    expect(await b.retryFailed(20_000)).toBe(2);
    expect(await a.failedCount()).toBe(0);
    expect(await a.get(refused.id)).toMatchObject({
      artistStatus: 'pending',
      replyStatus: 'pending',
      attempts: 0,
      nextAttemptAt: 20_000,
    });
    expect(await a.get(replyFailed.id)).toMatchObject({ artistStatus: 'sent', replyStatus: 'pending', attempts: 0 });
    expect(await a.get(fine.id)).toMatchObject({ artistStatus: 'pending', attempts: 1, nextAttemptAt: 9_000 });
    expect((await a.claimDue(20_000, 10, 60_000)).map((m) => m.id).sort()).toEqual(
      [refused.id, replyFailed.id, fine.id].sort(),
    );
    expect(await b.retryFailed(30_000)).toBe(0);
  });

  it('lists in pages, newest first, each older than the last', async () => {
    const [store] = await open();
    for (let n = 1; n <= 5; n += 1) await store.add(numberedMessage(n), n * 1_000);
    const first = await store.list({ limit: 2 });
    expect(first.map((m) => m.name)).toEqual(['Fan 5', 'Fan 4']);
    const second = await store.list({ limit: 2, beforeId: first.at(-1)?.id ?? 0 });
    expect(second.map((m) => m.name)).toEqual(['Fan 3', 'Fan 2']);
    const last = await store.list({ limit: 2, beforeId: second.at(-1)?.id ?? 0 });
    expect(last.map((m) => m.name)).toEqual(['Fan 1']);
  });

  it('stops auto-replies past the hourly cap, across instances', async () => {
    const [a, b] = await open({ autoRepliesPerHour: 3 });
    const results = [];
    for (let n = 0; n < 5; n += 1) results.push(await (n % 2 ? a : b).add(numberedMessage(n), 1_000 + n));
    expect(results.map((result) => result.replySkipped ?? 'reply')).toEqual([
      'reply',
      'reply',
      'reply',
      'hourly-cap',
      'hourly-cap',
    ]);
    const anHourLater = await a.add(numberedMessage(9), 1_000 + 60 * 60 * 1000 + 1);
    expect(anHourLater.replySkipped).toBeUndefined();
  });

  it('lets each due message be claimed by one instance at a time, until its lease runs out', async () => {
    const [a, b] = await open();
    for (let n = 0; n < 6; n += 1) await a.add(numberedMessage(n), 1_000 + n);
    const [claimedA, claimedB] = await Promise.all([a.claimDue(5_000, 4, 60_000), b.claimDue(5_000, 4, 60_000)]);
    const ids = [...claimedA, ...claimedB].map((m) => m.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(await a.claimDue(6_000, 10, 60_000)).toEqual([]);
    expect(await a.nextDue()).toBe(65_000);
    // The holder died: the lease runs out and another instance gets the message.
    expect((await b.claimDue(65_000, 10, 60_000)).map((m) => m.id).sort()).toEqual([...ids].sort());
  });

  it('holds the mail to the artist past the hourly budget of single mails, across instances', async () => {
    const [a, b] = await open({ artistMailsPerHour: 2, digestIntervalMs: 1_000 });
    const added = [];
    for (let n = 0; n < 4; n += 1) added.push((await (n % 2 ? a : b).add(numberedMessage(n), 1_500 + n)).message);
    expect(added.map((m) => m.artistStatus)).toEqual(['pending', 'pending', 'held', 'held']);
    // Held for the next slot, auto-reply included: claimed only for a digest.
    expect(added[2]).toMatchObject({ artistDigest: true, nextAttemptAt: 2_000, replyStatus: 'pending' });
    const ids = added.map((m) => m.id);
    expect((await a.claimDue(5_000, 10, 60_000)).map((m) => m.id)).toEqual(ids.slice(0, 2));
    await a.markArtistSent(ids[0] ?? 0, 1_600);
    await a.markArtistSent(ids[1] ?? 0, 1_700);
    // Single mails sent in the last hour still count...
    expect((await b.add(numberedMessage(5), 1_800)).message.artistStatus).toBe('held');
    const anHourOn = 1_600 + 60 * 60 * 1000 + 1;
    expect((await b.add(numberedMessage(6), anHourOn)).message.artistStatus).toBe('pending');
    expect((await a.add(numberedMessage(7), anHourOn + 1)).message.artistStatus).toBe('held');
    // ...mails given up and digests do not.
    await a.markFailed(ids[1] ?? 0, 'gone', anHourOn, ['artist']);
    const digest = await b.claimDigest(anHourOn + 2, 10, 60_000);
    expect(digest).toMatchObject({ waiting: 1 });
    expect(digest.messages.map((m) => m.id)).toEqual([ids[2], ids[3], expect.any(Number)]);
    await b.markDigestSent(
      digest.messages.map((m) => m.id),
      anHourOn + 3,
    );
    expect((await a.add(numberedMessage(8), anHourOn + 4)).message.artistStatus).toBe('pending');
  });

  it('gives each slot one digest of the oldest held messages, across instances, and the rest the next', async () => {
    const [a, b] = await open({ artistMailsPerHour: 0, digestIntervalMs: 1_000 });
    const ids = [];
    for (let n = 0; n < 5; n += 1) ids.push((await (n % 2 ? a : b).add(numberedMessage(n), 100 + n)).message.id);
    expect(await a.nextDue()).toBe(1_000);
    expect(await a.claimDigest(999, 3, 60_000)).toEqual({ messages: [], waiting: 0 });
    const claims = await Promise.all([a.claimDigest(1_000, 3, 60_000), b.claimDigest(1_000, 3, 60_000)]);
    const winner = claims.find((claim) => claim.messages.length > 0);
    expect(winner?.messages.map((m) => m.id)).toEqual(ids.slice(0, 3));
    expect(winner?.waiting).toBe(2);
    expect(claims.filter((claim) => claim.messages.length === 0)).toHaveLength(1);
    expect((await b.claimDigest(1_999, 3, 60_000)).messages).toEqual([]);
    expect(await a.nextDue()).toBe(2_000);

    await a.markDigestSent(ids.slice(0, 3), 1_500);
    expect(await b.get(ids[0] ?? 0)).toMatchObject({
      artistStatus: 'sent',
      artistDigest: true,
      deliveredAt: new Date(1_500).toISOString(),
    });
    // Their auto-replies are due at once; the other two are still held.
    expect((await b.claimDue(1_500, 10, 60_000)).map((m) => m.id)).toEqual(ids.slice(0, 3));
    const next = await b.claimDigest(2_000, 3, 60_000);
    expect(next).toMatchObject({ waiting: 0 });
    expect(next.messages.map((m) => m.id)).toEqual(ids.slice(3));

    // A failed digest leaves its messages held, with the attempt counted...
    await b.markFailed(ids[3] ?? 0, 'digest to the artist: SMTP 451', 3_000);
    expect(await a.get(ids[3] ?? 0)).toMatchObject({ artistStatus: 'held', attempts: 1, nextAttemptAt: 3_000 });
    expect((await a.claimDigest(3_000, 3, 60_000)).messages.map((m) => m.id)).toEqual([ids[3]]);
    // ...and a holder that died leaves its digest to the first slot after the lease.
    expect((await b.claimDigest(62_999, 3, 60_000)).messages).toEqual([]);
    expect((await b.claimDigest(63_000, 3, 60_000)).messages.map((m) => m.id)).toEqual([ids[4]]);
  });

  it('records delivery, failure and release', async () => {
    const [store] = await open();
    const { message: added } = await store.add(numberedMessage(1), 1_000);
    const [claimed] = await store.claimDue(1_000, 10, 60_000);
    expect(claimed?.id).toBe(added.id);
    await store.markFailed(added.id, 'x'.repeat(600), 9_000);
    expect(await store.get(added.id)).toMatchObject({ attempts: 1, nextAttemptAt: 9_000 });
    expect((await store.get(added.id))?.lastError).toHaveLength(500);
    expect(await store.claimDue(8_999, 10, 60_000)).toEqual([]);
    expect(await store.nextDue()).toBe(9_000);
    await store.claimDue(9_000, 10, 60_000);
    await store.markArtistSent(added.id, 9_500);
    await store.markReplySent(added.id);
    await store.release(added.id);
    expect(await store.get(added.id)).toMatchObject({
      artistStatus: 'sent',
      replyStatus: 'sent',
      deliveredAt: new Date(9_500).toISOString(),
    });
    expect(await store.nextDue()).toBeNull();
    expect(await store.claimDue(99_999, 10, 60_000)).toEqual([]);
  });
});

describe('opening PostgreSQL', () => {
  it('migrates once when two instances start together, and again finds its tables', async () => {
    const url = await databases.postgresDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    await a.add(numberedMessage(1));
    await Promise.all([a.close(), b.close()]);
    const reopened = await openPostgresStore(url);
    expect(await reopened.list()).toHaveLength(1);
    await reopened.close();
  });

  it('rejects, naming why, when the server cannot be reached', async () => {
    await expect(openPostgresStore('postgres://site@127.0.0.1:1/none')).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});

describe('opening SQLite after a crash', () => {
  it('takes over the leases of the process before it (one instance per DATA_DIR), only when asked', async () => {
    const dir = databases.sqliteFolder('store-test-');
    const crashed = await openSqliteStore(dir);
    await crashed.add(numberedMessage(1), 1_000);
    expect(await crashed.claimDue(2_000, 1, 600_000)).toHaveLength(1);
    await crashed.close();

    const reader = await openSqliteStore(dir);
    expect(await reader.claimDue(3_000, 1, 600_000)).toEqual([]);
    await reader.close();
    const restarted = await openSqliteStore(dir, { takeOverLeases: true });
    expect(await restarted.claimDue(3_000, 1, 600_000)).toHaveLength(1);
    await restarted.close();
  });

  it('sends a digest claimed before the crash at the next slot, not after its lease', async () => {
    const dir = databases.sqliteFolder('store-test-');
    const options = { artistMailsPerHour: 0, digestIntervalMs: 1_000 };
    const crashed = await openSqliteStore(dir, options);
    const { message: held } = await crashed.add(numberedMessage(1), Date.now());
    const slot = held.nextAttemptAt;
    expect((await crashed.claimDigest(slot, 10, 600_000)).messages).toHaveLength(1);
    await crashed.close();

    const restarted = await openSqliteStore(dir, { ...options, takeOverLeases: true });
    const { nextAttemptAt } = (await restarted.get(held.id)) ?? { nextAttemptAt: 0 };
    expect(nextAttemptAt).toBeLessThanOrEqual(Date.now() + 1_000);
    expect((await restarted.claimDigest(nextAttemptAt, 10, 600_000)).messages.map((m) => m.id)).toEqual([held.id]);
    await restarted.close();
  });
});
