/**
 * The studio's inbox end to end on a phone: messages sent through the real contact route,
 * then, signed in with a real passkey, the artist reads one, marks it handled, downloads both
 * exports, and deletes one through its confirmation dialog with the keyboard alone; at 320 px
 * nothing scrolls sideways. The app runs on temporary data and a copy of the project
 * (perf/harness/studio-app.ts).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioApp } from '../../perf/harness/studio-app.ts';
import { openSqliteStore } from '../../server/services/stores/open-store.ts';
import { measureLayout } from '../../scripts/layout.ts';
import { INBOX_ROUTES, type InboxPage } from '../../src/lib/studio-messages.ts';
import { parseCsv } from '../unit/server/csv-parse.ts';
import { axeViolations, shortTargets, useBrowser } from './browser.ts';
import { openAndCancel } from './confirmation-dialog.ts';
import { signInOnPhone, startStudioWithoutMusic } from './studio-start.ts';
import { getFromStudioPage } from './studio-calls.ts';

const browser = useBrowser();

/** What visitors send: test fixtures. One tries HTML, one a word longer than a phone is wide. */
const SENT = [
  { name: 'Ana Teste', email: 'ana@example.org', message: 'Olá! Adorei o concerto.', lang: 'pt' },
  { name: 'Eve <b>Bold</b>', email: 'eve@example.org', message: '<img src=x onerror="alert(1)"> hi', lang: 'en' },
  { name: 'Palabra Larga', email: 'larga@example.org', message: `Hola ${'a'.repeat(300)} fin`, lang: 'es' },
] as const;

let studio: StudioApp;
let origin = '';
let page: Page;
let errors: string[];

beforeAll(async () => {
  studio = await startStudioWithoutMusic('studio-messages-');
  ({ origin } = studio);
  for (const message of SENT) {
    const answer = await fetch(`${origin}/api/send-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });
    expect(answer.status).toBe(202);
  }
  ({ page, errors } = await signInOnPhone(browser(), studio, 'messages', 'Mensagens'));
}, 60_000);

afterAll(async () => {
  await page.context().close();
  await studio.close();
});

/** The inbox as the API has it, asked with the page's own session. */
const inbox = () => getFromStudioPage<InboxPage>(page, INBOX_ROUTES.list);
const summary = (name: string) => page.getByRole('button', { name: new RegExp(`^${name.replace(/[<>]/g, '.')}`) });

describe('the inbox on a phone', () => {
  it('lists the messages newest first, unread, with the count in the title too', async () => {
    // The heading is drawn before the list has come from the API: the list is waited for.
    const names = () => page.locator('.message-item .who').allTextContents();
    await expect.poll(names).toEqual(SENT.map((message) => message.name).reverse());
    await page.getByText('3 não lidas').waitFor();
    expect(await page.title()).toMatch(/^\(3\) Mensagens/);
    expect(await page.locator('.badge.unread').count()).toBe(3);
  });

  it('opens a message, which reads it: its text shown as text, never as HTML', async () => {
    const eve = summary(SENT[1].name);
    await eve.click();
    expect(await eve.getAttribute('aria-expanded')).toBe('true');
    const item = page.locator('.message-item', { has: eve });
    await item.locator('.text').waitFor();
    expect(await item.locator('.text').textContent()).toBe(SENT[1].message);
    expect(await item.locator('img, b').count()).toBe(0);
    await page.getByText('2 não lidas').waitFor();
    expect(await item.locator('.badge.unread').count()).toBe(0);
    // Its two mails' delivery, and a reply to its sender's address.
    expect(await item.locator('.delivery li').count()).toBe(2);
    const reply = await item.getByRole('link', { name: 'Responder por e-mail' }).getAttribute('href');
    expect(reply).toMatch(/^mailto:eve@example\.org\?subject=Re%3A%20/);
    expect((await inbox()).messages.find((m) => m.name === SENT[1].name)?.readAt).not.toBeNull();
  });

  it('marks it handled', async () => {
    const item = page.locator('.message-item', { has: summary(SENT[1].name) });
    await item.getByRole('button', { name: 'Marcar como tratada' }).click();
    await item.getByRole('button', { name: 'Marcar como não tratada' }).waitFor();
    await item.locator('.badge.handled').waitFor();
    expect((await inbox()).messages.find((m) => m.name === SENT[1].name)?.handledAt).not.toBeNull();
  });

  it('downloads every message as JSON and as CSV', async () => {
    for (const [label, read] of [
      ['Exportar todas (JSON)', (text: string) => (JSON.parse(text) as { name: string }[]).map((m) => m.name)],
      [
        'Exportar todas (planilha, CSV)',
        (text: string) => {
          const [header, ...rows] = parseCsv(text, ',', true);
          return rows.map((row) => row[header?.indexOf('name') ?? -1]);
        },
      ],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: label }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^messages-\d{4}-\d{2}-\d{2}\.(json|csv)$/);
      // Over a connection to the run's browser, Playwright gives a download as a stream, not a path.
      const text = (await buffer(await download.createReadStream())).toString('utf8');
      expect(read(text)).toEqual(SENT.map((message) => message.name).reverse());
    }
  });

  it('deletes one for good with the keyboard alone, after a confirmation that Escape cancels', async () => {
    const ana = summary(SENT[0].name);
    await ana.focus();
    await page.keyboard.press('Enter');
    const item = page.locator('.message-item', { has: ana });
    // Opening it read it: the answer is in before the next step.
    await page.getByText('1 não lida').waitFor();
    const remove = item.getByRole('button', { name: 'Apagar para sempre' });
    const dialog = page.getByRole('dialog', { name: 'Apagar esta mensagem?' });
    await openAndCancel(page, remove, dialog, async () => {
      expect(await axeViolations(page)).toEqual([]);
      expect((await measureLayout(page)).problems).toEqual([]);
    });
    expect((await inbox()).messages).toHaveLength(3);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Sim, apagar para sempre' }).focus();
    await page.keyboard.press('Enter');
    await item.waitFor({ state: 'detached' });
    await page.getByText('Mensagem apagada.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('.message-item, h1')?.tagName)).toBeDefined();
    expect((await inbox()).messages.map((m) => m.name)).toEqual([SENT[2].name, SENT[1].name]);
  });

  it('sends the failed mails again from one button', async () => {
    const store = await openSqliteStore(studio.dirs.data);
    const [newest] = await store.list();
    await store.markFailed(newest?.id ?? 0, 'refused', Date.now(), ['artist']);
    await store.close();
    await page.reload();
    const retry = page.getByRole('button', { name: /^Tentar enviar de novo as que falharam \(1\)/ });
    await retry.click();
    await page.getByText('Nova tentativa de envio para 1 mensagem(ns).').waitFor();
    await retry.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await inbox()).messages.find((m) => m.id === newest?.id)?.artist.state)
      .toBe('mailed');
  });

  it('fits 320 px: no sideways scroll, long words wrapped, 44 px targets, nothing axe finds', async () => {
    const long = summary(SENT[2].name);
    await long.click();
    await page.locator('.message-item', { has: long }).locator('.text').waitFor();
    expect((await measureLayout(page)).problems).toEqual([]);
    expect(await shortTargets(page, '.section button:visible, .section a.button:visible')).toBe(0);
    await page.screenshot({ path: join(tmpdir(), 'studio-messages-320.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('lays out as well on a tablet and a desktop', async () => {
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect((await measureLayout(page)).problems, `${width} px`).toEqual([]);
    }
    await page.screenshot({ path: join(tmpdir(), 'studio-messages-1280.png') });
  });
});
