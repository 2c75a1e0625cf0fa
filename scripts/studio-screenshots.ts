/**
 * `npm run screenshots:studio`: a PNG of each part of the studio (the editor, music, messages,
 * fans, numbers) and of the editor's form of each collection at phone and desktop widths in
 * screenshots/studio/, signed in as the artist through a virtual passkey, on temporary folders
 * with the demo music, a few messages, a few fans (their mails to an SMTP peer of the script's
 * own) with an announcement sent to them and one waiting for a release, and a few counts; and
 * the fans' composer unfolded, filled from a release, with its preview. Each shot's
 * layout is checked as the public pages' are: a defect makes the exit code 1. `--engine=firefox`
 * (webkit, all) shoots in those engines too, into screenshots/studio/<engine>/: only Chromium has
 * a virtual passkey, so they are handed the session Chromium signed in with.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROME_PATH, PLAYWRIGHT_FLAGS } from './chromium.ts';
import { generateDemoMedia } from './demo-media/generate.ts';
import { endRun, inspectLayout, viewportAt, type LayoutReport } from './layout.ts';
import { ENGINES, launchEngine, type EngineName } from '../perf/harness/browsers/index.ts';
import { addPasskeyAuthenticator } from '../perf/harness/passkeys.ts';
import { startSmtpPeer, type SmtpPeer } from '../perf/harness/smtp-peer.ts';
import { startStudioApp, type StudioApp } from '../perf/harness/studio-app.ts';
import { EVENTS_PATH, LANDING, MAX_EVENTS_PER_REQUEST, type PageEvent } from '../src/lib/numbers-events.ts';
import { SESSION_COOKIE } from '../server/services/studio/studio-http.ts';
import { SUBSCRIBE_API } from '../src/lib/fans.ts';
import type { Lang } from '../src/lib/languages.ts';
import type { AnnouncementDraft } from '../src/lib/studio-fans.ts';
import { STUDIO_SECTIONS, studioSectionPath } from '../src/lib/studio-auth.ts';
import { ANNOUNCE_TEXTS } from '../studio/fans/announce-texts.ts';
import { fill, STUDIO_TEXTS } from '../studio/texts.ts';

const OUT_DIR = join('screenshots', 'studio');
const { values: flags } = parseArgs({
  options: { widths: { type: 'string', default: '320,390,1440' }, engine: { type: 'string', default: 'chromium' } },
});
const widths = flags.widths.split(',').map(Number);
if (widths.some((width) => !Number.isInteger(width) || width < 320)) {
  console.error(`--widths takes whole widths of 320 px or more, separated by commas: ${flags.widths}`);
  process.exit(2);
}
const SHOT_ENGINES = ['chromium', ...ENGINES] as const;
const engines = SHOT_ENGINES.filter((engine) => flags.engine === 'all' || engine === flags.engine);
if (engines.length === 0) {
  console.error(`--engine takes ${SHOT_ENGINES.join(', ')} or all: ${flags.engine}`);
  process.exit(2);
}
if (!existsSync(join('dist', 'pt.html')) || !existsSync(join('dist-studio', 'index.html'))) {
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

/** Messages as strangers write them: a long word, several lines, each language. */
const MESSAGES = [
  { name: 'Ana Souza', email: 'ana@example.com', lang: 'pt', message: 'Olá André!\nAdorei o último single.' },
  { name: 'Sam', email: 'sam@example.org', lang: 'en', message: `Booking request: ${'x'.repeat(60)}\nThanks.` },
  { name: 'Lucía', email: 'lucia@example.es', lang: 'es', message: '¿Tocarás en Madrid este año?' },
] as const;

/** Fans who sign up, in each language: most confirm; the one whose address is longer than a phone is wide does not. */
const FANS = [
  { email: 'ana.fan@example.com', lang: 'pt', confirms: true },
  { email: 'sam@example.org', lang: 'en', confirms: true },
  { email: 'lucia@example.es', lang: 'es', confirms: true },
  { email: 'joao@example.com.br', lang: 'pt', confirms: true },
  { email: `a.fan.with.a.long.address.${'x'.repeat(24)}@mail.example.org`, lang: 'en', confirms: false },
] as const;

/** Signs the fans up from the site, and confirms each through the link of the mail the peer received, as a fan does. */
async function signUpFans(origin: string, smtp: SmtpPeer): Promise<void> {
  const post = (path: string, body?: object) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      redirect: 'manual',
      ...(body && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  for (const { email, lang, confirms } of FANS) {
    await post(SUBSCRIBE_API, { email, lang });
    if (!confirms) continue;
    const deadline = Date.now() + 10_000;
    let link: string | undefined;
    while (!link && Date.now() < deadline) {
      const mail = smtp.received.find((one) => one.recipients.includes(email));
      link = /https?:\/\/\S+\/fans\/confirm\?\S+/.exec(mail?.parsed.text ?? '')?.[0];
      if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!link) throw new Error(`no confirmation mail came for ${email}`);
    const url = new URL(link);
    await post(`${url.pathname}${url.search}`);
  }
}

/** An announcement's words in each language, as the studio would have filled them from a release. */
function announcementTexts(origin: string, title: string, slug: string): AnnouncementDraft {
  const subjects = { pt: 'Música nova', en: 'New music', es: 'Música nueva' } as const;
  const texts = {
    pt: 'Já saiu.\nOuça agora.',
    en: 'Out now.\nListen now.',
    es: 'Ya salió.\nEscúchalo ahora.',
  } as const;
  const one = (lang: Lang) => ({
    subject: `${subjects[lang]}: ${title}`,
    text: texts[lang],
    link: `${origin}/${lang}/music/${slug}`,
  });
  return { pt: one('pt'), en: one('en'), es: one('es') };
}

/**
 * The fans' announcements, as the artist leaves them: one sent to the fans above (its mails to
 * the peer), and one waiting for a release still to come.
 */
async function announce(app: StudioApp['app'], origin: string): Promise<void> {
  const fans = app.fans;
  if (!fans) throw new Error('the fans list is not open: no announcement to show');
  await fans.store.announcements.create({
    release: 'cocktail-n2',
    texts: announcementTexts(origin, 'Cocktail Nº2', 'cocktail-n2'),
    sendAtMs: Date.now(),
    afterRelease: false,
  });
  fans.outbox.notify();
  const deadline = Date.now() + 20_000;
  while ((await fans.store.announcements.list())[0]?.state !== 'sent') {
    if (Date.now() > deadline) throw new Error('the announcement was not sent within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await fans.store.announcements.create({
    release: 'proximo-single',
    texts: announcementTexts(origin, 'Próximo Single', 'proximo-single'),
    sendAtMs: Date.parse('2099-12-05T03:00:00Z'),
    afterRelease: true,
  });
}

/** What a few visitors' pages would send: views, a track heard, platform clicks, vitals. */
async function sendListenersEvents(origin: string, playlist: string, app: StudioApp['app']): Promise<void> {
  const tracks = app.library.tracks(playlist);
  const events: PageEvent[] = [
    ...(['/pt', '/en', '/es', '/pt'] as const).map((path): PageEvent => ({ type: 'view', path, lang: path.slice(1) })),
    ...tracks.flatMap((track, index) =>
      (['play', 'play30', 'end'] as const)
        .slice(0, 3 - (index % 3))
        .map((type): PageEvent => ({ type, playlist, file: track.file })),
    ),
    { type: 'click', from: LANDING, platform: 'spotify' },
    { type: 'click', from: LANDING, platform: 'youtube' },
    { type: 'vital', path: '/pt', metric: 'LCP', value: 900 },
    { type: 'vital', path: '/pt', metric: 'INP', value: 80 },
    { type: 'vital', path: '/pt', metric: 'CLS', value: 0.002 },
  ];
  for (let start = 0; start < events.length; start += MAX_EVENTS_PER_REQUEST) {
    await fetch(`${origin}${EVENTS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(events.slice(start, start + MAX_EVENTS_PER_REQUEST)),
    });
  }
}

type View = readonly [name: string, path: string];

/** The first file of `folder` (by name, at any depth) matching `pattern`, without its extension. */
function firstEntry(folder: string, pattern: RegExp): string | undefined {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => pattern.test(file));
  return files.sort()[0]?.replace(/\.[^.]+$/, '');
}

/**
 * Each part of the studio, and the editor's lists and the form of each collection: an entry of
 * the artist's as he opens it, and a new one where he writes from nothing.
 */
function viewsOf(contentDir: string): View[] {
  const entry = (name: string, collection: string, slug: string | undefined): View[] =>
    slug ? [[name, `/studio/#/collections/${collection}/entries/${slug}`]] : [];
  const releases = join(contentDir, 'releases');
  return [
    ...STUDIO_SECTIONS.map((section) => [section, studioSectionPath(section)] as const),
    ['editor-site', '/studio/#/collections/site/entries/site'],
    ['editor-videos', '/studio/#/collections/videos/entries/videos'],
    ...entry('editor-release', 'releases', firstEntry(releases, /^[^/]+\.json$/)),
    ['editor-new-release', '/studio/#/collections/releases/new'],
    ['editor-tracks', '/studio/#/collections/tracks'],
    ...entry('editor-lyrics', 'tracks', firstEntry(releases, /^[^/]+\/[^/]+\.json$/)),
    ['editor-new-track', '/studio/#/collections/tracks/new'],
    ...entry('editor-poem', 'poems', firstEntry(join(contentDir, 'poems'), /^[^/]+\.md$/)),
    ['editor-new-poem', '/studio/#/collections/poems/new'],
  ];
}

let defects = 0;

/** Prints a shot's line, and counts its layout defects and the errors its page reported. */
function record(file: string, report: LayoutReport, errors: readonly string[] = []): void {
  const problems = [...report.problems, ...errors.map((error) => `page error: ${error}`)];
  defects += problems.length;
  console.log(
    problems.length === 0
      ? `${file}  ${String(report.clientWidth)} px wide, every control on screen`
      : `${file}  DEFECTS:\n  ${problems.join('\n  ')}`,
  );
}

/**
 * Resolves once the page has not changed for a while (the studio draws itself from its API
 * answers and the editor from its own), or after 20 s, with its fonts ready.
 */
async function settled(): Promise<void> {
  await new Promise<void>((resolve) => {
    let quiet = setTimeout(done, 800);
    const observer = new MutationObserver(() => {
      clearTimeout(quiet);
      quiet = setTimeout(done, 800);
    });
    const deadline = setTimeout(done, 20_000);
    function done() {
      observer.disconnect();
      clearTimeout(deadline);
      resolve();
    }
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await document.fonts.ready;
}

/** Every view at every width in Chromium, signed in on `page`. */
async function shootInChromium(page: Page): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize(viewportAt(width));
    for (const [name, path] of viewsOf(studio.dirs.content)) {
      await page.goto('about:blank');
      await page.goto(`${studio.origin}${path}`, { waitUntil: 'networkidle' });
      const report: LayoutReport = await page.evaluate(inspectLayout);
      const file = join(OUT_DIR, `${name}-${String(width)}.png`);
      await page.screenshot({ path: file, fullPage: true });
      record(file, report);
    }
    // The account menu open, over the messages: the person's passkeys, adding and removing one,
    // signing out.
    await page.goto(`${studio.origin}${studioSectionPath('messages')}`, { waitUntil: 'networkidle' });
    await page.locator('details.account > summary').click();
    await page.evaluate(settled);
    const file = join(OUT_DIR, `account-${String(width)}.png`);
    const report: LayoutReport = await page.evaluate(inspectLayout);
    await page.screenshot({ path: file, fullPage: true });
    record(file, report);
    await shootComposer(page, width);
  }
}

/** The fans' composer unfolded, filled in from the first release offered, and its preview. */
async function shootComposer(page: Page, width: number): Promise<void> {
  await page.goto(`${studio.origin}${studioSectionPath('fans')}`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: ANNOUNCE_TEXTS.pt.open }).click();
  const what = page.getByLabel(ANNOUNCE_TEXTS.pt.what);
  await what.selectOption((await what.locator('optgroup option').first().getAttribute('value')) ?? '');
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#announce-pt-subject')?.value !== '');
  await page.getByRole('button', { name: ANNOUNCE_TEXTS.pt.preview }).click();
  await page.getByRole('region', { name: ANNOUNCE_TEXTS.pt.previewHeading }).waitFor();
  await page.evaluate(settled);
  const file = join(OUT_DIR, `fans-announce-${String(width)}.png`);
  const report: LayoutReport = await page.evaluate(inspectLayout);
  await page.screenshot({ path: file, fullPage: true });
  record(file, report);
}

/** Every view at every width in Firefox or WebKit, each in a fresh page given the session. */
async function shootInEngine(name: EngineName, session: { name: string; value: string; path: string }) {
  const dir = join(OUT_DIR, name);
  await mkdir(dir, { recursive: true });
  const engine = await launchEngine(name);
  try {
    for (const width of widths) {
      for (const [view, path] of viewsOf(studio.dirs.content)) {
        const page = await engine.newPage(viewportAt(width));
        try {
          await page.setCookie(studio.origin, session);
          await page.goto(`${studio.origin}${path}`);
          await page.evaluate(settled);
          const report: LayoutReport = await page.evaluate(inspectLayout);
          const file = join(dir, `${view}-${String(width)}.png`);
          await page.screenshot(file, true);
          const signedIn = await page.evaluate(() => document.querySelector('.top-bar') !== null);
          const errors = await page.takeErrors();
          record(file, report, signedIn ? errors : ['the session did not take: no signed-in studio', ...errors]);
        } finally {
          await page.close();
        }
      }
    }
  } finally {
    await engine.close();
  }
}

const smtp = await startSmtpPeer();
const studio = await startStudioApp({
  prefix: 'studio-shots-',
  // The fans sign up from this one machine, and the announcement goes out to them at once.
  env: {
    SMTP_URL: smtp.url,
    MAIL_TO: 'andre@example.com',
    CONTACT_RATE_LIMIT: '100',
    CONTACT_NETWORK_LIMIT: '100',
    LIST_MAILS_PER_MINUTE: '60000',
  },
});
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: PLAYWRIGHT_FLAGS });
try {
  await generateDemoMedia(studio.dirs.media);
  const inbox = await studio.app.inbox.open();
  for (const message of MESSAGES) await inbox?.store.add(message);
  await signUpFans(studio.origin, smtp);
  await announce(studio.app, studio.origin);
  await studio.app.library.rescan();
  await sendListenersEvents(studio.origin, studio.app.library.playlists()[0]?.name ?? '', studio.app);

  const context = await browser.newContext({ reducedMotion: 'reduce', locale: 'pt-BR' });
  const page = await context.newPage();
  await page.setViewportSize(viewportAt(widths[0] ?? 390));
  await addPasskeyAuthenticator(page);
  await page.goto(await studio.invite('André'));
  await page.getByRole('button', { name: STUDIO_TEXTS.pt.createPasskey }).click();
  await page.getByText(fill(STUDIO_TEXTS.pt.signedInAs, { name: 'André' })).waitFor();

  if (engines.includes('chromium')) await shootInChromium(page);
  const session = (await context.cookies(`${studio.origin}/studio/`)).find((cookie) => cookie.name === SESSION_COOKIE);
  if (!session) throw new Error('signing in set no session cookie');
  for (const engine of ENGINES.filter((name) => engines.includes(name))) await shootInEngine(engine, session);
} finally {
  await browser.close();
  await studio.close();
  await smtp.close();
}
endRun(defects);
