/**
 * A page of the public site cannot act in the studio, even in the browser where the artist is
 * signed in and even running a stranger's script: every way such a script could reach the
 * studio's API or page with the artist's cookie is tried from a public page of the same origin
 * in Chromium, and each fails, while the studio's own page goes on working.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioApp } from '../../perf/harness/studio-app.ts';
import { STUDIO_AUTH_ROUTES, STUDIO_REQUEST_TOKEN } from '../../src/lib/studio-auth.ts';
import { useBrowser } from './browser.ts';
import { openStudioPage, startStudioWithoutMusic } from './studio-start.ts';
import { callFromStudioPage } from './studio-calls.ts';

const browser = useBrowser();
let studio: StudioApp;
let context: BrowserContext;
let studioPage: Page;
let publicPage: Page;

beforeAll(async () => {
  studio = await startStudioWithoutMusic('studio-origin-');
  ({ page: studioPage } = await openStudioPage(browser()));
  context = studioPage.context();
  await studioPage.goto(await studio.invite('André'));
  await studioPage.getByRole('button', { name: 'Criar a minha chave de acesso' }).click();
  await studioPage.getByText('Conectado como André').waitFor();
  // A public page in the same browser: the artist's session cookie goes with its requests.
  publicPage = await context.newPage();
  await publicPage.goto(`${studio.origin}/en`);
}, 60_000);

afterAll(async () => {
  await context.close();
  await studio.close();
});

describe('a script on a public page, in the browser where the artist is signed in', () => {
  it('cannot read the studio’s API nor change anything through it', async () => {
    const answers = await publicPage.evaluate(
      async ({ session, publish, signOut }) => {
        const status = async (url: string, init: RequestInit = {}) =>
          (await fetch(url, { credentials: 'include', ...init })).status;
        return {
          session: await status(session),
          publish: await status(publish, { method: 'POST' }),
          signOut: await status(signOut, { method: 'POST' }),
        };
      },
      {
        session: STUDIO_AUTH_ROUTES.session,
        publish: '/studio/api/publish',
        signOut: STUDIO_AUTH_ROUTES.signOutEverywhere,
      },
    );
    expect(answers).toEqual({ session: 403, publish: 403, signOut: 403 });
    // The studio's own page, beside it, still reads its session: the refusals were the script's.
    expect((await callFromStudioPage(studioPage, STUDIO_AUTH_ROUTES.session)).status).toBe(200);
  });

  it('cannot fetch the studio’s page to read its token', async () => {
    const fetched = await publicPage.evaluate(async () => {
      const response = await fetch('/studio', { credentials: 'include' });
      return { status: response.status, body: await response.text() };
    });
    expect(fetched.status).toBe(403);
    expect(fetched.body).not.toContain(STUDIO_REQUEST_TOKEN.meta);
  });

  it('cannot frame the studio', async () => {
    const framed = await publicPage.evaluate(async (meta) => {
      const frame = document.createElement('iframe');
      frame.src = '/studio';
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
      document.body.append(frame);
      await loaded;
      try {
        return frame.contentDocument?.querySelector(`meta[name="${meta}"]`)?.getAttribute('content') ?? null;
      } catch {
        return null;
      }
    }, STUDIO_REQUEST_TOKEN.meta);
    expect(framed).toBeNull();
  });

  it('opens the studio in a window it gets no handle on', async () => {
    const opened = context.waitForEvent('page');
    const reached = await publicPage.evaluate(async (meta) => {
      const popup = window.open('/studio');
      // Once the studio has loaded in it, a handle that kept access would read its document.
      for (let tries = 0; tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        try {
          const token = popup?.document.querySelector(`meta[name="${meta}"]`)?.getAttribute('content');
          if (token) return token;
        } catch {
          return null;
        }
        if (!popup || popup.closed) return null;
      }
      return 'still reachable';
    }, STUDIO_REQUEST_TOKEN.meta);
    expect(reached).toBeNull();
    // The window did open the studio, signed in: only the public page lost its way to it.
    const popup = await opened;
    await popup.waitForURL(/\/studio$/);
    await popup.getByText('Conectado como André').waitFor();
    await popup.close();
  });
});
