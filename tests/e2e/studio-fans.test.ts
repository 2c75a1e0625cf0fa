/**
 * The studio's fans' list end to end on a phone: fans sign up and confirm through the real
 * routes and mails to a real SMTP peer (one leaves through their mail's link, one address is
 * refused by its mail server, one never confirms); then, signed in with a real passkey, the
 * artist reads the counts in words and the week's joins and leaves in the chart's table, erases
 * a fan through the confirmation dialog with the keyboard alone, reads a CSV file into the
 * import field, imports a pasted list and reads its answer, and downloads both exports. At
 * 320 px nothing scrolls sideways and the longest address wraps.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../perf/harness/smtp-peer.ts';
import type { StudioApp } from '../../perf/harness/studio-app.ts';
import { measureLayout } from '../../scripts/layout.ts';
import { openFanStore } from '../../server/services/stores/open-fan-store.ts';
import { SUBSCRIBE_API } from '../../src/lib/fans.ts';
import type { Lang } from '../../src/lib/languages.ts';
import { FANS_ROUTES, type FansOverview, type StudioFan } from '../../src/lib/studio-fans.ts';
import { parseCsv } from '../unit/server/csv-parse.ts';
import { axeViolations, shortTargets, useBrowser } from './browser.ts';
import { openAndCancel } from './confirmation-dialog.ts';
import { getFromStudioPage } from './studio-calls.ts';
import { signInOnPhone, startStudioWithoutMusic } from './studio-start.ts';

const browser = useBrowser();

/** Test fixtures: who signs up, in which language, and how far they go. */
const ANA = 'ana@example.org';
const BOB = 'bob@example.org';
const CARLA = 'carla@example.org';
const DAVE = 'dave@example.org';
/** Longer than a 320 px phone is wide, with nowhere to break but anywhere. */
const LONG = `a.fan.with.a.very.long.address.${'x'.repeat(30)}@mail.of.an.exceptionally-long-domain-name.example.org`;

let smtp: SmtpPeer;
let studio: StudioApp;
let origin = '';
let page: Page;
let errors: string[];

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.recipients.includes(address));

/** Resolves once `check` holds (outside a test, where `expect.poll` cannot run); rejects after 10 s. */
async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The link (path and query) in the `nth` mail to `address` that matches `pattern`, once it has come. */
async function linkInMail(address: string, nth: number, pattern: RegExp): Promise<string> {
  await until(`mail ${String(nth + 1)} to ${address}`, () => mailsTo(address).length > nth);
  const link = new URL(pattern.exec(mailsTo(address)[nth]?.parsed.text ?? '')?.[0] ?? '');
  return `${link.pathname}${link.search}`;
}

const postTo = (path: string, body?: object) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: body ? { 'content-type': 'application/json' } : { accept: 'text/html' },
    ...(body && { body: JSON.stringify(body) }),
  });

/** Signs `email` up in `lang` from the site's form's API; with `confirm`, follows the mail's link too. */
async function signsUp(email: string, lang: Lang, confirm: boolean): Promise<void> {
  expect((await postTo(SUBSCRIBE_API, { email, lang })).status).toBe(202);
  if (!confirm) return;
  const link = await linkInMail(email, 0, /https?:\/\/\S+\/fans\/confirm\?\S+/);
  expect((await postTo(link)).status).toBe(303);
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  studio = await startStudioWithoutMusic('studio-fans-', {
    SMTP_URL: smtp.url,
    MAIL_TO: 'andre@example.com',
    // Every fan here signs up from this one machine, and the import's mails go out at once.
    CONTACT_RATE_LIMIT: '100',
    CONTACT_NETWORK_LIMIT: '100',
    LIST_MAILS_PER_MINUTE: '60000',
  });
  ({ origin } = studio);
  // Carla's mail server refuses the list for good.
  smtp.refuseRecipient(CARLA, 550);
  // One after another, so the list's order (the newest first) is theirs.
  await signsUp(ANA, 'pt', true);
  await signsUp(BOB, 'en', true);
  await signsUp(CARLA, 'es', false);
  await signsUp(DAVE, 'pt', true);
  // Dave leaves through the link of the mail that welcomes him.
  const leave = await linkInMail(DAVE, 1, /https?:\/\/\S+\/fans\/leave\?\S+/);
  expect((await postTo(leave)).status).toBe(303);
  await signsUp(LONG, 'en', false);
  const store = await openFanStore({ databaseUrl: null, dataDir: studio.dirs.data });
  try {
    const seeded = [`${ANA} confirmed`, `${BOB} confirmed`, `${CARLA} refused`, `${LONG} waiting`].sort().join();
    await until('the fans as seeded', async () => {
      const fans = await store.list();
      return (
        fans
          .map((fan) => `${fan.email} ${fan.state}`)
          .sort()
          .join() === seeded
      );
    });
  } finally {
    await store.close();
  }

  ({ page, errors } = await signInOnPhone(browser(), studio, 'fans', 'Fãs'));
}, 60_000);

afterAll(async () => {
  await page.context().close();
  await studio.close();
  await smtp.close();
});

/** The list as the API has it, asked with the page's own session. */
const overview = () => getFromStudioPage<FansOverview>(page, FANS_ROUTES.list);
const emails = (fans: readonly StudioFan[]) => fans.map((fan) => fan.email);
const listed = () => page.locator('.fan .fan-email').allTextContents();
const status = () => page.locator('p.message[role="status"]');

describe('the fans’ list on a phone', () => {
  it('shows the counts in words, in the studio’s menu as “Fãs”', async () => {
    await expect.poll(() => page.locator('.fans-total').textContent()).toBe('2 fãs confirmados');
    expect(await page.locator('.fans-languages li').allTextContents()).toEqual([
      '1 em português',
      '1 em inglês',
      '0 em espanhol',
    ]);
    expect(await page.locator('.fans-waiting').textContent()).toBe('1 inscrição aguarda a confirmação do endereço.');
    expect(await page.locator('.fans-refused').textContent()).toBe(
      '1 endereço foi recusado pelo servidor de e-mail e não recebe mais nada.',
    );
    const menu = page.getByRole('navigation', { name: 'Partes do estúdio' });
    expect(await menu.getByRole('link', { name: 'Fãs' }).getAttribute('aria-current')).toBe('page');
    // Announcing sits above the counts, folded until asked for (its own test unfolds it).
    const announce = page.locator('.fans-announcements').getByRole('button', { name: 'Anunciar um lançamento' });
    expect(await announce.getAttribute('aria-expanded')).toBe('false');
  });

  it('charts the week’s joins and leaves, with the same figures in words and in a table', async () => {
    const weeks = await overview();
    expect(weeks.weeks.at(-1)).toMatchObject({ joins: 3, leaves: 1 });
    await page.getByText('Nas últimas 12 semanas, entradas: 3; saídas: 1; no máximo 3 numa semana.').waitFor({
      state: 'attached',
    });
    expect(await page.locator('svg.columns rect').count()).toBe(2);
    await page.getByText('Ver em tabela').click();
    const table = page.getByRole('region', { name: 'Entradas e saídas por semana' });
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(13);
    const cells = await rows.last().getByRole('cell').allTextContents();
    expect(cells).toEqual(['3', '1']);
  });

  it('lists every fan newest first: address, language, state and since when', async () => {
    expect(await listed()).toEqual([LONG, CARLA, BOB, ANA]);
    const facts = await page.locator('.fan .fan-facts').allTextContents();
    expect(facts[0]).toMatch(/^inglês · aguarda confirmação · desde \d+ de \S+ de \d{4}$/);
    expect(facts[1]).toMatch(/^espanhol · recusado pelo servidor de e-mail · desde /);
    expect(facts[3]).toMatch(/^português · confirmado · desde /);
    // The longest address wraps inside the phone's width.
    const box = await page.locator('.fan-email').first().boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
    expect(box?.height ?? 0).toBeGreaterThan(30);
    expect((await measureLayout(page)).problems).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('finds a fan by address', async () => {
    const search = page.getByRole('searchbox', { name: 'Procurar um endereço' });
    await search.fill('BOB@');
    expect(await listed()).toEqual([BOB]);
    await page.getByText('Mostrando 1 de 1.').waitFor();
    await search.fill('nobody');
    await page.getByText('Nenhum endereço com “nobody”.').waitFor();
    await search.fill('');
    expect(await listed()).toHaveLength(4);
  });

  it('erases a fan with the keyboard alone, after a confirmation that Escape cancels', async () => {
    const erase = page.getByRole('button', { name: `Apagar ${BOB}` });
    const dialog = page.getByRole('dialog', { name: 'Apagar este fã da lista?' });
    await openAndCancel(page, erase, dialog, async () => {
      expect(await dialog.textContent()).toContain(BOB);
      expect((await measureLayout(page)).problems).toEqual([]);
    });
    expect(emails((await overview()).fans)).toContain(BOB);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Sim, apagar' }).focus();
    await page.keyboard.press('Enter');
    await status().getByText(`${BOB} foi apagado da lista.`).waitFor();
    expect(await listed()).toEqual([LONG, CARLA, ANA]);
    await expect.poll(() => page.locator('.fans-total').textContent()).toBe('1 fã confirmado');
    expect(await page.locator('.fans-languages li').nth(1).textContent()).toBe('0 em inglês');
    // The focus went on to the next fan's button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Apagar ${ANA}`);
    expect(emails((await overview()).fans)).toEqual([LONG, CARLA, ANA]);
  });

  it('reads a CSV file into the import’s field', async () => {
    await page.getByLabel('Escolher um arquivo CSV').setInputFiles({
      name: 'fans.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('\uFEFFemail,lang\r\nfile@example.org,es\r\n'),
    });
    await status().getByText('Arquivo “fans.csv” lido: 2 linha(s). Confira e toque em Importar.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Endereços' }).inputValue()).toBe(
      // A text field keeps its line breaks as LF, whatever the file had.
      'email,lang\nfile@example.org,es\n',
    );
  });

  it('imports a pasted list only as confirmation mails, and says what it did line by line', async () => {
    const fresh = 'nova@example.org';
    await page.getByRole('textbox', { name: 'Endereços' }).fill(`${fresh}\n${ANA}\n${DAVE}\nnot an address\n`);
    await page.getByLabel('Idioma dos endereços sem idioma indicado').selectOption('en');
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    const summary =
      '1 vai receber um e-mail pedindo para confirmar; 1 já estava na lista; 1 tinha saído da lista e foi ignorado; 1 linha não pôde ser lida.';
    await page.locator('.import-summary').getByText(summary).waitFor();
    expect(await status().textContent()).toBe(summary);
    // The focus stays on the button pressed.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Importar');
    expect(await page.locator('.import-invalid li').allTextContents()).toEqual([
      'Linha 4 não é um endereço: “not an address”',
    ]);
    // Nobody is added: the new address waits for its confirmation, in the language chosen.
    await expect.poll(listed).toEqual([fresh, LONG, CARLA, ANA]);
    expect(await page.locator('.fan .fan-facts').first().textContent()).toMatch(/^inglês · aguarda confirmação/);
    expect(await page.locator('.fans-waiting').textContent()).toBe('2 inscrições aguardam a confirmação do endereço.');
    await expect.poll(() => mailsTo(fresh).length, { timeout: 10_000 }).toBe(1);
    expect(mailsTo(DAVE)).toHaveLength(2);
    expect(mailsTo(ANA)).toHaveLength(2);
  });

  it('downloads every fan as CSV and as JSON', async () => {
    const expected = emails((await overview()).fans);
    for (const [label, extension, read] of [
      [
        'Exportar todos (planilha, CSV)',
        'csv',
        (text: string) => {
          const [header, ...rows] = parseCsv(text, ',', true);
          return rows.map((row) => row[header?.indexOf('email') ?? -1]);
        },
      ],
      ['Exportar todos (JSON)', 'json', (text: string) => emails(JSON.parse(text) as StudioFan[])],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: label }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^fans-\\d{4}-\\d{2}-\\d{2}\\.${extension}$`));
      // Over a connection to the run's browser, Playwright gives a download as a stream, not a path.
      const text = (await buffer(await download.createReadStream())).toString('utf8');
      expect(read(text)).toEqual(expected);
    }
  });

  it('fits 320 px with 44 px targets, and lays out as well on a phone, a tablet and a desktop', async () => {
    expect((await measureLayout(page)).problems).toEqual([]);
    const targets = '.section :is(button, a.button, input:not(.visually-hidden), select, label.file-button):visible';
    expect(await shortTargets(page, targets)).toBe(0);
    await page.screenshot({ path: join(tmpdir(), 'studio-fans-320.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [390, 768, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      expect((await measureLayout(page)).problems, `${width} px`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
});
