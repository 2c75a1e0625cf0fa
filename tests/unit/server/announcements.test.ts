/**
 * The artist's announcements through the real app, a real SMTP peer and real stores: the words
 * filled in from a release's file, the preview and the test copy, sending to every confirmed
 * fan in their language with a one-click leave, and a thousand fans mailed once each by two
 * instances on PostgreSQL, one of them restarted mid-send.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { writeTestCover } from '../../../perf/harness/test-cover.ts';
import type { FanStore } from '../../../server/services/fans/fan-store.ts';
import { buildStartedAt } from '../../../server/services/publish/build-folders.ts';
import { loadServedSite } from '../../../server/services/site/served-site.ts';
import { openDatabase } from '../../../server/services/stores/connect.ts';
import { openFanStore } from '../../../server/services/stores/open-fan-store.ts';
import { DRAWN_COVERS_FOLDER, LOGO_COVER } from '../../../src/lib/cover-stand-ins.ts';
import { LANGUAGES } from '../../../src/lib/languages.ts';
import {
  FANS_ROUTES,
  type AnnouncementDraft,
  type AnnouncementPreview,
  type AnnouncementsOverview,
  type StudioAnnouncement,
} from '../../../src/lib/studio-fans.ts';
import { useBothEngines } from './both-engines.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { expectGuarded, useSignedInApp } from './signed-in-app.ts';
import type { StudioBrowser } from './studio-browser.ts';

const ARTIST = 'andre@example.com';
const databases = useBothEngines();

/** A release file of the fixture's own content, with its words in each language. */
const RELEASE = {
  title: 'Demo EP',
  kind: 'EP',
  released: '2026-11',
  playlist: 'Demo',
  // Markup in the artist's words is text in the mail's HTML too.
  description: { pt: 'Um EP de teste. <b>&</b>', en: 'A test EP.', es: 'Un EP de prueba.' },
  cover: './covers/demo.jpg',
};

/** The width and height of a JPEG, as ffprobe reads them. */
function imageSize(bytes: Buffer): [number, number] {
  const file = join(mkdtempSync(join(tmpdir(), 'cover-')), 'cover.jpg');
  writeFileSync(file, bytes);
  const probed = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=width,height',
    '-of',
    'csv=p=0',
    file,
  ]);
  rmSync(dirname(file), { recursive: true, force: true });
  return probed.toString().trim().split(',').map(Number) as [number, number];
}

/** A header as the mail carries it (unfolded), or undefined. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = (mail.raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((each) => each.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** `count` confirmed fans, their languages in turn, through sign-up and confirmation (their own mails sent). */
async function confirmedFans(store: FanStore, count: number) {
  const now = Date.now();
  for (let n = 0; n < count; n += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, count - n) }, (_, k) =>
        store.signUp(`fan${n + k}@example.org`, LANGUAGES[(n + k) % 3] ?? 'pt', Number.POSITIVE_INFINITY, now),
      ),
    );
  }
  for (let mail = await store.claimMail(now, 60_000); mail; mail = await store.claimMail(now, 60_000)) {
    if (mail.kind === 'confirm') await store.confirm(mail.token, now);
    await store.finishMail(mail, 'sent');
  }
}

describe('announcing a release from the studio', () => {
  let contentDir: string;
  // The project the site is built from: where the stand-in covers are.
  const projectDir = mkdtempSync(join(tmpdir(), 'announcement-project-'));
  let smtp: SmtpPeer;
  let app: FastifyInstance;
  let browser: StudioBrowser;

  beforeAll(async () => {
    contentDir = mkdtempSync(join(tmpdir(), 'announcement-content-'));
    mkdirSync(join(contentDir, 'releases', 'covers'), { recursive: true });
    writeFileSync(join(contentDir, 'releases', 'demo-ep.json'), JSON.stringify(RELEASE));
    // JSON leaves an undefined key out: release files without a cover of their own, one of
    // which has a stand-in drawn for it (a PNG, as `npm run brand` draws them).
    for (const [slug, title] of [
      ['drawn', 'Drawn'],
      ['no-cover', 'No Cover'],
    ]) {
      writeFileSync(
        join(contentDir, 'releases', `${slug}.json`),
        JSON.stringify({ ...RELEASE, title, cover: undefined }),
      );
    }
    mkdirSync(join(projectDir, DRAWN_COVERS_FOLDER), { recursive: true });
    writeTestCover(join(projectDir, DRAWN_COVERS_FOLDER, 'drawn.png'), 800);
    // A cover as large as an artist's: the mails carry it made small.
    writeTestCover(join(contentDir, 'releases', 'covers', 'demo.jpg'), 1600);
    smtp = await startSmtpPeer();
  }, 30_000);
  afterAll(async () => {
    await smtp.close();
    rmSync(contentDir, { recursive: true, force: true });
    rmSync(projectDir, { recursive: true, force: true });
  });
  useSignedInApp(
    async () => ({
      SMTP_URL: smtp.url,
      MAIL_TO: ARTIST,
      CONTENT_DIR: contentDir,
      LIST_MAILS_PER_MINUTE: '60000',
      // The covers are made small by ffmpeg (Debian's).
      FFMPEG_PATH: 'ffmpeg',
    }),
    async (served) => {
      ({ app, browser } = served);
      const fans = await openFanStore({ databaseUrl: null, dataDir: served.site.dataDir });
      await confirmedFans(fans, 6);
      await fans.close();
    },
    { publish: { projectDir } },
  );

  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.recipients.includes(address));

  /** The mail carries the cover inside it, made small, and loads nothing from anywhere. */
  function expectCover(mail: ReceivedMail) {
    const [cover, ...more] = mail.parsed.attachments;
    expect(more).toEqual([]);
    expect(cover?.contentType).toBe('image/jpeg');
    expect(imageSize(cover?.content ?? Buffer.alloc(0))).toEqual([600, 600]);
    expect(cover?.cid).toBeTruthy();
    // mailparser draws a `cid:` image from the mail itself, as mail programs do.
    const html = mail.parsed.html || '';
    expect(html).toMatch(/<img src="data:image\/jpeg;base64,/);
    expect(html).not.toMatch(/src="https?:/);
  }

  it('fills each language from the release, previews, sends a test to the artist, then mails every fan once in theirs', async () => {
    const overview = (await browser.request('GET', FANS_ROUTES.announcements)).json<AnnouncementsOverview>();
    expect(overview.releases).toEqual([
      { slug: 'demo-ep', title: 'Demo EP', releaseAt: null, hasCover: true },
      { slug: 'drawn', title: 'Drawn', releaseAt: null, hasCover: true },
      { slug: 'no-cover', title: 'No Cover', releaseAt: null, hasCover: false },
    ]);

    const draft = (await browser.request('POST', FANS_ROUTES.draft, { release: 'demo-ep' })).json<AnnouncementDraft>();
    for (const lang of LANGUAGES) {
      expect(draft[lang].subject).toContain(RELEASE.title);
      expect(draft[lang].text).toBe(RELEASE.description[lang]);
      expect(new URL(draft[lang].link).pathname).toBe(`/${lang}/music/demo-ep`);
    }
    expect(new Set(LANGUAGES.map((lang) => draft[lang].subject)).size).toBe(3);

    const preview = (await browser.request('POST', FANS_ROUTES.preview, { texts: draft })).json<AnnouncementPreview>();
    for (const lang of LANGUAGES) {
      expect(preview[lang].subject).toBe(draft[lang].subject);
      expect(preview[lang].text).toContain(draft[lang].text);
      expect(preview[lang].text).toContain(draft[lang].link);
    }

    expect((await browser.request('POST', FANS_ROUTES.test, { texts: draft, release: 'demo-ep' })).statusCode).toBe(
      200,
    );
    await expect.poll(() => mailsTo(ARTIST).length).toBe(3);
    for (const mail of mailsTo(ARTIST)) expectCover(mail);
    expect(
      mailsTo(ARTIST)
        .map((mail) => mail.parsed.subject)
        .sort(),
    ).toEqual(LANGUAGES.map((lang) => draft[lang].subject).sort());

    const created = await browser.request('POST', FANS_ROUTES.announcements, {
      release: 'demo-ep',
      texts: draft,
      when: 'now',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<StudioAnnouncement>();
    await expect
      .poll(
        async () =>
          (await browser.request('GET', FANS_ROUTES.announcements)).json<AnnouncementsOverview>().announcements[0],
      )
      .toMatchObject({ id, state: 'sent', total: 6, sent: 6, waiting: 0 });
    for (let n = 0; n < 6; n += 1) {
      const lang = LANGUAGES[n % 3] ?? 'pt';
      const [mail] = mailsTo(`fan${n}@example.org`).filter((each) => each.parsed.subject === draft[lang].subject);
      expect(mail, `fan${n}'s announcement`).toBeDefined();
      expect(header(mail as ReceivedMail, 'List-Unsubscribe')).toMatch(
        new RegExp(`^<https?://\\S+/${lang}/fans/leave\\?t=\\S+>$`),
      );
      expect(header(mail as ReceivedMail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expectCover(mail as ReceivedMail);
    }
    const pt = mailsTo('fan0@example.org').find((mail) => mail.parsed.subject === draft.pt.subject);
    expect(pt?.parsed.html).toContain('Um EP de teste. &#60;b&#62;&#38;&#60;/b&#62;');
    expect(pt?.parsed.text).toContain('Um EP de teste. <b>&</b>');
    // A cancel comes too late once it started.
    expect((await browser.request('DELETE', FANS_ROUTES.announcement(id))).statusCode).toBe(404);
  });

  it('shows the preview the cover the mails carry, the stand-in the site shows, and says when a release has none', async () => {
    const expectSmallCover = async (release: string) => {
      const cover = await browser.request('GET', FANS_ROUTES.cover(release));
      expect(cover.statusCode, release).toBe(200);
      expect(cover.headers['content-type']).toBe('image/jpeg');
      expect(cover.headers['cache-control']).toBe('no-store');
      expect(imageSize(cover.rawPayload)).toEqual([600, 600]);
    };
    await expectSmallCover('demo-ep');
    await expectSmallCover('drawn');
    for (const release of ['no-cover', 'nowhere']) {
      const none = await browser.request('GET', FANS_ROUTES.cover(release));
      expect(none.statusCode, release).toBe(404);
      expect(none.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    // A release added since the stand-ins were drawn shows the logo, once the project has it.
    writeTestCover(join(projectDir, LOGO_COVER), 800);
    try {
      const { releases } = (await browser.request('GET', FANS_ROUTES.announcements)).json<AnnouncementsOverview>();
      expect(releases.find((release) => release.slug === 'no-cover')?.hasCover).toBe(true);
      await expectSmallCover('no-cover');
    } finally {
      rmSync(join(projectDir, LOGO_COVER));
    }
    // Only a release's name: never a path.
    expect((await browser.request('GET', FANS_ROUTES.cover('../site'))).statusCode).toBe(400);
    await expectGuarded(app, browser, [
      ['GET', FANS_ROUTES.announcements],
      ['GET', FANS_ROUTES.cover('demo-ep')],
      ['POST', FANS_ROUTES.draft, { release: 'demo-ep' }],
      ['POST', FANS_ROUTES.preview, { texts: {} }],
      ['POST', FANS_ROUTES.test, { texts: {} }],
      ['POST', FANS_ROUTES.announcements, { release: null, texts: {}, when: 'now' }],
      ['DELETE', FANS_ROUTES.announcement(1)],
    ]);
  });

  it('refuses words a mail cannot carry, and a release moment the release does not have', async () => {
    const draft = (await browser.request('POST', FANS_ROUTES.draft, { release: 'demo-ep' })).json<AnnouncementDraft>();
    const broken = { ...draft, es: { ...draft.es, subject: 'Nueva\r\nBcc: everyone@example.org' } };
    const refused = await browser.request('POST', FANS_ROUTES.announcements, {
      release: null,
      texts: broken,
      when: 'now',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/^es\.subject: /);
    const missing = await browser.request('POST', FANS_ROUTES.announcements, {
      release: null,
      texts: { pt: draft.pt },
      when: 'now',
    });
    expect(missing.statusCode).toBe(400);
    const noMoment = await browser.request('POST', FANS_ROUTES.announcements, {
      release: 'demo-ep',
      texts: draft,
      when: 'release',
    });
    expect(noMoment.statusCode).toBe(400);
    expect((await browser.request('POST', FANS_ROUTES.draft, { release: 'no-such-release' })).statusCode).toBe(404);
  });
});

/** `count` confirmed fans written in one statement, as a thousand sign-ups and confirmations leave them. */
async function seedConfirmedFans(databaseUrl: string, count: number) {
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    const now = Date.now();
    await db
      .insertInto('fans')
      .values(
        Array.from({ length: count }, (_, n) => ({
          email: `fan${n}@example.org`,
          mailbox: `fan${n}@example.org`,
          lang: LANGUAGES[n % 3] ?? 'pt',
          state: 'confirmed' as const,
          token: randomBytes(32).toString('base64url'),
          created_ms: now,
          confirm_sent_ms: now,
          confirmed_ms: now,
        })),
      )
      .execute();
  } finally {
    await db.destroy();
  }
}

describe('an announcement at a release’s moment', () => {
  it('waits, past the moment, for a build made after it to be served, then mails the fans', async () => {
    const site = createFixtureSite();
    const smtp = await startSmtpPeer();
    const app = await buildTestApp(site, { SMTP_URL: smtp.url, MAIL_TO: ARTIST, LIST_MAILS_PER_MINUTE: '60000' });
    const store = await openFanStore({ databaseUrl: null, dataDir: site.dataDir });
    try {
      await confirmedFans(store, 2);
      const texts = Object.fromEntries(
        LANGUAGES.map((lang) => [
          lang,
          { subject: `Out ${lang}`, text: 'Listen.', link: `https://example.org/${lang}` },
        ]),
      ) as AnnouncementDraft;
      const moment = Date.now() - 1000;
      await store.announcements.create({ release: 'demo-ep', texts, sendAtMs: moment, afterRelease: true });
      // The site served was not built after the moment (the fixture is no build of the server's).
      expect(buildStartedAt(app.site.current.dir)).toBeNull();

      // The build the release schedule makes at the moment goes live, as the publisher installs it.
      const build = join(
        site.dataDir,
        'builds',
        `${new Date(moment + 1000)
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d+Z$/, 'Z')}-abc123`,
      );
      cpSync(site.dir, build, { recursive: true });
      expect(buildStartedAt(build)).toBe(Math.floor((moment + 1000) / 1000) * 1000);
      app.site.install(await loadServedSite(build));
      await expect
        .poll(async () => (await store.announcements.list())[0])
        .toMatchObject({ state: 'sent', total: 2, sent: 2 });
      expect(smtp.received.map((mail) => mail.parsed.subject).sort()).toEqual(['Out en', 'Out pt']);
    } finally {
      await store.close();
      await app.close();
      await smtp.close();
      site.cleanup();
    }
  });
});

describe('a thousand fans, two instances on PostgreSQL', () => {
  it('mails each fan once, counts every mail, and loses and repeats nothing when one instance restarts mid-send', async () => {
    const databaseUrl = await databases.postgresDatabase();
    const smtp = await startSmtpPeer();
    const sites = [createFixtureSite(), createFixtureSite()];
    const env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, MAIL_TO: ARTIST, LIST_MAILS_PER_MINUTE: '30000' };
    const start = (index: number) => buildTestApp(sites[index] as FixtureSite, env);
    const store = await openFanStore({ databaseUrl, dataDir: '' });
    let apps: FastifyInstance[] = [];
    try {
      await seedConfirmedFans(databaseUrl, 1000);
      apps = [await start(0), await start(1)];
      const texts = Object.fromEntries(
        LANGUAGES.map((lang) => [
          lang,
          { subject: `News ${lang}`, text: 'Listen.', link: `https://example.org/${lang}` },
        ]),
      ) as AnnouncementDraft;
      await store.announcements.create({ release: null, texts, sendAtMs: Date.now(), afterRelease: false });
      for (const app of apps) app.fans?.outbox.notify();

      await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBeGreaterThan(200);
      await apps[1]?.close();
      const sentBefore = smtp.received.length;
      expect(sentBefore).toBeLessThan(1000);
      apps[1] = await start(1);

      await expect
        .poll(async () => (await store.announcements.list())[0], { timeout: 30_000 })
        .toMatchObject({ state: 'sent', total: 1000, sent: 1000, refused: 0, failed: 0, waiting: 0 });
      expect(smtp.received).toHaveLength(1000);
      for (let n = 0; n < 1000; n += 1) expect(smtp.recipientAttempts.get(`fan${n}@example.org`), `fan${n}`).toBe(1);
    } finally {
      for (const app of apps) await app.close();
      await store.close();
      await smtp.close();
      for (const site of sites) site.cleanup();
    }
  }, 90_000);
});
