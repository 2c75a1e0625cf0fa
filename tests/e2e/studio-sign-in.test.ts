/**
 * The studio's sign-in end to end: the real server (server/main.ts in its own process) and
 * Chromium with a virtual passkey authenticator (the DevTools protocol's WebAuthn domain).
 * Invited by `npm run studio`, the person creates a passkey, is signed in, signs out, signs in
 * again, adds a passkey held by a second authenticator after confirming with the first, names
 * and removes the first, signs out everywhere, and switches the studio to English, on a 320 px
 * phone.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitForPort } from '../../perf/harness/engines.ts';
import { STUDIO_AUTH_ROUTES, type StudioSessionAnswer } from '../../src/lib/studio-auth.ts';
import { STUDIO_TEXTS } from '../../studio/texts.ts';
import { openPage, useBrowser } from './browser.ts';
import { addPasskeyAuthenticator } from '../../perf/harness/passkeys.ts';
import { getFromStudioPage } from './studio-calls.ts';

const run = promisify(execFile);
const DECAP_PROP_TYPE_WARNING =
  /^Warning: Failed prop type: Invalid prop `children` supplied to `(Modal|ErrorBoundary)`/;
const browser = useBrowser();
const folders: string[] = [];
let server: ChildProcess;
let env: NodeJS.ProcessEnv;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  const [dataDir, mediaDir] = ['studio-data-', 'studio-media-'].map((prefix) => mkdtempSync(join(tmpdir(), prefix)));
  folders.push(dataDir ?? '', mediaDir ?? '');
  env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // WebAuthn allows plain http on localhost only: the page is opened there.
    STUDIO_ORIGIN: origin,
    DIST_DIR: 'dist',
    STUDIO_DIR: 'dist-studio',
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    FFMPEG_PATH: '/nonexistent/ffmpeg',
    LOG_LEVEL: 'silent',
    // The journeys sign in more often within a minute, from one address, than a person does.
    STUDIO_AUTH_RATE_LIMIT: '100',
  };
  server = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'server/main.ts'], {
    env,
    stdio: 'ignore',
  });
  await waitForPort(port, 30_000, server, 'the server');
}, 40_000);
afterAll(() => {
  server.kill('SIGTERM');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function session(page: Page): Promise<StudioSessionAnswer> {
  return getFromStudioPage<StudioSessionAnswer>(page, STUDIO_AUTH_ROUTES.session);
}

/** The invitation link `npm run studio -- invite` prints for `name`. */
async function invite(name: string): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', 'scripts/studio.ts', 'invite', name],
    { env },
  );
  const link = /^http\S+#invitation=\S+$/m.exec(stdout)?.[0];
  if (!link) throw new Error(`no invitation link in: ${stdout}`);
  return link;
}

describe('the studio sign-in', () => {
  it('registers from an invitation, signs out and in again, and adds a second passkey', async () => {
    const link = await invite('André');

    const { page, problems } = await openPage(browser(), { viewport: { width: 320, height: 640 }, locale: 'pt-BR' });
    const { cdp, authenticatorId: first } = await addPasskeyAuthenticator(page);

    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Olá, André' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Criar a minha chave de acesso' }).click();
    await page.getByText('Conectado como André').waitFor();
    // The editor starts: its list of what the artist can edit.
    await page.getByRole('link', { name: 'Poemas' }).waitFor();
    // The token left the address bar once used.
    expect(page.url()).not.toContain('invitation');
    expect(page.url().startsWith(`${origin}/studio/`)).toBe(true);

    // Each part of the studio has its own address, marked in the menu.
    const menu = page.getByRole('navigation', { name: 'Partes do estúdio' });
    await menu.getByRole('link', { name: 'Mensagens' }).click();
    await page.waitForURL(`${origin}/studio/messages`);
    expect(await menu.getByRole('link', { name: 'Mensagens' }).getAttribute('aria-current')).toBe('page');
    await menu.getByRole('link', { name: 'Conteúdo' }).click();
    await page.getByRole('link', { name: 'Poemas' }).waitFor();

    // The account's actions are folded under "Conta" (opened unless it is open already).
    const account = async () => {
      const open = await page.locator('details.account').evaluate((details) => (details as HTMLDetailsElement).open);
      if (!open) await page.getByText('Conta', { exact: true }).click();
    };
    await account();
    await page.getByRole('button', { name: 'Sair', exact: true }).click();
    await page.getByRole('button', { name: 'Entrar com a sua chave de acesso' }).click();
    await page.getByText('Conectado como André').waitFor();

    // A second device: confirmed first with the passkey held (a step-up), then the first
    // authenticator is gone and a new one creates the second passkey.
    await account();
    await page.getByRole('button', { name: 'Adicionar outra chave de acesso' }).click();
    const create = page.getByRole('button', { name: 'Criar a nova chave de acesso' });
    await create.waitFor();
    expect(await create.evaluate((button) => button === document.activeElement)).toBe(true);
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: first });
    await addPasskeyAuthenticator(page, cdp);
    await create.click();
    await page.getByText('Chave de acesso adicionada.').waitFor();
    expect((await session(page)).passkeys).toHaveLength(2);

    // The first device's passkey, named from the keyboard, then removed: this session signed in
    // with it, so it ends too, and only the second device's passkey signs in.
    const passkeys = page.getByRole('region', { name: 'As suas chaves de acesso' });
    await passkeys
      .getByRole('button', { name: /^Renomear / })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Telefone antigo');
    await page.keyboard.press('Enter');
    await passkeys.getByText('Telefone antigo').waitFor();
    await passkeys.getByRole('button', { name: 'Remover Telefone antigo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover esta chave de acesso?' });
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await page.getByText('Chave de acesso removida.').waitFor();
    await page.getByRole('button', { name: 'Entrar com a sua chave de acesso' }).click();
    await page.getByText('Conectado como André').waitFor();
    expect((await session(page)).passkeys).toMatchObject([{ name: null, current: true }]);

    await account();
    await expect.poll(() => passkeys.getByText(STUDIO_TEXTS.pt.passkeys.everywhereNote).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sair de todos os aparelhos', exact: true }).click();
    await page.getByText(STUDIO_TEXTS.pt.passkeys.signedOutEverywhere).waitFor();
    await page.getByRole('button', { name: 'Entrar com a sua chave de acesso' }).click();
    await page.getByText('Conectado como André').waitFor();

    // Nothing scrolls sideways on the narrowest phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // The studio in English, on request, though the browser asks for Portuguese: the editor too.
    await page.getByLabel('Idioma do estúdio').selectOption('en');
    await page.getByText('Signed in as André').waitFor();
    await page.getByRole('link', { name: 'Releases' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // Decap CMS's own components, in English and Spanish, log prop-type warnings about their
    // children under React 19: its notice, not a fault of the studio; any other error counts.
    expect(problems.errors.filter((error) => !DECAP_PROP_TYPE_WARNING.test(error))).toEqual([]);
  }, 60_000);

  it('in a browser without passkeys, says so, yet keeps a session made in another', async () => {
    const link = await invite('Bia');
    const signing = await openPage(browser(), { viewport: { width: 320, height: 640 }, locale: 'pt-BR' });
    await addPasskeyAuthenticator(signing.page);
    await signing.page.goto(link);
    await signing.page.getByRole('button', { name: 'Criar a minha chave de acesso' }).click();
    await signing.page.getByText('Conectado como Bia').waitFor();
    const cookies = await signing.page.context().cookies(`${origin}/studio/`);
    await signing.page.context().close();

    const { page, problems } = await openPage(browser(), { viewport: { width: 320, height: 640 }, locale: 'pt-BR' });
    await page.addInitScript(() => {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    });
    // An invitation's link first: from it, the studio's own address is a new document.
    for (const path of ['/studio/#invitation=x', '/studio/']) {
      await page.goto(`${origin}${path}`);
      await page.getByText(STUDIO_TEXTS.pt.unsupported).waitFor();
      expect(await page.getByRole('button').count(), `no button that could only fail at ${path}`).toBe(0);
    }

    await page.context().addCookies(cookies);
    await page.goto(`${origin}/studio/messages`);
    await page.getByText('Conectado como Bia').waitFor();
    await page.getByText('Conta', { exact: true }).click();
    await page.getByRole('button', { name: 'Sair', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Adicionar outra chave de acesso' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sair', exact: true }).click();
    await page.getByText(STUDIO_TEXTS.pt.unsupported).waitFor();
    // Chromium logs the 401 with which the session check answers the signed-out page; nothing else.
    expect(problems.errors.filter((error) => !error.includes('status of 401 (Unauthorized)'))).toEqual([]);
  }, 60_000);
});
