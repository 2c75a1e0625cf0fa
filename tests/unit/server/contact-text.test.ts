/**
 * A message is never cut: over arbitrary Unicode (controls, NUL, lone surrogates, line
 * breaks of every kind, header-like text), every message the route accepts is read back from
 * the real store (SQLite, and a real PostgreSQL) and delivered to a real SMTP peer exactly
 * as sent (trimmed, line breaks as LF), and every other one is refused with a 400 naming its
 * field.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../server/services/contact/message-store.ts';
import { openStore, type StoreLocation } from '../../../server/services/stores/open-store.ts';
import { startPostgres, type PostgresServer } from '../../../perf/harness/engines.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';

const ARTIST = 'andre@example.com';
let site: FixtureSite;
let smtp: SmtpPeer;
let postgres: PostgresServer;
let app: FastifyInstance | undefined;
let location: StoreLocation;

beforeAll(async () => {
  site = createFixtureSite();
  [smtp, postgres] = await Promise.all([startSmtpPeer(), startPostgres()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([smtp.close(), postgres.close()]);
  site.cleanup();
});

/** The app over the given store, with limits out of the way: only the text matters here. */
async function useStore(engine: string): Promise<void> {
  await app?.close();
  location = { databaseUrl: engine === 'PostgreSQL' ? await postgres.createDatabase() : null, dataDir: site.dataDir };
  app = await buildTestApp(site, {
    SMTP_URL: smtp.url,
    MAIL_TO: ARTIST,
    MAIL_FROM: 'Site <no-reply@example.com>',
    OUTBOX_RETRY_BASE_MS: '50',
    OUTBOX_RETRY_MAX_MS: '200',
    CONTACT_RATE_LIMIT: '100000',
    CONTACT_NETWORK_LIMIT: '100000',
    CONTACT_GLOBAL_LIMIT: '100000',
    // Each accepted message is checked in its own mail, not in a digest.
    ARTIST_MAILS_PER_HOUR: '100000',
    AUTO_REPLY_HOURLY_LIMIT: '0',
    ...(location.databaseUrl && { DATABASE_URL: location.databaseUrl }),
  });
}
afterAll(async () => {
  await app?.close();
});

/** One character of text a stranger might send: anything, with the troublesome ones often. */
const hostileUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  // Lone halves of surrogate pairs, which `binary` never produces.
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\r\n',
      '\r',
      '\n',
      '\t',
      ' ',
      '\u00a0',
      '\u2028',
      '\u202e',
      '\ufeff',
      '"',
      '\\',
      '<',
      '>',
      ',',
      ';',
      ':',
      '=?utf-8?q?',
      '?=',
      '.',
      '\n.\n',
      'Bcc: x@evil.example',
      '=',
      'From ',
    ),
  },
);
/** Text a person might write: any printable grapheme, spaces and line breaks of every kind. */
const personUnit = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(' ', '\n', '\r\n', '\r', '\t', '"', '\\', '<', '=?utf-8?q?') },
);
/** Half hostile, half what people write, so that both the refusals and the round trip get tried. */
const hostileText = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit: hostileUnit, minLength: 0, maxLength }),
    fc.string({ unit: personUnit, minLength: 1, maxLength }),
  );

/** Posts a contact message to the app over the store in use. */
function post(body: object) {
  if (!app) throw new Error('no app: useStore() first');
  return app.inject({
    method: 'POST',
    url: '/api/send-email',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

let runs = 0;
/** A fresh address per run, so no message is a duplicate of another. */
const nextEmail = () => `visitor${(runs += 1)}@example.org`;

async function storedFor(email: string): Promise<StoredMessage | undefined> {
  const store = await openStore(location);
  try {
    return (await store.list()).find((message) => message.email === email);
  } finally {
    await store.close();
  }
}

describe.each(['SQLite', 'PostgreSQL'])('text the %s store and the mail keep exactly', (engine) => {
  beforeAll(() => useStore(engine));

  it('accepts a message and delivers it byte for byte, or refuses it naming the field', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(hostileText(30), hostileText(200), async (name, message) => {
        const email = nextEmail();
        const response = await post({ name, email, message, lang: 'pt' });
        if (response.statusCode !== 202) {
          expect(response.statusCode).toBe(400);
          const answer = response.json<{ success: boolean; field: string; message: string }>();
          expect(answer.success).toBe(false);
          expect(['name', 'message']).toContain(answer.field);
          expect(answer.message).toContain(answer.field);
          expect(await storedFor(email)).toBeUndefined();
          return;
        }
        accepted += 1;
        const expectedName = name.trim();
        const expectedMessage = message.trim().replace(/\r\n?/g, '\n');
        expect(await storedFor(email)).toMatchObject({ name: expectedName, message: expectedMessage });

        const mailsFrom = () => smtp.received.filter((mail) => mail.parsed.replyTo?.value[0]?.address === email);
        await expect.poll(() => mailsFrom().length).toBe(1);
        const [mail] = mailsFrom();
        expect(mail?.recipients).toEqual([ARTIST]);
        expect(mail?.parsed.subject).toBe(`Nova mensagem do site: ${expectedName}`);
        expect(mail?.parsed.replyTo?.value[0]?.name).toBe(expectedName);
        expect(mail?.parsed.text).toContain(`\nNome: ${expectedName}\n`);
        expect(mail?.parsed.text).toContain(`\nMensagem:\n${expectedMessage}\n\n--\n`);
      }),
      { numRuns: 150 },
    );
    // The property means little if everything was refused.
    expect(accepted).toBeGreaterThan(30);
  }, 120_000);

  it.each([
    ['a NUL inside the message', { message: 'before\u0000after: rest' }, 'message'],
    ['a message that starts with NUL', { message: '\u0000hidden' }, 'message'],
    ['a lone surrogate in the message', { message: 'broken \ud800 pair' }, 'message'],
    ['a lone surrogate in the name', { name: 'Ana \udc00' }, 'name'],
    ['a vertical tab in the message', { message: 'a\u000bb' }, 'message'],
    ['a right-to-left override in the name', { name: 'Ana \u202egnp.exe' }, 'name'],
  ])('refuses %s with 400 naming the field', async (_case, change, field) => {
    const email = nextEmail();
    const response = await post({ name: 'Ana', email, message: 'Olá', lang: 'pt', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field });
    expect(await storedFor(email)).toBeUndefined();
  });

  it('keeps tabs, line breaks of every kind and the rest of Unicode', async () => {
    const email = nextEmail();
    const message = 'Linha 1\r\nLinha 2\rLinha 3\n\tcom tab · 🎹 ação\u2028fim';
    const response = await post({ name: 'Zoë 🎹', email, message, lang: 'pt' });
    expect(response.statusCode).toBe(202);
    expect((await storedFor(email))?.message).toBe('Linha 1\nLinha 2\nLinha 3\n\tcom tab · 🎹 ação\u2028fim');
  });
});
