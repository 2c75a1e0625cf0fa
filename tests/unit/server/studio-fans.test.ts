/**
 * The studio's view of the fans' list through the real app, the real sign-in (a software
 * passkey), real stores of both engines and a real SMTP peer: the guards on every route, the
 * counts and weeks, erasing, the exports read back, and an import that only ever asks to confirm.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { FAN_TOKEN_PARAM, SUBSCRIBE_API } from '../../../src/lib/fans.ts';
import { FAN_WEEKS_SHOWN, FANS_ROUTES, type FanImportAnswer, type FansOverview } from '../../../src/lib/studio-fans.ts';
import { FORMULA, parseCsv } from './csv-parse.ts';
import { useBothEngines } from './both-engines.ts';
import { expectGuarded, useSignedInApp } from './signed-in-app.ts';
import type { StudioBrowser } from './studio-browser.ts';

const databases = useBothEngines();

describe.each(databases.appDatabases)('the fans in the studio on %s', (_engine, database) => {
  let smtp: SmtpPeer;
  let app: FastifyInstance;
  let browser: StudioBrowser;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(() => smtp.close());
  useSignedInApp(
    async () => ({
      SMTP_URL: smtp.url,
      MAIL_TO: 'andre@example.com',
      LIST_MAILS_PER_MINUTE: '60000',
      // Every fan here signs up from the same loopback address.
      CONTACT_RATE_LIMIT: '1000',
      ...(await database()),
    }),
    (served) => {
      ({ app, browser } = served);
    },
  );

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    browser.request(method, url, payload);
  const overview = async () => (await call('GET', FANS_ROUTES.list)).json<FansOverview>();
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.recipients.includes(address));

  /** Signs `email` up from the site and confirms through its mail's link, as a fan does. */
  async function joins(email: string, lang: 'pt' | 'en' | 'es') {
    await app.inject({ method: 'POST', url: SUBSCRIBE_API, payload: { email, lang } });
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const link = new URL(/https?:\/\/\S+\/fans\/confirm\?\S+/.exec(mailsTo(email)[0]?.parsed.text ?? '')?.[0] ?? '');
    expect(link.searchParams.get(FAN_TOKEN_PARAM)).toBeTruthy();
    await app.inject({ method: 'POST', url: `${link.pathname}${link.search}`, headers: { accept: 'text/html' } });
  }

  it('refuses every route without a session (401) and every change from another origin (403)', async () => {
    await expectGuarded(app, browser, [
      ['GET', FANS_ROUTES.list],
      ['GET', FANS_ROUTES.exportJson],
      ['GET', FANS_ROUTES.exportCsv],
      ['DELETE', FANS_ROUTES.one(1)],
      ['POST', FANS_ROUTES.import, { csv: 'someone@example.org', lang: 'pt' }],
    ]);
    expect((await overview()).fans).toEqual([]);
  });

  it('counts the confirmed per language, charts the week’s joins and leaves, and erases a fan', async () => {
    await joins('ana@example.org', 'pt');
    await joins('bob@example.org', 'en');
    await expect.poll(() => mailsTo('bob@example.org').length).toBe(2);
    const leave = /https?:\/\/\S+\/fans\/leave\?\S+/.exec(mailsTo('bob@example.org')[1]?.parsed.text ?? '')?.[0] ?? '';
    await app.inject({ method: 'POST', url: new URL(leave).pathname + new URL(leave).search });

    const seen = await overview();
    expect(seen.counts.confirmed).toEqual({ pt: 1, en: 0, es: 0 });
    expect(seen.weeks).toHaveLength(FAN_WEEKS_SHOWN);
    expect(seen.weeks.at(-1)).toMatchObject({ joins: 2, leaves: 1 });
    expect(seen.fans.map((fan) => [fan.email, fan.lang, fan.state])).toEqual([['ana@example.org', 'pt', 'confirmed']]);

    const id = seen.fans[0]?.id ?? 0;
    expect((await call('DELETE', FANS_ROUTES.one(id))).statusCode).toBe(204);
    expect((await call('DELETE', FANS_ROUTES.one(id))).statusCode).toBe(404);
    expect((await overview()).fans).toEqual([]);
  });

  it('imports addresses only as confirmation mails, skipping who left, and says which lines it could not read', async () => {
    await joins('carla@example.org', 'es');
    await expect.poll(() => mailsTo('carla@example.org').length).toBe(2);
    const leave = new URL(
      /https?:\/\/\S+\/fans\/leave\?\S+/.exec(mailsTo('carla@example.org')[1]?.parsed.text ?? '')?.[0] ?? '',
    );
    await app.inject({ method: 'POST', url: `${leave.pathname}${leave.search}` });

    const csv =
      'Email;Lang\r\nnew.one@example.org;en\r\n"new.two@example.org";\r\nnot an address;pt\r\n\r\nCARLA@example.org;es\r\nnew.one@example.org;en\r\n';
    const answer = await call('POST', FANS_ROUTES.import, { csv, lang: 'pt' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<FanImportAnswer>()).toEqual({
      queued: 2,
      known: 0,
      left: 1,
      invalid: [{ line: 4, reason: expect.any(String) as string }],
    });
    await expect.poll(() => mailsTo('new.two@example.org').length).toBe(1);
    await expect.poll(() => mailsTo('new.one@example.org').length).toBe(1);
    const waiting = (await overview()).fans.filter((fan) => fan.email.startsWith('new.'));
    expect(waiting.map((fan) => [fan.email, fan.lang, fan.state]).sort()).toEqual([
      ['new.one@example.org', 'en', 'waiting'],
      ['new.two@example.org', 'pt', 'waiting'],
    ]);
    expect(mailsTo('carla@example.org')).toHaveLength(2);

    const refused = await call('POST', FANS_ROUTES.import, { csv: 'x@example.org', lang: 'xx' });
    expect(refused.statusCode).toBe(400);
  });

  it('exports every fan as JSON exactly and as CSV a spreadsheet cannot run', async () => {
    await call('POST', FANS_ROUTES.import, { csv: `=cmd|' /C calc'!A0@example.org\nplain@example.org`, lang: 'pt' });
    const json = await call('GET', FANS_ROUTES.exportJson);
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="fans-\d{4}-\d{2}-\d{2}\.json"$/);
    const listed = json.json<{ email: string }[]>();
    const csv = await call('GET', FANS_ROUTES.exportCsv);
    const rows = parseCsv(csv.body, ',', true);
    expect(rows[0]).toEqual(['id', 'email', 'lang', 'state', 'signedUpAt', 'confirmedAt']);
    expect(rows.slice(1).map((row) => row[1]?.replace(/^'/, ''))).toEqual(listed.map((fan) => fan.email));
    for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(FORMULA);
  });
});
