/**
 * The contact form in Chromium, against its own server that delivers to a real SMTP peer:
 * the states and texts in two languages, the failure message, and the message arriving.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, holdRequests, openPage, PHONE, useBrowser } from './browser.ts';
import { useContactServer } from './contact-server.ts';

const browser = useBrowser();
const contact = useContactServer({ CONTACT_RATE_LIMIT: '50' });

/** Opens a page at the form and waits for the form's script to take over. */
async function openForm(path: string, viewport = PHONE) {
  const opened = await openPage(browser(), { viewport });
  await opened.page.goto(`${contact().baseUrl}${path}#contact`);
  await opened.page.locator('.contact-send:enabled').waitFor();
  return opened;
}

async function fill(page: Page, labels: { name: string; email: string; message: string }, message: string) {
  await page.getByLabel(labels.name, { exact: true }).fill('Maria Silva');
  await page.getByLabel(labels.email, { exact: true }).fill('maria@example.org');
  await page.getByLabel(labels.message, { exact: true }).fill(message);
}

describe.each([
  {
    lang: 'pt',
    labels: { name: 'Nome', email: 'E-mail', message: 'Mensagem' },
    send: 'Enviar mensagem',
    sending: 'enviando mensagem...',
    sent: '✓ Mensagem enviada',
    failed: 'Falha no envio',
  },
  {
    lang: 'en',
    labels: { name: 'Name', email: 'Email', message: 'Message' },
    send: 'Send message',
    sending: 'sending message...',
    sent: '✓ Message sent',
    failed: 'Failed to send',
  },
])('the form in $lang', ({ lang, labels, send, sending, sent, failed }) => {
  it('goes sending → sent for 4 s → idle, clears the fields, and the message arrives', async () => {
    const { page, problems } = await openForm(`/${lang}`);
    const button = page.locator('.contact-send');
    await expect.poll(() => button.textContent()).toBe(send);
    // Hold the answer to see the sending state.
    const answer = await holdRequests(page, '**/api/send-email');
    const text = `Olá do teste em ${lang}: ${Date.now()}`;
    await fill(page, labels, text);
    await button.click();
    await expect.poll(() => button.textContent()).toBe(sending);
    expect(await button.isDisabled()).toBe(true);
    answer.release();
    await expect.poll(() => button.textContent()).toBe(sent);
    const sentAt = Date.now();
    expect(await page.getByLabel(labels.message, { exact: true }).inputValue()).toBe('');
    await expect.poll(() => button.textContent(), { timeout: 6000, interval: 100 }).toBe(send);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(3500);

    await expect.poll(() => contact().smtp.received.filter((mail) => mail.parsed.text?.includes(text)).length).toBe(1);
    const mail = contact().smtp.received.find((received) => received.parsed.text?.includes(text));
    expect(mail?.recipients).toEqual(['andre@example.com']);
    expect(mail?.parsed.text).toContain(`Idioma: ${lang}`);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('shows the failure message and keeps the text when the server refuses', async () => {
    const { page } = await openForm(`/${lang}`);
    await page.route('**/api/send-email', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"success":false,"field":"email"}' }),
    );
    await fill(page, labels, 'Mensagem que não pode se perder');
    await page.locator('.contact-send').click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(failed);
    expect(await page.getByLabel(labels.message, { exact: true }).inputValue()).toBe('Mensagem que não pode se perder');
    expect(await page.locator('.contact-send').textContent()).toBe(send);
    await page.context().close();
  });
});

describe('the form', () => {
  it('shows the failure message when the network fails, logging only to the console', async () => {
    const { page, problems } = await openForm('/en');
    await page.route('**/api/send-email', (route) => route.abort('connectionrefused'));
    await fill(page, { name: 'Name', email: 'Email', message: 'Message' }, 'offline message');
    await page.locator('.contact-send').click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Failed to send');
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('offline message');
    expect(problems.errors.length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('uses the browser validation: required fields and an email field', async () => {
    const { page } = await openForm('/en');
    for (const label of ['Name', 'Email', 'Message']) {
      expect(await page.getByLabel(label, { exact: true }).getAttribute('required'), label).not.toBeNull();
    }
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/send-email') sent.push(request.postData() ?? '');
    });
    await page.locator('.contact-send').click();
    expect(
      await page.getByLabel('Name', { exact: true }).evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // The page sends in order, so if the empty form had gone out it would come before this one.
    const text = `sent after the empty form: ${Date.now()}`;
    await fill(page, { name: 'Name', email: 'Email', message: 'Message' }, text);
    await page.locator('.contact-send').click();
    await expect.poll(() => sent.length).toBeGreaterThan(0);
    expect(sent).toEqual([expect.stringContaining(text)]);
    await page.context().close();
  });
});
