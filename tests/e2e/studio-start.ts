/**
 * Where the studio's end-to-end tests start: a studio with no music to render, and the page the
 * artist opens it in, able to make and use a passkey.
 */
import type { Browser, Page } from 'playwright-core';
import { addPasskeyAuthenticator } from '../../perf/harness/passkeys.ts';
import { startStudioApp, type StudioApp } from '../../perf/harness/studio-app.ts';
import { openPage, PHONE } from './browser.ts';

/**
 * The studio over a copy of the project, without ffmpeg: for tests that add no music, so nothing
 * renders. `env` configures more (a mail server to send to).
 */
export const startStudioWithoutMusic = (prefix: string, env: Record<string, string> = {}): Promise<StudioApp> =>
  startStudioApp({ prefix, env: { ...env, FFMPEG_PATH: '/nonexistent/ffmpeg' }, watchMedia: false });

/** A page in Brazilian Portuguese on a phone (or `viewport`) with a virtual passkey authenticator, and its errors. */
export async function openStudioPage(browser: Browser, viewport = PHONE): Promise<{ page: Page; errors: string[] }> {
  const { page, problems } = await openPage(browser, { viewport, locale: 'pt-BR' });
  await addPasskeyAuthenticator(page);
  return { page, errors: problems.errors };
}

/**
 * A 320 px phone signed in to `studio` as André, who makes his passkey through his invitation's
 * link: it opens the studio's `part` (`fans`, `messages`) straight away, and the page is
 * returned, with its errors, once the part shows its `heading`.
 */
export async function signInOnPhone(
  browser: Browser,
  studio: StudioApp,
  part: string,
  heading: string,
): Promise<{ page: Page; errors: string[] }> {
  const link = (await studio.invite('André')).replace('/studio/#', `/studio/${part}#`);
  const opened = await openStudioPage(browser, { width: 320, height: 720 });
  await opened.page.goto(link);
  await opened.page.getByRole('button', { name: 'Criar a minha chave de acesso' }).click();
  await opened.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  return opened;
}
