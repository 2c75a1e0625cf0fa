/**
 * Announcing to the fans from the studio, end to end on a 320 px phone: three fans (one per
 * language) sign up and confirm through the real routes and mails to a real SMTP peer; signed in
 * with a real passkey, the artist unfolds the composer, picks the first release the list offers
 * and finds every language filled in, previews the three mails as the fans will read them, is
 * told in words which field of which language is wrong, sends himself a test, sends the
 * announcement now through the confirmation dialog with the keyboard alone and follows its
 * progress until every fan got it once; then, his own words replaced only once he agrees,
 * schedules one for a release still to come and cancels it. Nothing scrolls sideways.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../perf/harness/smtp-peer.ts';
import { startStudioApp, type StudioApp } from '../../perf/harness/studio-app.ts';
import { writeTestCover } from '../../perf/harness/test-cover.ts';
import { measureLayout } from '../../scripts/layout.ts';
import { MAIL_COVER_WIDTH } from '../../server/services/fans/mail-cover.ts';
import { SUBSCRIBE_API } from '../../src/lib/fans.ts';
import { LANGUAGES, type Lang } from '../../src/lib/languages.ts';
import { FANS_ROUTES, type AnnouncementDraft, type AnnouncementsOverview } from '../../src/lib/studio-fans.ts';
import { axeViolations, shortTargets, useBrowser } from './browser.ts';
import { getFromStudioPage } from './studio-calls.ts';
import { signInOnPhone } from './studio-start.ts';

const browser = useBrowser();

const ARTIST = 'andre@example.com';
/** One confirmed fan per language. */
const FANS: Record<Lang, string> = { pt: 'ana@example.org', en: 'bob@example.org', es: 'lucia@example.org' };
/** A release still to come, added to the copy's content: only such a one can wait for its moment. */
const COMING = {
  title: 'Um Single Por Vir',
  kind: 'Single',
  released: '2099-12',
  releaseAt: '2099-12-05T00:00-03:00',
  playlist: 'Singles',
  description: { pt: 'Em breve.', en: 'Coming soon.', es: 'Muy pronto.' },
};
const TAB_NAMES: Record<Lang, string> = { pt: 'Português', en: 'Inglês', es: 'Espanhol' };

let smtp: SmtpPeer;
let studio: StudioApp;
let page: Page;
let errors: string[];
/** The words the first release filled in, read from the fields. */
let draft: AnnouncementDraft;

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.recipients.includes(address));

/** Resolves once `check` holds (outside a test, where `expect.poll` cannot run); rejects after 10 s. */
async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs `email` up in `lang` from the site's form's API and follows the confirmation mail's link. */
async function confirmedFan(origin: string, email: string, lang: Lang): Promise<void> {
  const post = (path: string, body?: object) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      redirect: 'manual',
      ...(body && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  expect((await post(SUBSCRIBE_API, { email, lang })).status).toBe(202);
  await until(`the confirmation mail to ${email}`, () => mailsTo(email).length > 0);
  const link = new URL(/https?:\/\/\S+\/fans\/confirm\?\S+/.exec(mailsTo(email)[0]?.parsed.text ?? '')?.[0] ?? '');
  expect((await post(`${link.pathname}${link.search}`)).status).toBe(303);
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  // With Debian's ffmpeg, which makes the covers small for the mails (there is no music to render).
  studio = await startStudioApp({
    prefix: 'studio-announce-',
    env: {
      SMTP_URL: smtp.url,
      MAIL_TO: ARTIST,
      CONTACT_RATE_LIMIT: '100',
      CONTACT_NETWORK_LIMIT: '100',
      LIST_MAILS_PER_MINUTE: '60000',
      FFMPEG_PATH: 'ffmpeg',
    },
    watchMedia: false,
  });
  const releases = join(studio.dirs.content, 'releases');
  writeFileSync(join(releases, 'um-single-por-vir.json'), JSON.stringify(COMING));
  // A cover of the releases' own in this copy, larger than a mail draws it: the preview shows it.
  mkdirSync(join(releases, 'covers'), { recursive: true });
  writeTestCover(join(releases, 'covers', 'test.jpg'), 800);
  for (const file of readdirSync(releases).filter((name) => name.endsWith('.json'))) {
    const release = JSON.parse(readFileSync(join(releases, file), 'utf8')) as object;
    writeFileSync(join(releases, file), JSON.stringify({ ...release, cover: './covers/test.jpg' }));
  }
  await Promise.all(LANGUAGES.map((lang) => confirmedFan(studio.origin, FANS[lang], lang)));

  ({ page, errors } = await signInOnPhone(browser(), studio, 'fans', 'Fãs'));
  await page.locator('.fans-total').getByText('3 fãs confirmados').waitFor();
}, 60_000);

afterAll(async () => {
  await page.context().close();
  await studio.close();
  await smtp.close();
});

const status = () => page.locator('p.message[role="status"]');
const toggle = () => page.getByRole('button', { name: 'Anunciar um lançamento' });
const tab = (lang: Lang) => page.getByRole('tab', { name: TAB_NAMES[lang] });
/** The shown tab's fields. */
const subject = () => page.getByRole('textbox', { name: 'Assunto' });
const text = () => page.getByRole('textbox', { name: 'Texto' });
const link = () => page.getByRole('textbox', { name: 'Link' });
const firstAnnouncement = () => page.locator('.announcement').first();

describe('announcing to the fans from a phone', () => {
  it('unfolds the composer and fills every language from the first release offered', async () => {
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('O que anunciar').isVisible()).toBe(false);
    await toggle().click();
    expect(await toggle().getAttribute('aria-expanded')).toBe('true');

    const what = page.getByLabel('O que anunciar');
    expect(await what.inputValue()).toBe('');
    expect(await what.locator('option').first().textContent()).toBe('Anúncio livre');
    const first = what.locator('optgroup option').first();
    const slug = (await first.getAttribute('value')) ?? '';
    const title = (await first.textContent()) ?? '';
    await what.selectOption(slug);
    await status().getByText(`Textos de “${title}” preenchidos nos três idiomas. Confira cada idioma.`).waitFor();
    // A release already out has nothing to wait for.
    expect(await page.getByRole('button', { name: 'Enviar quando o lançamento sair' }).isVisible()).toBe(false);

    // The tabs are one stop for the keyboard; the arrows go from language to language.
    expect(await tab('pt').getAttribute('aria-selected')).toBe('true');
    await tab('pt').focus();
    const read: Partial<AnnouncementDraft> = {};
    for (const lang of LANGUAGES) {
      if (lang !== 'pt') await page.keyboard.press('ArrowRight');
      expect(await tab(lang).getAttribute('aria-selected')).toBe('true');
      expect(await tab(lang).evaluate((element) => element === document.activeElement)).toBe(true);
      read[lang] = {
        subject: await subject().inputValue(),
        text: await text().inputValue(),
        link: await link().inputValue(),
      };
      expect(read[lang].subject.trim(), `${lang} subject`).not.toBe('');
      expect(read[lang].text.trim(), `${lang} text`).not.toBe('');
      expect(read[lang].link, `${lang} link`).toMatch(/^https?:\/\/\S+$/);
      expect(await subject().getAttribute('lang')).toBe(lang);
    }
    draft = read as AnnouncementDraft;
    expect(new Set(LANGUAGES.map((lang) => draft[lang].subject)).size).toBe(3);
    await page.keyboard.press('Home');
    expect(await tab('pt').getAttribute('aria-selected')).toBe('true');
    expect((await measureLayout(page)).problems).toEqual([]);
  });

  it('previews the three mails as the fans will read them, line breaks kept, never as HTML', async () => {
    const coverRequests: string[] = [];
    const countCover = (request: { url: () => string }) => {
      if (request.url().includes('/fans/announcements/cover/')) coverRequests.push(request.url());
    };
    page.on('request', countCover);
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const preview = page.getByRole('region', { name: 'Como os fãs vão ler' });
    await preview.waitFor();
    await status().getByText('Pré-visualização pronta: os três e-mails estão logo abaixo.').waitFor();
    const mails = preview.getByRole('article');
    expect(await mails.count()).toBe(3);
    for (const [index, lang] of LANGUAGES.entries()) {
      const mail = mails.nth(index);
      expect(await mail.getByRole('heading').textContent()).toBe(TAB_NAMES[lang]);
      expect(await mail.locator('.preview-subject').textContent()).toBe(`Assunto: ${draft[lang].subject}`);
      const body = mail.locator('.preview-text');
      const shown = (await body.textContent()) ?? '';
      expect(shown).toContain(draft[lang].text);
      expect(shown).toContain(draft[lang].link);
      // The fan's way out, below the words.
      expect(shown).toMatch(new RegExp(`/${lang}/fans/leave\\?t=`));
      expect(shown.split('\n').length).toBeGreaterThan(3);
      expect(
        await body.evaluate((element) => [getComputedStyle(element).whiteSpace, element.childElementCount]),
      ).toEqual(['pre-wrap', 0]);
    }
    // The cover the mails carry heads each one, as small as they carry it, under the studio's policy.
    const covers = preview.locator('img.preview-cover');
    expect(await covers.count()).toBe(3);
    for (const cover of await covers.all()) {
      await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
      expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(MAIL_COVER_WIDTH);
    }
    // Made once by the server for the three mails.
    page.off('request', countCover);
    expect(coverRequests).toHaveLength(1);
    expect((await measureLayout(page)).problems).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('names the wrong field of the wrong language in words, on its tab', async () => {
    // Left empty: told before anything is sent.
    await tab('en').click();
    await subject().fill('');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await status().getByText('Assunto (inglês) está vazio.').waitFor();
    expect(await subject().getAttribute('aria-invalid')).toBe('true');
    expect(await subject().evaluate((element) => element === document.activeElement)).toBe(true);
    // Typing again clears the problem, and the preview of other words is gone.
    await subject().fill(draft.en.subject);
    expect(await subject().getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByRole('region', { name: 'Como os fãs vão ler' }).count()).toBe(0);

    // Refused by the server: a control character no mail may carry.
    await tab('es').click();
    await text().fill(`${draft.es.text}\u0007`);
    await tab('pt').click();
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const problem = 'Texto (espanhol) deve ser texto simples, sem caracteres especiais.';
    await status().getByText(problem).waitFor();
    expect(await tab('es').getAttribute('aria-selected')).toBe('true');
    expect(await text().getAttribute('aria-invalid')).toBe('true');
    // Read out with the field, and shown under it.
    const description = await text().evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim(),
    );
    expect(description).toBe(problem);
    await text().fill(draft.es.text);
  });

  it('sends a test of every language to the artist’s own address', async () => {
    await page.getByRole('button', { name: 'Enviar um teste para mim' }).click();
    await status().getByText('Enviado para o seu e-mail, nos três idiomas.').waitFor();
    const subjects = new Set(LANGUAGES.map((lang) => draft[lang].subject));
    const tests = () => mailsTo(ARTIST).filter((mail) => subjects.has(mail.parsed.subject ?? ''));
    await expect.poll(() => tests().length).toBe(3);
    expect(new Set(tests().map((mail) => mail.parsed.subject))).toEqual(subjects);
    // No fan got anything yet but their confirmation and welcome.
    for (const lang of LANGUAGES)
      expect(mailsTo(FANS[lang]).every((mail) => !subjects.has(mail.parsed.subject ?? ''))).toBe(true);
  });

  it('sends now after a confirmation by keyboard, then follows the progress until every fan got it once', async () => {
    const send = page.getByRole('button', { name: 'Enviar agora' });
    await send.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Enviar este anúncio agora?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      '3 fãs confirmados vão recebê-lo agora, cada um no seu idioma. Não dá para desfazer.',
    );
    // The safe choice has the focus; the next stop is sending.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Voltar');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sim, enviar agora');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    await status().getByText('O anúncio está a caminho dos fãs. O progresso aparece em “Anúncios”.').waitFor();
    // Folded and emptied, so the same words do not go out twice; the focus is where the progress shows.
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Anúncios');
    expect(await firstAnnouncement().locator('.announcement-subject').textContent()).toBe(draft.pt.subject);

    await expect.poll(() => firstAnnouncement().getAttribute('data-state'), { timeout: 10_000 }).toBe('sent');
    const figures = 'enviados 3 de 3 · recusados 0 · aguardando 0';
    expect(await firstAnnouncement().locator('.announcement-figures').textContent()).toBe(figures);
    expect(await firstAnnouncement().locator('.announcement-state').textContent()).toMatch(/^Enviado em /);
    expect(
      await firstAnnouncement()
        .getByRole('progressbar', { name: 'Progresso do envio' })
        .evaluate((bar: HTMLProgressElement) => [bar.value, bar.max]),
    ).toEqual([3, 3]);
    await status().getByText(`O anúncio “${draft.pt.subject}” foi enviado: ${figures}.`).waitFor();

    const { announcements } = await getFromStudioPage<AnnouncementsOverview>(page, FANS_ROUTES.announcements);
    expect(announcements[0]).toMatchObject({ state: 'sent', total: 3, sent: 3, waiting: 0, texts: draft });
    for (const lang of LANGUAGES) {
      const got = mailsTo(FANS[lang]).filter((mail) => mail.parsed.subject === draft[lang].subject);
      expect(got, FANS[lang]).toHaveLength(1);
      expect(got[0]?.parsed.text).toContain(draft[lang].link);
    }
  });

  it('waits for a release still to come, and cancels the wait after a confirmation', async () => {
    await toggle().click();
    const what = page.getByLabel('O que anunciar');
    const coming = what.locator('option', { hasText: COMING.title });
    expect(await coming.textContent()).toMatch(new RegExp(`^${COMING.title} \\(sai em .*2099.*\\)$`));
    const comingSlug = (await coming.getAttribute('value')) ?? '';
    // Words of his own are not replaced without asking: Escape keeps them, and the choice as it was.
    await subject().fill('Rascunho');
    await what.selectOption(comingSlug);
    const replace = page.getByRole('dialog', { name: 'Substituir o que escreveu?' });
    await replace.waitFor();
    await page.keyboard.press('Escape');
    await replace.waitFor({ state: 'detached' });
    // The choice goes back once the dialog has answered, just after it leaves the page.
    await expect.poll(() => what.inputValue()).toBe('');
    expect(await subject().inputValue()).toBe('Rascunho');
    await what.selectOption(comingSlug);
    await replace.getByRole('button', { name: 'Sim, substituir' }).click();
    await status()
      .getByText(`Textos de “${COMING.title}” preenchidos nos três idiomas. Confira cada idioma.`)
      .waitFor();
    expect(await text().inputValue()).toBe(COMING.description.pt);

    await page.getByRole('button', { name: 'Enviar quando o lançamento sair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar quando o lançamento sair?' });
    expect(await dialog.textContent()).toMatch(/Sai em .*2099.*\(hoje são 3\)/);
    await dialog.getByRole('button', { name: 'Sim, enviar quando sair' }).click();
    await status()
      .getByText(/^Anúncio agendado: sai em .*2099/)
      .waitFor();
    expect(await firstAnnouncement().getAttribute('data-state')).toBe('scheduled');
    expect(await firstAnnouncement().locator('.announcement-state').textContent()).toMatch(
      /^Sai em .*2099.*, assim que o site mostrar o lançamento$/,
    );

    const subjectPt = `Música nova: ${COMING.title}`;
    await page.getByRole('button', { name: `Cancelar o anúncio “${subjectPt}”` }).click();
    const asked = page.getByRole('dialog', { name: 'Cancelar este anúncio?' });
    await asked.getByRole('button', { name: 'Sim, cancelar o anúncio' }).click();
    await status().getByText(`O anúncio “${subjectPt}” foi cancelado.`).waitFor();
    await expect.poll(() => firstAnnouncement().getAttribute('data-state')).toBe('cancelled');
    expect(await firstAnnouncement().locator('.announcement-state').textContent()).toBe('Cancelado');
    expect(await firstAnnouncement().getByRole('button').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Anúncios');
  });

  it('fits 320 px with 44 px targets, and logs no error but the refusal', async () => {
    await toggle().click();
    expect((await measureLayout(page)).problems).toEqual([]);
    expect(await shortTargets(page, '.fans-announcements :is(button, input, select):visible')).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // The one refusal the browser logs is the server's, of the words it would not send.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});
