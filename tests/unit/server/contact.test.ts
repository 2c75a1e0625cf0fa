import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import {
  ARTIST,
  buildContactApp,
  closeContactTest,
  openContactTest,
  postContact,
  storedMessages,
} from './contact-fixture.ts';
import { buildTestApp, type FixtureSite } from './fixture-site.ts';

let site: FixtureSite;
let smtp: SmtpPeer;
let app: FastifyInstance;

/** The app with fast retries, sending to the test SMTP peer. */
const build = (env: Record<string, string> = {}) => buildContactApp(site, smtp, env);

beforeEach(async () => {
  ({ site, smtp, app } = await openContactTest());
});
afterEach(() => closeContactTest({ site, smtp, app }));

const valid = { name: 'Maria Silva', email: 'maria@example.org', message: 'Adorei o EP!\nAbraços.', lang: 'pt' };

const send = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  postContact(app, payload, { headers, remoteAddress });

/** What the database holds, read through a second connection as the artist's tools would. */
const stored = () => storedMessages(site);

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.recipients.includes(address));

describe('a valid message', () => {
  it('is stored before the answer, then delivered to the artist with reply-to the visitor', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ success: true, message: 'Message received.', autoReplyStatus: 'queued' });
    expect(await stored()).toHaveLength(1);
    expect((await stored())[0]).toMatchObject({ name: 'Maria Silva', email: 'maria@example.org', lang: 'pt' });

    await expect.poll(() => mailsTo(ARTIST).length).toBe(1);
    const [mail] = mailsTo(ARTIST);
    expect(mail?.parsed.subject).toBe('Nova mensagem do site: Maria Silva');
    expect(mail?.parsed.replyTo?.value).toEqual([{ name: 'Maria Silva', address: 'maria@example.org' }]);
    expect(mail?.parsed.text).toContain('Adorei o EP!\nAbraços.');
    expect(mail?.parsed.html).toBe(false);
    await expect.poll(async () => (await stored())[0]?.artistStatus).toBe('sent');
  });

  it.each([
    ['pt', 'Recebemos sua mensagem', 'Olá!'],
    ['en', 'We got your message', 'Hello,'],
    ['es', 'Recibimos tu mensaje', '¡Hola!'],
  ])('gets an auto-reply in %s listing the streaming links', async (lang, subject, greeting) => {
    await send({ ...valid, lang });
    await expect.poll(() => mailsTo('maria@example.org').length).toBe(1);
    const [reply] = mailsTo('maria@example.org');
    expect(reply?.parsed.subject).toBe(subject);
    expect(reply?.parsed.text?.startsWith(`${greeting}\n`)).toBe(true);
    expect(reply?.parsed.text).toContain('https://open.spotify.com/artist/4lIiJuoMLpeO6JKNkOcx4y');
    expect(reply?.parsed.headers.get('auto-submitted')).toBe('auto-replied');
    await expect.poll(async () => (await stored())[0]?.replyStatus).toBe('sent');
  });

  it('is trimmed, and an unknown language becomes pt', async () => {
    await send({ name: '  Ana  ', email: ' ana@example.org ', message: '  Oi  ', lang: 'fr' });
    expect((await stored())[0]).toMatchObject({ name: 'Ana', email: 'ana@example.org', message: 'Oi', lang: 'pt' });
  });
});

describe('invalid input is refused with the field named, and nothing is stored', () => {
  it.each([
    [{ ...valid, name: '' }, 'name'],
    [{ ...valid, name: 'x'.repeat(101) }, 'name'],
    [{ ...valid, name: 'Eve\r\nBcc: victim@example.com' }, 'name'],
    [{ ...valid, name: 'Eve\u0000' }, 'name'],
    [{ ...valid, email: 'not-an-email' }, 'email'],
    [{ ...valid, email: `${'a'.repeat(250)}@x.io` }, 'email'],
    [{ ...valid, email: 'eve@example.com\r\nBcc: victim@example.com' }, 'email'],
    [{ ...valid, email: 'a@example.com, b@example.com' }, 'email'],
    [{ ...valid, message: '   ' }, 'message'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'message'],
    [{ ...valid, name: 42 }, 'name'],
    [{ email: valid.email, message: valid.message }, 'name'],
    [[valid], 'body'],
  ])('%j → 400 on %s', async (payload, field) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field });
    expect(await stored()).toHaveLength(0);
  });

  it('a body that is not JSON → 400', async () => {
    expect((await send('{"name": "x",')).statusCode).toBe(400);
    const text = await send('name=x', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ success: false, field: 'body' });
    expect(await stored()).toHaveLength(0);
  });

  it('a body over 16 KB → 413', async () => {
    const response = await send({ ...valid, message: 'x'.repeat(17 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, field: 'body' });
    expect(await stored()).toHaveLength(0);
  });

  it('never shows a stack trace or a file path', async () => {
    for (const payload of ['{', '[]', '"x"', 'null', JSON.stringify({ name: { $gt: '' } })]) {
      const response = await send(payload);
      expect(response.body, payload).not.toMatch(/\n\s+at |\/tmp\/|\/work\/|node_modules/);
    }
  });
});

describe('abuse', () => {
  it('accepts a filled honeypot silently and discards it', async () => {
    const response = await send({ ...valid, website: 'http://spam.example' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ success: true });
    expect(await stored()).toHaveLength(0);
    // A real message sent after it is delivered alone: the discarded one went nowhere before it.
    await send(valid);
    await expect.poll(async () => (await stored())[0]?.replyStatus).toBe('sent');
    expect(smtp.received.map((mail) => mail.recipients)).toEqual([[ARTIST], [valid.email]]);
  });

  it('limits each client address to 5 messages a minute, with Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await send({ ...valid, message: `message ${i}` })).statusCode).toBe(202);
    }
    const limited = await send({ ...valid, message: 'one too many' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false });
    // A forged X-Forwarded-For does not escape the limit (no trusted proxy is configured)...
    expect((await send({ ...valid, message: 'forged' }, { 'x-forwarded-for': '9.9.9.9' })).statusCode).toBe(429);
    // ...while another address is not affected.
    expect((await send({ ...valid, message: 'from elsewhere' }, {}, '192.0.2.7')).statusCode).toBe(202);
    expect(await stored()).toHaveLength(6);
  });

  it('caps everyone together', async () => {
    await app.close();
    app = await build({ CONTACT_GLOBAL_LIMIT: '3', CONTACT_RATE_LIMIT: '100', CONTACT_NETWORK_LIMIT: '100' });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await send({ ...valid, message: `global ${i}` })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it('counts only valid messages within their address limit against everyone (60 empty bodies from one address)', async () => {
    const statuses = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await send({}, {}, '198.51.100.9')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const other = await send(valid, {}, '203.0.113.20');
    expect(other.statusCode).toBe(202);
    expect(await stored()).toHaveLength(1);
  });

  it.each([
    ['an IPv4 /24', (i: number) => `198.51.100.${i + 1}`, '198.51.101.1'],
    ['an IPv6 /56', (i: number) => `2001:db8:0:ab${(i + 1).toString(16).padStart(2, '0')}::1`, '2001:db8:0:ac00::1'],
  ])('limits one network, %s, without closing the form for others', async (_network, addressOf, outsider) => {
    // Each address stays within its own limit; together they would take the whole global budget.
    const statuses = [];
    for (let i = 0; i < 60; i += 1) {
      statuses.push((await send({ ...valid, email: `v${i}@example.org` }, {}, addressOf(i))).statusCode);
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(20);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    const refused = await send({ ...valid, email: 'late@example.org' }, {}, addressOf(59));
    expect(refused.json()).toMatchObject({ success: false, message: expect.stringContaining('network') as unknown });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send({ ...valid, email: 'outsider@example.org' }, {}, outsider)).statusCode).toBe(202);
    expect(await stored()).toHaveLength(21);
  });

  it('stores the same message resubmitted in a short window once', async () => {
    await send(valid);
    await send({ ...valid, message: ` ${valid.message.toUpperCase()} ` });
    expect(await stored()).toHaveLength(1);
    await expect.poll(() => mailsTo(ARTIST).length).toBe(1);
  });

  it('sends at most one auto-reply per address a day', async () => {
    const first = await send(valid);
    const second = await send({ ...valid, message: 'Outra coisa' });
    expect(first.json()).toMatchObject({ autoReplyStatus: 'queued' });
    expect(second.json()).toMatchObject({ autoReplyStatus: 'skipped' });
    await expect.poll(() => mailsTo(ARTIST).length).toBe(2);
    expect(mailsTo('maria@example.org')).toHaveLength(1);
  });

  it('sends an auto-reply carrying nothing the visitor wrote, only their language', async () => {
    const spam = { name: 'Win $$$ at http://spam.example/1', email: 'victim@example.test', lang: 'en' };
    await send({ ...spam, message: 'Click http://spam.example/2 now' });
    await send({ ...valid, email: 'ana@example.org', lang: 'en' });
    await expect.poll(() => mailsTo('victim@example.test').length + mailsTo('ana@example.org').length).toBe(2);
    const [toVictim] = mailsTo('victim@example.test');
    const [toAna] = mailsTo('ana@example.org');
    expect(toVictim?.raw).not.toMatch(/spam\.example|Win|\$\$\$|Click/);
    expect(toVictim?.parsed.to).toMatchObject({ value: [{ name: '', address: 'victim@example.test' }] });
    // Two strangers in one language get the very same words.
    expect(toVictim?.parsed.subject).toBe(toAna?.parsed.subject);
    expect(toVictim?.parsed.text).toBe(toAna?.parsed.text);
  });

  it('stops auto-replies past the hourly cap, while the artist still gets every message', async () => {
    await app.close();
    app = await build({ AUTO_REPLY_HOURLY_LIMIT: '2', CONTACT_RATE_LIMIT: '100' });
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push(
        (await send({ ...valid, email: `fan${i}@example.org`, message: `m${i}` })).json<{ autoReplyStatus: string }>(),
      );
    }
    expect(answers.map((answer) => answer.autoReplyStatus)).toEqual(['queued', 'queued', 'skipped', 'skipped']);
    await expect.poll(() => mailsTo(ARTIST).length).toBe(4);
    // Once every auto-reply is sent or skipped the outbox has none left to send; closing waits
    // for a delivery under way.
    await expect.poll(async () => (await stored()).every((message) => message.replyStatus !== 'pending')).toBe(true);
    await app.close();
    expect(smtp.received.filter((mail) => mail.recipients[0]?.startsWith('fan'))).toHaveLength(2);
    expect((await stored()).map((message) => message.replyStatus).sort()).toEqual([
      'sent',
      'sent',
      'skipped',
      'skipped',
    ]);
  });

  it('lets no input add headers or recipients', async () => {
    const tricky = {
      name: '"Eve" <eve@evil.example>, Bob',
      email: 'eve+tag@example.org',
      message: 'Bcc: x@evil.example\r\n\r\nhi',
    };
    await send(tricky);
    await expect.poll(() => smtp.received.length).toBe(2);
    for (const mail of smtp.received) {
      expect(mail.recipients.every((to) => to === ARTIST || to === 'eve+tag@example.org')).toBe(true);
      expect(mail.parsed.bcc).toBeUndefined();
      expect(mail.parsed.cc).toBeUndefined();
    }
    const [toArtist] = mailsTo(ARTIST);
    expect(toArtist?.parsed.replyTo?.value).toEqual([
      { name: '"Eve" <eve@evil.example>, Bob', address: 'eve+tag@example.org' },
    ]);
    expect(toArtist?.parsed.text).toContain('Bcc: x@evil.example');
  });
});

describe('delivery never loses a message', () => {
  it('keeps it pending while SMTP refuses for now (451, then 452), and delivers once it accepts', async () => {
    smtp.refuseWith(451);
    await send(valid);
    await expect.poll(async () => (await stored())[0]?.attempts ?? 0).toBeGreaterThanOrEqual(2);
    expect((await stored())[0]).toMatchObject({
      artistStatus: 'pending',
      lastError: expect.stringContaining('451') as unknown,
    });
    smtp.refuseWith(452);
    await expect.poll(async () => (await stored())[0]?.lastError ?? '').toContain('452');
    smtp.refuseWith(null);
    await expect.poll(async () => (await stored())[0]?.artistStatus, { timeout: 5000 }).toBe('sent');
    await expect.poll(async () => (await stored())[0]?.replyStatus).toBe('sent');
    expect(mailsTo(ARTIST)).toHaveLength(1);
    expect(mailsTo('maria@example.org')).toHaveLength(1);
  });

  it('keeps it pending while SMTP is down, and delivers when it is back', async () => {
    await smtp.stop();
    await send(valid);
    await expect.poll(async () => (await stored())[0]?.attempts ?? 0).toBeGreaterThanOrEqual(1);
    await smtp.start();
    await expect.poll(async () => (await stored())[0]?.artistStatus, { timeout: 5000 }).toBe('sent');
    expect(mailsTo(ARTIST)).toHaveLength(1);
  });

  it('survives a restart mid-queue: nothing lost, nothing sent twice', async () => {
    await smtp.stop();
    for (let i = 0; i < 3; i += 1) await send({ ...valid, email: `v${i}@example.org`, message: `m${i}` });
    await app.close();
    await smtp.start();
    app = await build();
    await expect
      .poll(async () => (await stored()).filter((message) => message.artistStatus === 'sent').length, { timeout: 5000 })
      .toBe(3);
    await expect
      .poll(async () => (await stored()).filter((message) => message.replyStatus === 'sent').length, { timeout: 5000 })
      .toBe(3);
    // Closing waits for a delivery under way: a mail sent twice would be in by then.
    await app.close();
    expect(smtp.received).toHaveLength(6);
    expect(mailsTo(ARTIST)).toHaveLength(3);
    for (let i = 0; i < 3; i += 1) expect(mailsTo(`v${i}@example.org`)).toHaveLength(1);
  });
});

describe('without SMTP settings', () => {
  it('writes each mail as an .eml file under DATA_DIR/outbox', async () => {
    await app.close();
    app = await buildTestApp(site, { OUTBOX_RETRY_BASE_MS: '50' });
    await send(valid);
    const outbox = join(site.dataDir, 'outbox');
    await expect.poll(() => readdirSync(outbox, { withFileTypes: false }).length).toBe(2);
    const artistMail = readFileSync(join(outbox, '1-artist.eml'), 'utf8');
    expect(artistMail).toMatch(/^Subject: Nova mensagem do site: Maria Silva$/m);
    expect(artistMail).toMatch(/^Reply-To: Maria Silva <maria@example\.org>$/m);
    expect(readFileSync(join(outbox, '1-reply.eml'), 'utf8')).toMatch(/^Subject: Recebemos sua mensagem$/m);
  });
});
