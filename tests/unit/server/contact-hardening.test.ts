/**
 * The contact route against what got through before: encoded-words that mail clients decode
 * into control characters, resubmissions acknowledged as new, auto-replies multiplied with
 * plus-addresses or sent to the site's own addresses, and bodies that are not UTF-8. Through
 * the real server, a real SQLite store and a real SMTP peer.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { ARTIST, closeContactTest, openContactTest, postContact, storedMessages } from './contact-fixture.ts';
import type { FixtureSite } from './fixture-site.ts';

let site: FixtureSite;
let smtp: SmtpPeer;
let app: FastifyInstance;

beforeEach(async () => {
  ({ site, smtp, app } = await openContactTest({ CONTACT_RATE_LIMIT: '100' }));
});
afterEach(() => closeContactTest({ site, smtp, app }));

const valid = { name: 'Maria Silva', email: 'maria@example.org', message: 'Adorei o EP!', lang: 'pt' };

const send = (payload: unknown) => postContact(app, payload);
const stored = () => storedMessages(site);

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.recipients.includes(address));

describe('a name that mail clients would decode', () => {
  it.each([
    ['a CR LF in base64', '=?UTF-8?B?RXZlDQpCY2M6IHZAeC5pbw==?='],
    ['a NUL in lower-case quoted-printable', '=?utf-8?q?Eve=00?='],
    ['a right-to-left override in another charset', 'Ana =?ISO-8859-1?Q?x?= =?UTF-8?b?4oCu?='],
    ['an encoded-word with spaces around it', 'Ana  =?uTf-8?Q?=0D?=  Silva'],
  ])('is refused, naming the name (%s)', async (_kind, name) => {
    const response = await send({ ...valid, name });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field: 'name' });
    expect(await stored()).toHaveLength(0);
  });

  it('keeps names with = or ? that are not encoded-words', async () => {
    const response = await send({ ...valid, name: 'Ana = Bia? Sim' });
    expect(response.statusCode).toBe(202);
    await expect.poll(() => mailsTo(ARTIST).length).toBe(1);
    expect(mailsTo(ARTIST)[0]?.parsed.replyTo?.value[0]?.name).toBe('Ana = Bia? Sim');
  });
});

describe('a resubmission within the duplicate window', () => {
  it('is answered as already received, not as a new message, and is neither stored nor mailed again', async () => {
    const first = await send(valid);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ success: true, autoReplyStatus: 'queued' });
    expect(first.json()).not.toHaveProperty('duplicate');

    const again = await send({ ...valid, name: ' MARIA   silva', message: 'adorei  o ep!' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      duplicate: true,
      message: 'This message was already received.',
      autoReplyStatus: 'queued',
    });
    await expect.poll(() => mailsTo(ARTIST).length).toBe(1);
    expect(await stored()).toHaveLength(1);
  });
});

describe('one auto-reply per address a day', () => {
  it.each([
    ['plus tags', ['victim+1@example.org', 'victim+2@example.org', 'VICTIM+x@Example.org', 'victim@example.org']],
    ['gmail dots', ['v.i.c.t.i.m@gmail.com', 'victim+a@googlemail.com', 'Vic.Tim@GMAIL.com']],
  ])('counts one mailbox whatever its %s', async (_kind, addresses) => {
    const answers = [];
    for (const [n, email] of addresses.entries()) {
      answers.push((await send({ ...valid, email, message: `message ${n}` })).json<{ autoReplyStatus: string }>());
    }
    expect(answers.map((answer) => answer.autoReplyStatus)).toEqual([
      'queued',
      ...addresses.slice(1).map(() => 'skipped'),
    ]);
    await expect.poll(() => mailsTo(ARTIST).length).toBe(addresses.length);
    await expect.poll(async () => (await stored()).filter((m) => m.replyStatus === 'sent').length).toBe(1);
    expect(smtp.received.filter((mail) => !mail.recipients.includes(ARTIST))).toHaveLength(1);
  });

  it('still tells different mailboxes apart', async () => {
    const other = await send({ ...valid, email: 'victim1@example.org' });
    const second = await send({ ...valid, email: 'v.ictim@example.org' });
    expect(other.json()).toMatchObject({ autoReplyStatus: 'queued' });
    expect(second.json()).toMatchObject({ autoReplyStatus: 'queued' });
  });

  it.each([
    ['the artist', 'Andre+site@Example.com'],
    ['the site sender', 'no-reply+x@example.com'],
  ])('never goes to %s, whose address was typed in the form', async (_who, email) => {
    const response = await send({ ...valid, email });
    expect(response.json()).toMatchObject({ success: true, autoReplyStatus: 'skipped' });
    await expect.poll(() => mailsTo(ARTIST).length).toBe(1);
    await expect.poll(async () => (await stored())[0]?.artistStatus).toBe('sent');
    expect(smtp.received).toHaveLength(1);
  });
});

describe('a body that is not UTF-8', () => {
  it.each([
    ['a lone continuation byte', Buffer.from([0x80])],
    ['an overlong slash', Buffer.from([0xc0, 0xaf])],
    ['a cut-off sequence', Buffer.from([0xe2, 0x82])],
    ['an encoded surrogate', Buffer.from([0xed, 0xa0, 0x80])],
  ])('is refused with 400 naming the body (%s), and nothing is stored', async (_kind, bytes) => {
    const json = JSON.stringify({ ...valid, message: 'Olá XX' });
    const [before = '', after = ''] = json.split('XX');
    const response = await send(Buffer.concat([Buffer.from(before), bytes, Buffer.from(after)]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, field: 'body', message: 'The body must be UTF-8 text.' });
    expect(await stored()).toHaveLength(0);
  });

  it('still takes UTF-8 with or without a byte order mark, and answers 413 when too large', async () => {
    const body = Buffer.from(`\ufeff${JSON.stringify({ ...valid, name: 'Zoë 🎹' })}`);
    expect((await send(body)).statusCode).toBe(202);
    expect((await stored())[0]?.name).toBe('Zoë 🎹');
    const large = await send(Buffer.concat([Buffer.from('{"name":"'), Buffer.alloc(17 * 1024, 0xff)]));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ success: false, field: 'body' });
  });
});
