/**
 * The fans' list as a visitor and a mail program meet it, through the real app and a real
 * SMTP peer: the same answer for any address, the confirmation mail in the page's language,
 * a GET that changes nothing, the button's POST, the welcome with its one-click leave
 * (RFC 8058), the limits, and hostile input.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../../../perf/harness/smtp-peer.ts';
import { FAN_TOKEN_PARAM, fanPagePath, SUBSCRIBE_API } from '../../../src/lib/fans.ts';
import { LANGUAGES, type Lang } from '../../../src/lib/languages.ts';
import { FAN_MAIL_TEXTS } from '../../../server/services/fans/fan-mail-texts.ts';
import { openFanStore } from '../../../server/services/stores/open-fan-store.ts';
import { closeContactTest, openContactTest, type ContactTest } from './contact-fixture.ts';

let test: ContactTest;
let app: FastifyInstance;

const open = async (env: Record<string, string> = {}) => {
  test = await openContactTest(env);
  app = test.app;
};
beforeEach(() => open());
afterEach(() => closeContactTest(test));

const signUp = (body: unknown, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: SUBSCRIBE_API,
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/** The list as the studio and `npm run fans` read it, through a connection of its own. */
async function fans() {
  const store = await openFanStore({ databaseUrl: null, dataDir: test.site.dataDir });
  try {
    return { counts: await store.counts(), nextMailDue: await store.nextMailDue() };
  } finally {
    await store.close();
  }
}

const mailsTo = (address: string) => test.smtp.received.filter((mail) => mail.recipients.includes(address));
/** A header as the mail carries it (unfolded), or undefined: mailparser reshapes the List-* ones. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
  const line = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .find((each) => each.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The one link of a mail's text that leads to `page`, as a path with its query. */
function linkIn(mail: ReceivedMail, page: 'confirm' | 'leave'): string {
  const found = (mail.parsed.text ?? '').match(new RegExp(`https?://\\S+/fans/${page}\\?\\S+`, 'g')) ?? [];
  expect(found).toHaveLength(1);
  const url = new URL(found[0] ?? '');
  return `${url.pathname}${url.search}`;
}

const press = (url: string, accept = 'text/html') =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('signing up', () => {
  it.each(LANGUAGES)(
    'in %s: a confirmation mail in that language, confirmed only by the button, then a welcome one click can leave',
    async (lang: Lang) => {
      const email = `fan.${lang}@example.org`;
      const answer = await signUp({ email, lang });
      expect(answer.statusCode).toBe(202);
      expect(answer.headers['cache-control']).toBe('no-store');

      await expect.poll(() => mailsTo(email).length).toBe(1);
      const [confirmation] = mailsTo(email) as [ReceivedMail];
      expect(confirmation.parsed.subject).toBe(FAN_MAIL_TEXTS[lang].confirm.subject);
      expect(header(confirmation, 'List-Unsubscribe')).toBeUndefined();
      const confirmLink = linkIn(confirmation, 'confirm');
      expect(confirmLink.startsWith(`${fanPagePath(lang, 'confirm')}?${FAN_TOKEN_PARAM}=`)).toBe(true);

      // Opening the link, as a mail scanner does, confirms nothing.
      await app.inject({ method: 'GET', url: confirmLink });
      expect((await fans()).counts.waiting).toBe(1);

      const confirmed = await press(confirmLink);
      expect(confirmed.statusCode).toBe(303);
      expect(confirmed.headers.location).toBe(fanPagePath(lang, 'confirmed'));
      expect((await fans()).counts.confirmed[lang]).toBe(1);

      await expect.poll(() => mailsTo(email).length).toBe(2);
      const welcome = mailsTo(email)[1] as ReceivedMail;
      expect(welcome.parsed.subject).not.toBe(confirmation.parsed.subject);
      const leaveLink = linkIn(welcome, 'leave');
      expect(header(welcome, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const unsubscribe = header(welcome, 'List-Unsubscribe') ?? '';
      expect(unsubscribe).toContain(leaveLink);

      // A second press of the confirm button: still confirmed, no second welcome queued.
      expect((await press(confirmLink)).headers.location).toBe(fanPagePath(lang, 'confirmed'));
      expect((await fans()).nextMailDue).toBeNull();

      // The mail program's one-click POST: no cookie, no page, done at once.
      const left = await press(leaveLink, '*/*');
      expect(left.statusCode).toBe(200);
      expect((await fans()).counts).toEqual({ waiting: 0, confirmed: { pt: 0, en: 0, es: 0 }, refused: 0 });
    },
  );

  it('answers the same for a new, a waiting and a confirmed address, and mails a mailbox once a day', async () => {
    const email = 'same.fan@example.org';
    const first = await signUp({ email, lang: 'en' });
    await expect.poll(() => mailsTo(email).length).toBe(1);
    // Another spelling of the same mailbox, while it waits.
    const waiting = await signUp({ email: 'Same.Fan+news@Example.org', lang: 'pt' });
    expect((await fans()).nextMailDue).toBeNull();
    await press(linkIn(mailsTo(email)[0] as ReceivedMail, 'confirm'));
    await expect.poll(() => mailsTo(email).length).toBe(2);
    const confirmed = await signUp({ email, lang: 'es' });
    expect((await fans()).nextMailDue).toBeNull();
    for (const answer of [waiting, confirmed]) {
      expect(answer.statusCode).toBe(first.statusCode);
      expect(answer.body).toBe(first.body);
    }
    expect(test.smtp.recipientAttempts.get(email)).toBe(2);
  });

  it('takes the form without JavaScript and sends it to the page that says to check the mail', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: SUBSCRIBE_API,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=form.fan%40example.org&lang=es',
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(fanPagePath('es', 'checkMail'));
    await expect.poll(() => mailsTo('form.fan@example.org').length).toBe(1);
  });

  it('stops mailing an address its server refused for good', async () => {
    const email = 'gone.box@example.org';
    test.smtp.refuseRecipient(email, 550);
    await signUp({ email, lang: 'en' });
    await expect.poll(async () => (await fans()).counts.refused).toBe(1);
    const again = await signUp({ email, lang: 'en' });
    expect(again.statusCode).toBe(202);
    expect((await fans()).nextMailDue).toBeNull();
    expect(test.smtp.recipientAttempts.get(email)).toBe(1);
  });

  it('sends an expired or unknown link to the page that says so, and leaves the list as it was', async () => {
    const confirm = await press(`${fanPagePath('pt', 'confirm')}?${FAN_TOKEN_PARAM}=not-a-token`);
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(fanPagePath('pt', 'expired'));
    const leave = await press(`${fanPagePath('es', 'leave')}?${FAN_TOKEN_PARAM}=not-a-token`);
    expect(leave.headers.location).toBe(fanPagePath('es', 'left'));
    const noLanguage = await press(`/xx/fans/confirm?${FAN_TOKEN_PARAM}=whatever`);
    expect(noLanguage.statusCode).toBe(404);
  });

  it('takes a one-click leave sent as multipart/form-data, as RFC 8058 prefers', async () => {
    const email = 'multipart@example.org';
    await signUp({ email, lang: 'en' });
    await expect.poll(() => mailsTo(email).length).toBe(1);
    await press(linkIn(mailsTo(email)[0] as ReceivedMail, 'confirm'));
    await expect.poll(() => mailsTo(email).length).toBe(2);
    const boundary = 'xyz';
    const left = await app.inject({
      method: 'POST',
      url: linkIn(mailsTo(email)[1] as ReceivedMail, 'leave'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(left.statusCode).toBe(200);
    expect((await fans()).counts.confirmed.en).toBe(0);
  });
});

describe('limits', () => {
  it('refuses past the hour’s confirmation mails, whoever asks', async () => {
    await closeContactTest(test);
    await open({ FAN_CONFIRMATIONS_PER_HOUR: '2' });
    for (const n of [1, 2])
      expect((await signUp({ email: `crowd${n}@example.org`, lang: 'en' }, `10.0.${n}.1`)).statusCode).toBe(202);
    const third = await signUp({ email: 'crowd3@example.org', lang: 'en' }, '10.0.3.1');
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives a mail provider’s one-click leaves, all from one address, far more room than sign-ups', async () => {
    await closeContactTest(test);
    await open({ CONTACT_RATE_LIMIT: '2' });
    const signUps = [];
    for (const n of [1, 2, 3]) signUps.push((await signUp({ email: `busy${n}@example.org`, lang: 'en' })).statusCode);
    expect(signUps).toEqual([202, 202, 429]);
    const leaves = [];
    for (let n = 0; n < 20; n += 1) {
      leaves.push((await press(`${fanPagePath('en', 'leave')}?${FAN_TOKEN_PARAM}=gone-${n}`, '*/*')).statusCode);
    }
    expect(new Set(leaves)).toEqual(new Set([200]));
  });

  it('refuses a network past its minute, whatever addresses it uses', async () => {
    await closeContactTest(test);
    await open({ CONTACT_NETWORK_LIMIT: '2' });
    const answers = [];
    for (const n of [1, 2, 3])
      answers.push((await signUp({ email: `net${n}@example.org`, lang: 'pt' }, `10.9.9.${n}`)).statusCode);
    expect(answers).toEqual([202, 202, 429]);
  });
});

describe('hostile input', () => {
  it('answers any text with 202 or a named 400, never mails it in a text, and never fails', async () => {
    await closeContactTest(test);
    await open({ CONTACT_RATE_LIMIT: '100000', CONTACT_NETWORK_LIMIT: '100000', FAN_CONFIRMATIONS_PER_HOUR: '100000' });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'grapheme' }),
          fc.emailAddress(),
          fc.string({ unit: 'binary' }).map((text) => `${text}@example.org`),
        ),
        fc.oneof(fc.constantFrom(...LANGUAGES), fc.string({ unit: 'binary' })),
        async (email, lang) => {
          const answer = await signUp({ email, lang });
          expect([202, 400]).toContain(answer.statusCode);
          const body = answer.json<{ success: boolean; field?: string }>();
          expect(body.success).toBe(answer.statusCode === 202);
          if (answer.statusCode === 400) expect(['email', 'lang']).toContain(body.field);
        },
      ),
      { numRuns: 150 },
    );
    // Every mail is ours: the address is only where it is sent, never in the text or subject.
    await expect.poll(async () => (await fans()).nextMailDue).toBeNull();
    for (const mail of test.smtp.received) {
      for (const recipient of mail.recipients) {
        expect(mail.parsed.text ?? '').not.toContain(recipient);
        expect(mail.parsed.subject ?? '').not.toContain(recipient);
      }
    }
  }, 60_000);
});
