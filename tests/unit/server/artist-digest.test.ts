/**
 * The artist's mail budget: past ARTIST_MAILS_PER_HOUR single mails in an hour, a message is
 * still stored and acknowledged, but its mail to the artist is held for a digest, sent once
 * per DIGEST_INTERVAL_MS slot with at most DIGEST_MAX_MESSAGES messages. Through the real
 * server, real SQLite and PostgreSQL stores and a real SMTP peer; the digests are read back
 * with mailparser.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validateContact } from '../../../server/services/contact/contact-validation.ts';
import type { MessageStore, StoredMessage } from '../../../server/services/contact/message-store.ts';
import { openPostgresStore, openSqliteStore } from '../../../server/services/stores/open-store.ts';
import { startPostgres, type PostgresServer } from '../../../perf/harness/engines.ts';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { peerMailer, unattemptedMessage } from './contact-fixture.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { runScript } from './run-script.ts';

const ARTIST = 'andre@example.com';
/** Short slots, so a test sees several; long enough that ten messages are sent within one. */
const INTERVAL_MS = 2_000;
let site: FixtureSite;
let smtp: SmtpPeer;
let apps: FastifyInstance[] = [];

const build = async (env: Record<string, string> = {}) => {
  const app = await buildTestApp(site, {
    SMTP_URL: smtp.url,
    MAIL_TO: ARTIST,
    MAIL_FROM: 'Site <no-reply@example.com>',
    OUTBOX_RETRY_BASE_MS: '20',
    OUTBOX_RETRY_MAX_MS: '40',
    ARTIST_MAILS_PER_HOUR: '3',
    DIGEST_INTERVAL_MS: String(INTERVAL_MS),
    ...env,
  });
  apps.push(app);
  return app;
};

beforeEach(async () => {
  site = createFixtureSite();
  smtp = await startSmtpPeer();
});
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  await smtp.close();
  site.cleanup();
});

const valid = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.org`,
  message: `Hello, message ${n}\nsecond line`,
  lang: (['pt', 'en', 'es'] as const)[n % 3] ?? 'pt',
});

/** Message n from its own address in one of four networks, as a flooding crowd sends. */
const send = (app: FastifyInstance, n: number) =>
  app.inject({
    method: 'POST',
    url: '/api/send-email',
    remoteAddress: `198.51.${100 + (n % 4)}.${n + 1}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(valid(n)),
  });

/** Sends messages 0…count-1, early in a slot, so that they are all held for the same one. */
async function sendEarlyInASlot(app: FastifyInstance, count: number) {
  await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS - (Date.now() % INTERVAL_MS) + 20));
  const slotEnd = Date.now() - (Date.now() % INTERVAL_MS) + INTERVAL_MS;
  const answers = [];
  for (let n = 0; n < count; n += 1) answers.push(await send(app, n));
  expect(Date.now(), 'the messages were all sent within one slot').toBeLessThan(slotEnd);
  return answers;
}

const readStore = async (open: () => MessageStore | Promise<MessageStore>) => {
  const store = await open();
  try {
    return await store.list();
  } finally {
    await store.close();
  }
};
const stored = () => readStore(() => openSqliteStore(site.dataDir));
/** Every mail of every message is done: sent, or given up. */
const settled = (messages: StoredMessage[], count: number) =>
  messages.length === count &&
  messages.every((m) => ['sent', 'failed'].includes(m.artistStatus) && m.replyStatus !== 'pending');

const toArtist = () => smtp.received.filter((mail) => mail.recipients.includes(ARTIST));
const singles = () => toArtist().filter((mail) => /^<contact-\d+-artist@/.test(mail.parsed.messageId ?? ''));
const digests = () => toArtist().filter((mail) => (mail.parsed.messageId ?? '').startsWith('<contact-digest-'));

/**
 * A digest's entries: the id in each heading (a line starting with `=== `) and the lines under
 * it, up to the blank line before the next heading or the closing `--`.
 */
function entries(mail: ReceivedMail) {
  const text = mail.parsed.text ?? '';
  return [...text.matchAll(/^=== .*?#(\d+) .*===\n([\s\S]*?)\n\n(?=^=== |^--$)/gm)].map((match) => ({
    id: Number(match[1]),
    body: match[2] ?? '',
  }));
}
const entryIds = (mail: ReceivedMail) => entries(mail).map((entry) => entry.id);

describe('past ARTIST_MAILS_PER_HOUR', () => {
  it('mails the first messages one by one and the rest in one digest, each once', async () => {
    const app = await build();
    const answers = await sendEarlyInASlot(app, 10);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toMatchObject({ success: true, message: 'Message received.' });
    }
    await expect.poll(async () => settled(await stored(), 10), { timeout: 10_000 }).toBe(true);

    const messages = (await stored()).reverse();
    expect(messages.every((m) => m.artistStatus === 'sent' && m.replyStatus === 'sent')).toBe(true);
    const ids = messages.map((m) => m.id);
    expect(singles().map((mail) => mail.parsed.messageId)).toEqual(
      ids.slice(0, 3).map((id) => expect.stringMatching(new RegExp(`^<contact-${id}-artist@`)) as unknown),
    );
    expect(digests()).toHaveLength(1);
    const [digest] = digests();
    if (!digest) throw new Error('no digest');
    expect(entryIds(digest)).toEqual(ids.slice(3));
    expect(toArtist()).toHaveLength(4);
    // Nothing mailed twice; every visitor has the one auto-reply.
    const messageIds = smtp.received.map((mail) => mail.parsed.messageId);
    expect(new Set(messageIds).size).toBe(messageIds.length);
    expect(smtp.received.filter((mail) => !mail.recipients.includes(ARTIST))).toHaveLength(10);

    // The digest: a count in the subject, no visitor's Reply-To, and each message in full.
    expect(digest.parsed.subject).toBe('7 mensagens do site (retidas durante um excesso de envios)');
    expect(digest.parsed.replyTo).toBeUndefined();
    expect(digest.parsed.from?.value[0]?.address).toBe('no-reply@example.com');
    for (const [index, entry] of entries(digest).entries()) {
      const message = messages[index + 3];
      expect(entry.body).toContain(`Nome: ${message?.name}\n`);
      expect(entry.body).toContain(`Responder para: ${message?.email}\n`);
      expect(entry.body).toContain(`Idioma: ${message?.lang}\n`);
      expect(entry.body).toContain(`Data: ${message?.createdAt}\n`);
      expect(entry.body).toMatch(new RegExp(`\nMensagem:\n {4}Hello, message ${index + 3}\n {4}second line$`));
    }
  }, 20_000);

  it('retries a digest refused with 4xx, and past DIGEST_MAX_MESSAGES sends the rest in the next one', async () => {
    smtp.refuseWith(451);
    const app = await build({ ARTIST_MAILS_PER_HOUR: '0', DIGEST_MAX_MESSAGES: '4', AUTO_REPLY_HOURLY_LIMIT: '0' });
    await sendEarlyInASlot(app, 10);
    await expect
      .poll(
        async () => (await stored()).some((m) => /^digest to the artist: SMTP 451 at DATA/.test(m.lastError ?? '')),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    expect(digests()).toHaveLength(0);
    smtp.refuseWith(null);
    await expect.poll(async () => settled(await stored(), 10), { timeout: 20_000 }).toBe(true);

    const messages = (await stored()).reverse();
    const ids = messages.map((m) => m.id);
    expect(messages.every((m) => m.artistStatus === 'sent')).toBe(true);
    expect(messages.slice(0, 4).every((m) => m.attempts >= 1)).toBe(true);
    expect(digests().map(entryIds)).toEqual([ids.slice(0, 4), ids.slice(4, 8), ids.slice(8)]);
    expect(digests().map((mail) => /^Ainda aguardam (\d+) mensage/m.exec(mail.parsed.text ?? '')?.[1])).toEqual([
      '6',
      '2',
      undefined,
    ]);
    expect(digests()[0]?.parsed.text).toContain('npm run messages');
    expect(singles()).toHaveLength(0);
  }, 40_000);

  it('records a digest refused for good as failed, and the auto-replies still go', async () => {
    smtp.refuseRecipient(ARTIST, 550);
    const app = await build({ ARTIST_MAILS_PER_HOUR: '0' });
    await sendEarlyInASlot(app, 3);
    await expect.poll(async () => settled(await stored(), 3), { timeout: 10_000 }).toBe(true);
    for (const message of await stored()) {
      expect(message).toMatchObject({ artistStatus: 'failed', replyStatus: 'sent', attempts: 1, deliveredAt: null });
      expect(message.lastError).toMatch(/^digest to the artist refused for good: SMTP 550 at RCPT TO/);
    }
    expect(smtp.recipientAttempts.get(ARTIST)).toBe(1);
  }, 20_000);

  it('shows a held message in npm run messages, with its digest slot', async () => {
    const store = await openSqliteStore(site.dataDir, { artistMailsPerHour: 0, digestIntervalMs: 15 * 60 * 1000 });
    await store.add(valid(1), Date.UTC(2030, 0, 1, 20, 7));
    await store.close();
    const { stdout } = await runScript('messages', [], { DATA_DIR: site.dataDir });
    expect(stdout).toMatch(/#1 .* HELD for the digest at 2030-01-01T20:15:00\.000Z/);
    expect(stdout).toMatch(/auto-reply: pending \(sent with the digest\)/);
  });
});

describe('two instances on one PostgreSQL database', () => {
  let postgres: PostgresServer;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres.close();
  });

  it('share the budget and never put one message in two digests', async () => {
    const url = await postgres.createDatabase();
    const env = { DATABASE_URL: url, ARTIST_MAILS_PER_HOUR: '2', DIGEST_INTERVAL_MS: '300' };
    const [a, b] = [await build(env), await build(env)];
    for (let n = 0; n < 20; n += 1) expect((await send(n % 2 ? a : b, n)).statusCode).toBe(202);
    const read = () => readStore(() => openPostgresStore(url));
    await expect.poll(async () => settled(await read(), 20), { timeout: 15_000 }).toBe(true);

    const messages = await read();
    expect(messages.every((m) => m.artistStatus === 'sent' && m.replyStatus === 'sent')).toBe(true);
    expect(singles()).toHaveLength(2);
    const inDigests = digests().flatMap(entryIds);
    expect(inDigests).toHaveLength(18);
    expect(new Set(inDigests).size).toBe(18);
    const singleIds = singles().map((mail) => Number(/^<contact-(\d+)-/.exec(mail.parsed.messageId ?? '')?.[1]));
    expect([...singleIds, ...inDigests].sort((x, y) => x - y)).toEqual(messages.map((m) => m.id).sort((x, y) => x - y));
  }, 30_000);
});

describe('a digest', () => {
  it('shows every message exactly as sent, whatever its text, and no entry can be forged', async () => {
    const mailer = peerMailer(smtp);
    const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 120 });
    const forged = fc.constantFrom('\n=== Mensagem #1 (1 de 1) ===\nNome: Eve', '\n--\nAinda aguardam 9 mensagens');
    let id = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              name: text,
              message: fc.oneof(
                text,
                forged.map((f) => `hi${f}`),
              ),
            }),
            {
              minLength: 1,
              maxLength: 4,
            },
          ),
          async (drafts) => {
            const messages: StoredMessage[] = [];
            for (const draft of drafts) {
              const result = validateContact({ ...draft, email: 'eve@example.org', lang: 'en' });
              if (!result.ok) continue;
              id += 1;
              messages.push(
                unattemptedMessage(result.message, id, {
                  artistStatus: 'held',
                  artistDigest: true,
                  replyStatus: 'skipped',
                }),
              );
            }
            if (messages.length === 0) return;
            const before = smtp.received.length;
            await mailer.sendDigest(messages, 0);
            const [mail] = smtp.received.slice(before);
            if (!mail) throw new Error('no digest received');
            expect(entries(mail).map((entry) => entry.id)).toEqual(messages.map((m) => m.id));
            for (const [index, entry] of entries(mail).entries()) {
              const message = messages[index];
              const [, shown] = /\nMensagem:\n([\s\S]*)$/.exec(entry.body) ?? [];
              expect(shown?.replace(/^ {4}/gm, '')).toBe(message?.message);
              expect(entry.body).toContain(`Nome: ${message?.name}\n`);
            }
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      mailer.close();
    }
  }, 60_000);
});
