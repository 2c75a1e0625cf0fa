/**
 * The form's call against the real server on a port: a new message is 'sent', the same one
 * sent again is 'already-received' (the server stored and mailed it once), a refusal 'failed'.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendContactMessage, type ContactMessage } from '../../../src/lib/contact-api.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from '../server/fixture-site.ts';

let site: FixtureSite;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  site = createFixtureSite();
  app = await buildTestApp(site);
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
  site.cleanup();
});

/** The browser's fetch, with the page's origin in front of the API's path. */
const onServer: typeof fetch = (path, init) => fetch(new URL(path as string, baseUrl), init);

const message: ContactMessage = {
  name: 'Maria',
  email: 'maria@example.org',
  message: 'Oi!',
  lang: 'pt',
  website: '',
};

describe('sendContactMessage', () => {
  it('tells a new message, a resubmission and a refusal apart', async () => {
    expect(await sendContactMessage(message, onServer)).toBe('sent');
    expect(await sendContactMessage({ ...message, message: ' oi! ' }, onServer)).toBe('already-received');
    expect(await sendContactMessage({ ...message, email: 'nope' }, onServer)).toBe('failed');
  });
});
