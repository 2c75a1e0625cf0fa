/**
 * What the contact route's tests share: the app sending to a real SMTP peer with fast retries,
 * a request as the form sends it, and the stored messages as the artist's tools read them.
 */
import type { FastifyInstance } from 'fastify';
import { startSmtpPeer, type SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { createMailer, type Mailer } from '../../../server/services/contact/mailer.ts';
import type { NewMessage, StoredMessage } from '../../../server/services/contact/message-store.ts';
import { openSqliteStore } from '../../../server/services/stores/open-store.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';

/** Who receives the messages (MAIL_TO). */
export const ARTIST = 'andre@example.com';
/** The site's own sender address (MAIL_FROM). */
const SITE_SENDER = 'no-reply@example.com';

/** The app over the fixture site, mailing through `smtp`, retrying within milliseconds. */
export const buildContactApp = (site: FixtureSite, smtp: SmtpPeer, env: Record<string, string> = {}) =>
  buildTestApp(site, {
    SMTP_URL: smtp.url,
    MAIL_TO: ARTIST,
    MAIL_FROM: `Site <${SITE_SENDER}>`,
    OUTBOX_RETRY_BASE_MS: '50',
    OUTBOX_RETRY_MAX_MS: '200',
    ...env,
  });

/** What a test of the route runs against: a fixture site, an SMTP peer, and the app over both. */
export interface ContactTest {
  site: FixtureSite;
  smtp: SmtpPeer;
  app: FastifyInstance;
}

/** A fresh fixture site and SMTP peer, with the contact app over them. */
export async function openContactTest(env: Record<string, string> = {}): Promise<ContactTest> {
  const site = createFixtureSite();
  const smtp = await startSmtpPeer();
  return { site, smtp, app: await buildContactApp(site, smtp, env) };
}

/** Closes the app (the one the test last built), then the peer, then removes the site. */
export async function closeContactTest({ site, smtp, app }: ContactTest) {
  await app.close();
  await smtp.close();
  site.cleanup();
}

/**
 * The real mailer sending to `smtp` as the app above does, for tests of the outbox or the mails
 * alone. `pool` keeps one connection open, as the fans' mailer does: for a test of many mails'
 * contents, since the peer answers a new connection only after 100 ms (smtp-server's wait for
 * clients that talk too soon).
 */
export const peerMailer = (smtp: SmtpPeer, { pool = false } = {}): Mailer =>
  createMailer({
    smtpUrl: smtp.url,
    mailTo: ARTIST,
    mailFrom: `Site <${SITE_SENDER}>`,
    outboxDir: '/nonexistent',
    links: [],
    log: { info: () => undefined },
    pool,
  });

/** POST /api/send-email with a JSON body (or the raw text or bytes given), from `remoteAddress`. */
export const postContact = (
  app: FastifyInstance,
  payload: unknown,
  { headers = {}, remoteAddress = '127.0.0.1' }: { headers?: Record<string, string>; remoteAddress?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/send-email',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  });

/** Every stored message, newest first, read through a second connection as `npm run messages` does. */
export async function storedMessages(site: FixtureSite) {
  const store = await openSqliteStore(site.dataDir);
  try {
    return await store.list();
  } finally {
    await store.close();
  }
}

/** The message of the `n`th fan to write (Fan n, fan<n>@example.org, in Portuguese), with `overrides`. */
export const numberedMessage = (n: number, overrides: Partial<NewMessage> = {}): NewMessage => ({
  name: `Fan ${n}`,
  email: `fan${n}@example.org`,
  message: `Message number ${n}`,
  lang: 'pt',
  ...overrides,
});

/** `message` as the store holds it before any delivery attempt, made at the epoch, in the delivery state given. */
export const unattemptedMessage = (
  message: NewMessage,
  id: number,
  state: Pick<StoredMessage, 'artistStatus' | 'artistDigest' | 'replyStatus'>,
): StoredMessage => ({
  ...message,
  ...state,
  id,
  createdAt: new Date(0).toISOString(),
  attempts: 0,
  lastError: null,
  nextAttemptAt: 0,
  deliveredAt: null,
  replySkipReason: null,
  readAt: null,
  handledAt: null,
});
