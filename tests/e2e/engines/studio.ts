/**
 * The artist's studio for the engine journeys: the real app on temporary folders with a few
 * messages sent through the contact route. Firefox and WebKit have no virtual passkey, so each
 * journey gets a session made through the studio's real sign-in by a software passkey, and
 * hands its cookie to the engine.
 */
import { readdirSync } from 'node:fs';
import { startStudioApp, type StudioApp } from '../../../perf/harness/studio-app.ts';
import { requestTokenOf } from '../../../server/services/studio/request-token.ts';
import { SESSION_COOKIE } from '../../../server/services/studio/studio-http.ts';
import { INVITATION_FRAGMENT_KEY, STUDIO_REQUEST_TOKEN } from '../../../src/lib/studio-auth.ts';
import { INBOX_ROUTES, type InboxPage } from '../../../src/lib/studio-messages.ts';
import { StudioBrowser } from '../../unit/server/studio-browser.ts';

/** What visitors sent: test fixtures, one per engine's journey at least. */
export const SENT = [
  { name: 'Ana Teste', email: 'ana@example.org', message: 'Olá! Adorei o concerto.', lang: 'pt' },
  { name: 'Sam Test', email: 'sam@example.org', message: 'Loved the new single.', lang: 'en' },
  { name: 'Lucía Prueba', email: 'lucia@example.org', message: '¿Tocarás en Madrid?', lang: 'es' },
] as const;

export interface SessionCookie {
  name: string;
  value: string;
  path: string;
}

export interface EngineStudio {
  origin: string;
  /** How many poems the editor lists: the files of the content copy. */
  poemCount: number;
  /** A session of a new person named `name`, signed in with a software passkey. */
  signIn(name: string): Promise<SessionCookie>;
  /** The inbox as the API gives it to that session. */
  inbox(session: SessionCookie): Promise<InboxPage>;
  close(): Promise<void>;
}

export async function startEngineStudio(): Promise<EngineStudio> {
  const studio: StudioApp = await startStudioApp({
    prefix: 'engines-studio-',
    env: { FFMPEG_PATH: '/nonexistent/ffmpeg' },
    watchMedia: false,
  });
  try {
    for (const message of SENT) {
      const answer = await fetch(`${studio.origin}/api/send-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
      });
      if (answer.status !== 202) throw new Error(`the contact route answered ${answer.status}`);
    }
  } catch (error) {
    await studio.close();
    throw error;
  }
  return {
    origin: studio.origin,
    poemCount: readdirSync(`${studio.dirs.content}/poems`).filter((file) => file.endsWith('.md')).length,
    async signIn(name) {
      const link = new URL(await studio.invite(name));
      const token = new URLSearchParams(link.hash.slice(1)).get(INVITATION_FRAGMENT_KEY) ?? '';
      const browser = new StudioBrowser(studio.app, studio.origin);
      const answer = await browser.register(token);
      const value = browser.cookies.get(SESSION_COOKIE);
      if (answer.statusCode !== 200 || !value) throw new Error(`signing in answered ${answer.statusCode}`);
      return { name: SESSION_COOKIE, value, path: '/studio' };
    },
    async inbox(session) {
      const answer = await fetch(`${studio.origin}${INBOX_ROUTES.list}`, {
        // As the studio's page asks: its cookie and its session's request token.
        headers: {
          cookie: `${session.name}=${session.value}`,
          [STUDIO_REQUEST_TOKEN.header]: requestTokenOf(session.value),
        },
      });
      return (await answer.json()) as InboxPage;
    },
    close: () => studio.close(),
  };
}
