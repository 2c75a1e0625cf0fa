/**
 * Deliveries that cannot succeed end: a recipient or a mail refused for good (an SMTP 5xx at
 * RCPT TO or after DATA) is not tried again, and any other failure is tried at most
 * OUTBOX_MAX_ATTEMPTS times. The stored state says why, and `npm run messages` shows it.
 * Through the real server, a real SQLite store and a real SMTP peer.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../server/services/stores/open-store.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { ARTIST, buildContactApp, postContact } from './contact-fixture.ts';
import { createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { runScript } from './run-script.ts';

const VISITOR = 'gone@example.org';
let site: FixtureSite;
let smtp: SmtpPeer;
let app: FastifyInstance;

const build = (env: Record<string, string> = {}) =>
  buildContactApp(site, smtp, { OUTBOX_RETRY_BASE_MS: '20', OUTBOX_RETRY_MAX_MS: '40', ...env });

beforeEach(async () => {
  site = createFixtureSite();
  smtp = await startSmtpPeer();
});
afterEach(async () => {
  await app.close();
  await smtp.close();
  site.cleanup();
});

const send = (email = VISITOR) => postContact(app, { name: 'Maria', email, message: 'Olá', lang: 'pt' });

async function only() {
  const store = await openSqliteStore(site.dataDir);
  const [message] = await store.list();
  const nextDue = await store.nextDue();
  await store.close();
  return { message, nextDue };
}

const finalState = async () => {
  const { message } = await only();
  return message && message.artistStatus !== 'pending' && message.replyStatus !== 'pending';
};

describe('a delivery refused for good', () => {
  it("ends at the first 5xx for the visitor's address, after the artist has the message", async () => {
    smtp.refuseRecipient(VISITOR, 550);
    app = await build();
    expect((await send()).statusCode).toBe(202);
    await expect.poll(finalState).toBe(true);
    const { message, nextDue } = await only();
    expect(message).toMatchObject({ artistStatus: 'sent', replyStatus: 'failed', attempts: 1 });
    expect(message?.lastError).toMatch(/^auto-reply refused for good: SMTP 550 at RCPT TO: .*mailbox unavailable/);
    expect(smtp.recipientAttempts.get(VISITOR)).toBe(1);
    expect(nextDue).toBeNull();

    const { stdout } = await runScript('messages', [], { DATA_DIR: site.dataDir });
    expect(stdout).toMatch(/auto-reply: FAILED \(auto-reply refused for good: SMTP 550 at RCPT TO/);
  });

  it("ends at the first 5xx for the artist's address, and the visitor still gets the auto-reply", async () => {
    smtp.refuseRecipient(ARTIST, 554);
    app = await build();
    await send();
    await expect.poll(finalState).toBe(true);
    const { message } = await only();
    expect(message).toMatchObject({ artistStatus: 'failed', replyStatus: 'sent', deliveredAt: null, attempts: 1 });
    expect(message?.lastError).toMatch(/^mail to the artist refused for good: SMTP 554 at RCPT TO/);
    expect(smtp.recipientAttempts.get(ARTIST)).toBe(1);
  });
});

describe('a delivery that keeps failing', () => {
  it('is tried OUTBOX_MAX_ATTEMPTS times, then recorded as failed with the last reason', async () => {
    smtp.refuseWith(451);
    app = await build({ OUTBOX_MAX_ATTEMPTS: '4' });
    await send();
    await expect.poll(finalState).toBe(true);
    const { message, nextDue } = await only();
    expect(message).toMatchObject({ artistStatus: 'failed', replyStatus: 'failed', attempts: 4 });
    expect(message?.lastError).toMatch(/^gave up after 4 attempts: mail to the artist: SMTP 451 at DATA/);
    expect(nextDue).toBeNull();
  });
});
