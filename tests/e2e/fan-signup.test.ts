/**
 * The fans' list for visitors, in Chromium against servers of this file's own that mail a real
 * SMTP peer: the sign-up form in the footer of the home, release, pre-release and landing pages,
 * with JavaScript (its answers worded from the status code, in each language) and without (the
 * server's redirect to the page saying to check the mail); the keyboard, the field's error, the
 * status line that moves nothing; and the pages the mails lead to, through the whole journey of
 * a fan, with no token of a link in their HTML, in another site's hands or in the counts.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { FAN_PAGES, FAN_TOKEN_PARAM, fanPagePath, SUBSCRIBE_API, type FanPage } from '../../src/lib/fans.ts';
import {
  axeViolations,
  enhanced,
  holdRequests,
  openPage,
  openWithoutJavaScript,
  PHONE,
  useBrowser,
} from './browser.ts';
import { useContactServer } from './contact-server.ts';
import { LANGS, LOCALES, RELEASES, SITE_SETTINGS, t, type Lang } from './home-helpers.ts';
import { DEMO_TRACK_TEXTS } from './lyrics-helpers.ts';
import { UPCOMING } from './pre-release-site.ts';

const browser = useBrowser();
/** Room enough for every sign-up of the file from this one machine. */
const server = useContactServer({ CONTACT_RATE_LIMIT: '200', CONTACT_NETWORK_LIMIT: '200' });
/** One request of the list's a minute from a client: the second is too many. */
const strict = useContactServer({ CONTACT_RATE_LIMIT: '1' });
const preRelease = inject('preRelease');
const analyticsUrl = inject('analyticsUrl');
const staticUrl = inject('staticUrl');

const RELEASE = RELEASES[0]?.slug ?? '';
/** An element of a parsed page, as htmlparser2's DomUtils hands it to a test. */
type Element = Parameters<Parameters<typeof DomUtils.findOne>[0]>[0];
/** A fresh address for each sign-up, so that each gets its own mails. */
let addresses = 0;
const newAddress = () => `fan-${String(Date.now())}-${String((addresses += 1))}@example.org`;

const answer = (lang: Lang, outcome: 'sent' | 'invalid' | 'busy' | 'failed') => t(lang, `fans:signup.${outcome}`);

/** The sign-up form, found as assistive technology finds it: a form in the page's footer, by its name. */
const signUpForm = (page: Page, lang: Lang) =>
  page.getByRole('contentinfo').getByRole('form', { name: t(lang, 'fans:signup.label'), exact: true });

const emailField = (page: Page, lang: Lang) => signUpForm(page, lang).getByRole('textbox');

const statusLine = (page: Page, lang: Lang) => signUpForm(page, lang).getByRole('status');

/** Opens `path` of `baseUrl` with JavaScript and waits until the form's behaviour has come. */
async function openEnhanced(baseUrl: string, path: string, lang: Lang, viewport = PHONE) {
  const opened = await openPage(browser(), { viewport, locale: LOCALES[lang] });
  await opened.page.goto(`${baseUrl}${path}`);
  await enhanced(opened.page);
  return opened;
}

/** The mail the SMTP peer received for `address` whose text holds `pattern`, once it has come. */
async function linkInMail(address: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = server().smtp.received.filter((mail) => mail.recipients.includes(address));
        link = mails.map((mail) => pattern.exec(mail.parsed.text ?? '')?.[0]).find(Boolean);
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

/** Each kind of page with the form, each language in turn: the form is one component in all. */
const FOOTERS: [Lang, string][] = [
  ['pt', '/pt'],
  ['en', `/en/music/${RELEASE}`],
  ['es', '/es/samebloodscocktail'],
  ['en', '/en/spotify'],
];

describe('the sign-up form', () => {
  it.each(FOOTERS)('in %s, is in the footer of %s, named in the language, as plain HTML', async (lang, path) => {
    const { page } = await openWithoutJavaScript(browser(), `${server().baseUrl}${path}`);
    const form = signUpForm(page, lang);
    expect(await form.count()).toBe(1);
    expect(await form.getAttribute('method')).toBe('post');
    expect(await form.getAttribute('action')).toBe(SUBSCRIBE_API);
    const field = form.getByRole('textbox', { name: t(lang, 'fans:signup.label'), exact: true });
    expect(await field.evaluate((input: HTMLInputElement) => [input.type, input.name, input.required])).toEqual([
      'email',
      'email',
      true,
    ]);
    expect(await field.getAttribute('autocomplete')).toBe('email');
    expect(await field.getAttribute('maxlength')).toBe('254');
    expect(await form.locator('input[type="hidden"][name="lang"]').getAttribute('value')).toBe(lang);
    expect(await form.getByRole('button', { name: t(lang, 'fans:signup.submit'), exact: true }).isVisible()).toBe(true);
    // The status line is there, empty, before anything is sent.
    expect(await form.getByRole('status').textContent()).toBe('');
  });

  it('is on the page of a track', async () => {
    const [track] = DEMO_TRACK_TEXTS;
    if (!track) throw new Error('the demo music has no track with a page');
    const lang = 'pt';
    const path = `/${lang}/music/${track.releaseSlug}/${track.slug}`;
    const { page, response } = await openWithoutJavaScript(browser(), `${analyticsUrl}${path}`);
    expect(response?.status()).toBe(200);
    expect(await signUpForm(page, lang).count()).toBe(1);
  });

  it('is on the page of a release still to come', async () => {
    const lang = 'es';
    const { page } = await openWithoutJavaScript(browser(), `${preRelease.url}/${lang}/music/${UPCOMING.slug}`);
    expect(await signUpForm(page, lang).count()).toBe(1);
  });

  it('is taken from the keyboard alone, and answers 202 with its own words', async () => {
    const lang = 'en';
    const { page, problems } = await openEnhanced(server().baseUrl, `/${lang}/music/${RELEASE}`, lang);
    const field = emailField(page, lang);
    // Tab through the page until the field has the focus.
    for (let presses = 0; presses < 200 && !(await field.evaluate((input) => input === document.activeElement));) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    const address = newAddress();
    await page.keyboard.type(address);
    await page.keyboard.press('Tab');
    const button = signUpForm(page, lang).getByRole('button');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === SUBSCRIBE_API);
    await page.keyboard.press('Enter');
    const request = await sent;
    expect(request.headers()['content-type']).toBe('application/json');
    expect(request.postDataJSON()).toEqual({ email: address, lang });
    await expect.poll(() => statusLine(page, lang).textContent()).toBe(answer(lang, 'sent'));
    // Taken: the field is emptied, not marked, and the button has the focus back.
    expect(await field.inputValue()).toBe('');
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    // The confirmation mail goes out in the page's language.
    expect(await linkInMail(address, new RegExp(`\\S+/${lang}/fans/confirm\\?${FAN_TOKEN_PARAM}=\\S+`))).toMatch(
      new RegExp(`^${fanPagePath(lang, 'confirm')}\\?${FAN_TOKEN_PARAM}=.+`),
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it('marks the field when the server refuses the address, keeps it, and unmarks it on typing', async () => {
    const lang = 'pt';
    const { page } = await openEnhanced(server().baseUrl, `/${lang}`, lang);
    const field = emailField(page, lang);
    // The browser's own check lets this through; the server's does not.
    await field.fill('maria@localhost');
    await signUpForm(page, lang).getByRole('button').click();
    const status = statusLine(page, lang);
    await expect.poll(() => status.textContent()).toBe(answer(lang, 'invalid'));
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe(await status.getAttribute('id'));
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe('maria@localhost');
    // The form at the top of the screen: axe judges the size of a link by what the screen shows of it.
    await signUpForm(page, lang).evaluate((form) => form.scrollIntoView({ block: 'start' }));
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.type('.org');
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    expect(await field.getAttribute('aria-describedby')).toBeNull();
    expect(await status.textContent()).toBe('');
  });

  it('says to try again in a minute when the server answers 429', async () => {
    const lang = 'es';
    const { page } = await openEnhanced(strict().baseUrl, `/${lang}/samebloodscocktail`, lang);
    const field = emailField(page, lang);
    const status = statusLine(page, lang);
    const answers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === SUBSCRIBE_API) answers.push(response.status());
    });
    // The strict server takes one request of the list a minute from this machine: until it
    // refuses, every try is one more (another language's test may have used the minute).
    for (let tries = 0; tries < 3 && !answers.includes(429); tries += 1) {
      const before = answers.length;
      await field.fill(newAddress());
      await signUpForm(page, lang).getByRole('button').click();
      await expect.poll(() => answers.length).toBe(before + 1);
    }
    expect(answers).toContain(429);
    await expect.poll(() => status.textContent()).toBe(answer(lang, 'busy'));
    expect(await field.inputValue()).not.toBe('');
    expect(await field.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('the sign-up form with JavaScript', () => {
  it('disables its button while the address goes', async () => {
    const { page } = await openEnhanced(server().baseUrl, '/en', 'en');
    const answers = await holdRequests(page, `**${SUBSCRIBE_API}`);
    const field = emailField(page, 'en');
    const button = signUpForm(page, 'en').getByRole('button');
    await field.fill(newAddress());
    await button.click();
    await expect.poll(() => answers.count()).toBe(1);
    expect(await button.isDisabled()).toBe(true);
    expect(await statusLine(page, 'en').textContent()).toBe('');
    answers.release();
    await expect.poll(() => statusLine(page, 'en').textContent()).toBe(answer('en', 'sent'));
    expect(await button.isDisabled()).toBe(false);
    expect(await field.inputValue()).toBe('');
  });

  it('keeps the address when the server fails or the network does, in its own words, never the server’s', async () => {
    const { page } = await openEnhanced(server().baseUrl, '/es', 'es');
    await page.route(`**${SUBSCRIBE_API}`, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"message":"down"}' }),
    );
    const status = statusLine(page, 'es');
    await emailField(page, 'es').fill('maria@example.org');
    await signUpForm(page, 'es').getByRole('button').click();
    await expect.poll(() => status.textContent()).toBe(answer('es', 'failed'));
    expect(await emailField(page, 'es').inputValue()).toBe('maria@example.org');
    expect(await signUpForm(page, 'es').textContent()).not.toContain('down');
    // Now no answer at all: the request is refused before it reaches anyone.
    await page.unroute(`**${SUBSCRIBE_API}`);
    let refused = 0;
    await page.route(`**${SUBSCRIBE_API}`, (route) => {
      refused += 1;
      return route.abort('connectionrefused');
    });
    await signUpForm(page, 'es').getByRole('button').click();
    await expect.poll(() => refused).toBe(1);
    await expect.poll(() => status.textContent()).toBe(answer('es', 'failed'));
    expect(await emailField(page, 'es').inputValue()).toBe('maria@example.org');
  });

  it('lets the browser check the address first: an empty or malformed one is never sent', async () => {
    const { page } = await openEnhanced(server().baseUrl, '/pt', 'pt');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === SUBSCRIBE_API) sent.push(request.postData() ?? '');
    });
    const field = emailField(page, 'pt');
    const button = signUpForm(page, 'pt').getByRole('button');
    await button.click();
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await field.fill('not an address');
    await button.click();
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    // Requests go in order: had either gone out, it would come before this one.
    const address = newAddress();
    await field.fill(address);
    await button.click();
    await expect.poll(() => sent.length).toBeGreaterThan(0);
    expect(sent).toEqual([JSON.stringify({ email: address, lang: 'pt' })]);
  });

  it('on /samebloodscocktail from a static host, switched to the visitor’s language, sends and answers in it', async () => {
    const { page } = await openPage(browser(), { viewport: PHONE, locale: 'es-ES' });
    await page.goto(`${staticUrl}/samebloodscocktail`);
    await enhanced(page);
    expect(await page.getAttribute('html', 'lang')).toBe(LOCALES.es);
    // A static host has no API: the answer is the server's as it would come.
    await page.route(`**${SUBSCRIBE_API}`, (route) =>
      route.fulfill({ status: 202, contentType: 'application/json', body: '{"success":true}' }),
    );
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === SUBSCRIBE_API);
    await emailField(page, 'es').fill('maria@example.org');
    await signUpForm(page, 'es')
      .getByRole('button', { name: t('es', 'fans:signup.submit'), exact: true })
      .click();
    expect((await sent).postDataJSON()).toEqual({ email: 'maria@example.org', lang: 'es' });
    await expect.poll(() => statusLine(page, 'es').textContent()).toBe(answer('es', 'sent'));
  });

  // The longest answer decides: at 320 px each language's must fit the room kept for it.
  it.each([...LANGS.map((lang) => [lang, 320] as const), ['en', 1440] as const])(
    'in %s, moves nothing when an answer appears, at %i px',
    async (lang, width) => {
      const statuses = [
        { status: 202, body: '{"success":true}' },
        { status: 400, body: '{"success":false,"field":"email"}' },
        { status: 429, body: '{"success":false}' },
        { status: 503, body: '{"success":false}' },
      ];
      {
        const viewport = { width, height: 800 };
        const { page } = await openEnhanced(server().baseUrl, `/${lang}`, lang, viewport);
        let next = 0;
        await page.route(`**${SUBSCRIBE_API}`, (route) =>
          route.fulfill({ contentType: 'application/json', ...statuses[next++ % statuses.length] }),
        );
        const boxes = () =>
          page.evaluate(() =>
            ['footer.site-footer', 'form.fan-signup', '.copyright'].map((selector) => {
              const box = document.querySelector(selector)?.getBoundingClientRect();
              return box ? [Math.round(box.top + scrollY), Math.round(box.height)] : null;
            }),
          );
        await signUpForm(page, lang).scrollIntoViewIfNeeded();
        const before = await boxes();
        for (const outcome of ['sent', 'invalid', 'busy', 'failed'] as const) {
          await emailField(page, lang).fill('maria@example.org');
          await signUpForm(page, lang).getByRole('button').click();
          await expect.poll(() => statusLine(page, lang).textContent()).toBe(answer(lang, outcome));
          expect(await boxes(), `${outcome} at ${String(viewport.width)} px`).toEqual(before);
        }
        await page.context().close();
      }
    },
  );
});

describe('the sign-up form without JavaScript', () => {
  it.each(LANGS)('in %s, posts the form and lands on the page saying to check the mail', async (lang) => {
    const { page } = await openWithoutJavaScript(browser(), `${server().baseUrl}/${lang}/music/${RELEASE}`);
    const address = newAddress();
    await emailField(page, lang).fill(address);
    await signUpForm(page, lang).getByRole('button').click();
    await page.waitForURL(`${server().baseUrl}${fanPagePath(lang, 'checkMail')}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t(lang, 'fans:checkMail.title'));
    expect(await page.getByText(answer(lang, 'sent')).isVisible()).toBe(true);
    expect(await linkInMail(address, /\S+\/fans\/confirm\?\S+/)).toContain(fanPagePath(lang, 'confirm'));
  });
});

describe('the pages of the list', () => {
  const ALL = Object.keys(FAN_PAGES) as FanPage[];

  it('are each in its language, never indexed, and out of the sitemap, as the server sends them', async () => {
    const sitemap = await (await fetch(`${server().baseUrl}/sitemap-0.xml`)).text();
    expect(sitemap).not.toContain('/fans/');
    for (const lang of LANGS) {
      for (const name of ALL) {
        const response = await fetch(`${server().baseUrl}${fanPagePath(lang, name)}`);
        expect(response.status, `${lang} ${name}`).toBe(200);
        const document = parseDocument(await response.text());
        const find = (test: (element: Element) => boolean) => DomUtils.findOne(test, document.children);
        const heading = t(lang, `fans:${name}.title`);
        expect(find((element) => element.name === 'html')?.attribs['lang'], `${lang} ${name}`).toBe(LOCALES[lang]);
        const robots = find((element) => element.name === 'meta' && element.attribs['name'] === 'robots');
        expect(robots?.attribs['content']).toBe('noindex');
        expect(find((element) => element.name === 'link' && 'hreflang' in element.attribs)).toBeNull();
        const text = (name: string) => DomUtils.textContent(find((element) => element.name === name) ?? []);
        expect(text('h1'), `${lang} ${name}`).toBe(heading);
        expect(text('title'), `${lang} ${name}`).toBe(
          t(lang, 'fans:title', { page: heading, artist: SITE_SETTINGS.artist }),
        );
      }
    }
  });

  it.each([
    ['pt', 'confirm'],
    ['en', 'leave'],
    ['es', 'confirm'],
  ] as const)(
    '/%s/fans/%s holds one button, posting to its own address, and nothing of the token',
    async (lang, name) => {
      const token = 'T0KEN-must-stay-in-the-address';
      const { page, problems } = await openPage(browser(), { locale: LOCALES[lang] });
      const requests: Request[] = [];
      page.on('request', (request) => requests.push(request));
      const response = await page.goto(`${server().baseUrl}${fanPagePath(lang, name)}?${FAN_TOKEN_PARAM}=${token}`);
      await enhanced(page);
      expect(response?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(await response?.text()).not.toContain(token);
      expect(await page.content()).not.toContain(token);
      expect(await page.getByRole('button').count()).toBe(1);
      const form = page.locator('main form');
      expect(await form.count()).toBe(1);
      expect(await form.getAttribute('method')).toBe('post');
      expect(await form.getAttribute('action')).toBeNull();
      expect(await form.evaluate((element: HTMLFormElement) => element.action)).toBe(page.url());
      const hidden = await form
        .locator('input[type="hidden"]')
        .evaluateAll((inputs: HTMLInputElement[]) => inputs.map((input) => `${input.name}=${input.value}`));
      expect(hidden).toEqual(name === 'leave' ? ['List-Unsubscribe=One-Click'] : []);
      expect(await page.getByText(t(lang, `fans:${name}.text`, { artist: SITE_SETTINGS.artist })).isVisible()).toBe(
        true,
      );
      // Nothing is asked of another site, so no other site is told the address.
      expect(problems.external).toEqual([]);
      expect(requests.filter((request) => new URL(request.url()).origin !== new URL(server().baseUrl).origin)).toEqual(
        [],
      );
      expect(await axeViolations(page)).toEqual([]);
      expect(problems.errors).toEqual([]);
    },
  );

  it('the expired page offers the sign-up form again', async () => {
    const { page } = await openEnhanced(server().baseUrl, fanPagePath('es', 'expired'), 'es');
    const form = page.getByRole('form', { name: t('es', 'fans:signup.label'), exact: true });
    expect(await form.count()).toBe(1);
    await form.getByRole('textbox').fill(newAddress());
    await form.getByRole('button').click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe(answer('es', 'sent'));
  });
});

describe('a fan’s journey', () => {
  it('signs up, confirms from the mail, leaves from the next, and finds the used link expired', async () => {
    const base = server().baseUrl;
    const { page, problems } = await openEnhanced(base, '/en', 'en');
    const counts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') counts.push(request.postData() ?? '');
    });
    const address = newAddress();
    await emailField(page, 'en').fill(address);
    await signUpForm(page, 'en').getByRole('button').click();
    await expect.poll(() => statusLine(page, 'en').textContent()).toBe(answer('en', 'sent'));

    const confirm = await linkInMail(address, /\S+\/fans\/confirm\?\S+/);
    const token = new URLSearchParams(confirm.split('?')[1]).get(FAN_TOKEN_PARAM) ?? '';
    expect(token).not.toBe('');
    await page.goto(`${base}${confirm}`);
    // The router has come too: the button still posts as a plain form, to the link itself.
    await enhanced(page);
    // The counts go when the page is hidden: sent now, while the test can see them.
    await page.evaluate(() => dispatchEvent(new Event('pagehide')));
    await page.getByRole('button', { name: t('en', 'fans:confirm.button'), exact: true }).click();
    await page.waitForURL(`${base}${fanPagePath('en', 'confirmed')}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t('en', 'fans:confirmed.title'));

    const leave = await linkInMail(address, /\S+\/fans\/leave\?\S+/);
    await page.goto(`${base}${leave}`);
    await enhanced(page);
    await page.getByRole('button', { name: t('en', 'fans:leave.button'), exact: true }).click();
    await page.waitForURL(`${base}${fanPagePath('en', 'left')}`);
    expect(await page.getByText(t('en', 'fans:left.text')).isVisible()).toBe(true);

    // A link works once.
    await page.goto(`${base}${confirm}`);
    await page.getByRole('button').click();
    await page.waitForURL(`${base}${fanPagePath('en', 'expired')}`);
    expect(await page.getByRole('form', { name: t('en', 'fans:signup.label'), exact: true }).count()).toBe(1);

    // The site's own counts name the pages by their path alone: the token went nowhere.
    await expect.poll(() => counts.some((body) => body.includes('/en/fans/confirm'))).toBe(true);
    expect(counts.filter((body) => body.includes(token))).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});

describe('analytics on the pages of the list', () => {
  /** What the page queued for the tag, as text. */
  const queued = (page: Page) =>
    page.evaluate(() => JSON.stringify((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []));

  it('tells the tag the address and the referrer without the token', async () => {
    const token = 'T0KEN-not-for-analytics';
    const { page, problems } = await openPage(browser(), { locale: 'en-US' });
    // A visitor who accepted on an earlier visit.
    await page.context().addInitScript(() => localStorage.setItem('analytics-consent', 'granted'));
    const tag = page.waitForRequest((request) => request.url().includes('googletagmanager.com'));
    await page.goto(`${analyticsUrl}${fanPagePath('en', 'confirm')}?${FAN_TOKEN_PARAM}=${token}`);
    // The tag's own request tells its host the origin alone.
    expect((await tag).headers()['referer']).toBe(`${analyticsUrl}/`);
    await expect.poll(() => queued(page)).toContain('page_view');
    expect(await queued(page)).toContain(`"page_location":"${analyticsUrl}${fanPagePath('en', 'confirm')}"`);
    expect(await queued(page)).not.toContain(token);

    // The page the button leads to has the link as its referrer, and so does every page after it.
    await page.goto(`${analyticsUrl}${fanPagePath('en', 'confirmed')}`, {
      referer: `${analyticsUrl}${fanPagePath('en', 'confirm')}?${FAN_TOKEN_PARAM}=${token}`,
    });
    await expect.poll(() => queued(page)).toContain('page_view');
    expect(await page.evaluate(() => document.referrer)).toContain(token);
    expect(await queued(page)).toContain(`"page_referrer":"${analyticsUrl}${fanPagePath('en', 'confirm')}"`);
    await enhanced(page);
    await page.getByRole('link', { name: t('en', 'fans:home'), exact: true }).click();
    await page.waitForURL(`${analyticsUrl}/en`);
    await expect.poll(async () => (await queued(page)).match(/"1":"page_view"/g)?.length).toBe(2);
    expect(await queued(page)).not.toContain(token);
    expect(problems.errors).toEqual([]);
  });
});
