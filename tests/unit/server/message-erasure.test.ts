/**
 * A message deleted for good (a visitor's right to erasure) while the outbox still had mail of
 * it to send: it is simply not delivered, and the outbox goes on with the others. Real stores
 * of both engines, the real outbox and mailer, a real SMTP peer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageStore, MessageStoreOptions, NewMessage } from '../../../server/services/contact/message-store.ts';
import { startOutbox, type Outbox } from '../../../server/services/contact/outbox.ts';
import { openPostgresStore, openSqliteStore } from '../../../server/services/stores/open-store.ts';
import { startPostgres, type PostgresServer } from '../../../perf/harness/engines.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { ARTIST, peerMailer } from './contact-fixture.ts';

let postgres: PostgresServer;
let smtp: SmtpPeer;
const folders: string[] = [];

beforeAll(async () => {
  [postgres, smtp] = await Promise.all([startPostgres(), startSmtpPeer()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([postgres.close(), smtp.close()]);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const engines: [string, (options?: MessageStoreOptions) => Promise<MessageStore>][] = [
  [
    'SQLite',
    async (options) => {
      const dir = mkdtempSync(join(tmpdir(), 'erasure-'));
      folders.push(dir);
      return openSqliteStore(dir, options);
    },
  ],
  ['PostgreSQL', async (options) => openPostgresStore(await postgres.createDatabase(), options)],
];

/** Digests every 300 ms, and every mail to the artist held for one. */
const DIGESTS_ONLY = { artistMailsPerHour: 0, digestIntervalMs: 300 };

const message = (text: string): NewMessage => ({
  name: 'Fan',
  email: `${text}@example.org`,
  message: text,
  lang: 'pt',
});
const mailsWith = (text: string) => smtp.received.filter((mail) => mail.raw.includes(text));
const warnings: string[] = [];

function outboxOver(store: MessageStore, retryMs = 20, digestIntervalMs = 60_000): Outbox {
  const mailer = peerMailer(smtp);
  return startOutbox({
    store,
    mailer,
    log: { info: () => undefined, warn: (_fields: object, text: string) => void warnings.push(text) },
    retryBaseMs: retryMs,
    retryMaxMs: retryMs,
    maxAttempts: 50,
    idleCheckMs: 50,
    digestIntervalMs,
    digestMaxMessages: 10,
  });
}

describe.each(engines)('on %s, a message deleted before its mails are sent', (engine, openStore) => {
  const text = (what: string) => `${what}-${engine.toLowerCase()}`;
  it('while waiting for a retry: never delivered, and the next message still is', async () => {
    const store = await openStore();
    smtp.refuseWith(451);
    const { message: gone } = await store.add(message(text('erased-while-pending')));
    // Its retry comes soon, but not before it is deleted.
    const outbox = outboxOver(store, 2_000);
    try {
      await expect.poll(async () => (await store.get(gone.id))?.attempts ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await store.remove(gone.id)).toBe(true);
      smtp.refuseWith(null);
      const { message: next } = await store.add(message(text('after-the-erasure')));
      outbox.notify();
      await expect.poll(async () => (await store.get(next.id))?.replyStatus, { timeout: 10_000 }).toBe('sent');
      // Nothing is left to send: the deleted message is due no more.
      expect(await store.nextDue()).toBeNull();
      expect(mailsWith(text('erased-while-pending'))).toEqual([]);
    } finally {
      smtp.refuseWith(null);
      await outbox.close();
      await store.close();
    }
  }, 30_000);

  it('while the outbox holds it, between its two mails: the auto-reply does not go', async () => {
    const real = await openStore();
    const before = warnings.length;
    const { message: gone } = await real.add(message(text('erased-while-leased')));
    // The real store, deleting that message right after its first mail is recorded: exactly
    // while the outbox's lease on it runs.
    const store: MessageStore = {
      ...real,
      markArtistSent: async (id, now) => {
        await real.markArtistSent(id, now);
        if (id === gone.id) await real.remove(id);
      },
    };
    const outbox = outboxOver(store);
    try {
      await expect.poll(() => mailsWith(text('erased-while-leased')).length, { timeout: 10_000 }).toBe(1);
      const [artistMail] = mailsWith(text('erased-while-leased'));
      expect(artistMail?.recipients).toEqual([ARTIST]);
      const { message: next } = await real.add(message(text('after-the-leased-one')));
      outbox.notify();
      await expect.poll(() => mailsWith(text('after-the-leased-one')).length, { timeout: 10_000 }).toBe(2);
      expect(await real.get(gone.id)).toBeUndefined();
      expect(await real.get(next.id)).toMatchObject({ artistStatus: 'sent', replyStatus: 'sent' });
      // Nothing went wrong on the way: no failure was recorded or logged.
      expect(mailsWith(text('erased-while-leased'))).toHaveLength(1);
      expect(warnings.slice(before)).toEqual([]);
    } finally {
      await outbox.close();
      await real.close();
    }
  }, 30_000);

  it('while claimed for a digest: left out of it, the others in it', async () => {
    const real = await openStore(DIGESTS_ONLY);
    const { message: gone } = await real.add(message(text('erased-from-digest')));
    const { message: kept } = await real.add(message(text('kept-in-digest')));
    // The real store, deleting that message right after the digest claimed it.
    const store: MessageStore = {
      ...real,
      claimDigest: async (now, limit, leaseMs) => {
        const claim = await real.claimDigest(now, limit, leaseMs);
        if (claim.messages.some((claimed) => claimed.id === gone.id)) await real.remove(gone.id);
        return claim;
      },
    };
    const outbox = outboxOver(store, 20, DIGESTS_ONLY.digestIntervalMs);
    try {
      await expect.poll(async () => (await real.get(kept.id))?.replyStatus, { timeout: 10_000 }).toBe('sent');
      const [digest] = mailsWith(text('kept-in-digest')).filter((mail) => mail.recipients.includes(ARTIST));
      expect(digest?.parsed.messageId).toMatch(/^<contact-digest-/);
      expect(mailsWith(text('erased-from-digest'))).toEqual([]);
    } finally {
      await outbox.close();
      await real.close();
    }
  }, 30_000);
});
