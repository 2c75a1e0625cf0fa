/**
 * The visitor's side of the fans' list in plain code: the pages' paths, what the sign-up form
 * makes of each answer, and the addresses analytics may be told (never a link's token).
 */
import { describe, expect, it } from 'vitest';
import { pageAddresses } from '../../../src/lib/analytics.ts';
import { signUp, signUpOutcome } from '../../../src/lib/fan-signup.ts';
import { FAN_PAGES, fanPagePath, isFanPagePath, SUBSCRIBE_API, withoutFanToken } from '../../../src/lib/fans.ts';

describe('the paths of the fans’ list', () => {
  it('puts each page under its language', () => {
    expect(fanPagePath('es', 'checkMail')).toBe('/es/fans/check-your-mail');
    expect(fanPagePath('pt', 'confirm')).toBe(`/pt/fans/${FAN_PAGES.confirm}`);
  });

  it('knows a fan page by its path, in any language, and nothing else', () => {
    const paths = ['/en/fans/leave', '/pt/fans/check-your-mail', '/fr/fans/leave', '/en/fansite', '/en/music/fans'];
    expect(paths.filter(isFanPagePath)).toEqual(['/en/fans/leave', '/pt/fans/check-your-mail']);
  });

  it('drops the query and fragment of a fan page’s URL only', () => {
    expect(withoutFanToken('https://example.org/en/fans/confirm?t=SECRET#x')).toBe(
      'https://example.org/en/fans/confirm',
    );
    expect(withoutFanToken('https://example.org/en?utm_source=x')).toBe('https://example.org/en?utm_source=x');
    expect(withoutFanToken('')).toBe('');
  });
});

describe('what analytics is told of the page', () => {
  it('nothing more for an ordinary page and referrer', () => {
    expect(pageAddresses('https://example.org/en?utm_source=x', 'https://instagram.com/')).toEqual({});
  });

  it('a fan page’s address without its token', () => {
    expect(pageAddresses('https://example.org/pt/fans/leave?t=SECRET', '')).toEqual({
      page_location: 'https://example.org/pt/fans/leave',
    });
  });

  it('a referrer holding a token without it, on whatever page the visit goes on to', () => {
    expect(pageAddresses('https://example.org/pt', 'https://example.org/pt/fans/confirm?t=SECRET')).toEqual({
      page_referrer: 'https://example.org/pt/fans/confirm',
    });
  });
});

describe('the sign-up form’s reading of an answer', () => {
  it.each([
    [202, undefined, 'sent'],
    [200, undefined, 'sent'],
    [400, 'email', 'invalid'],
    [400, 'lang', 'failed'],
    [400, 'body', 'failed'],
    [429, undefined, 'busy'],
    [413, 'body', 'failed'],
    [500, undefined, 'failed'],
    [503, undefined, 'failed'],
  ] as const)('%i (field %s) is %s', (status, field, outcome) => {
    expect(signUpOutcome(status, field)).toBe(outcome);
  });

  it('posts the address and language as JSON, and reads the refused field from the body', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const answering =
      (status: number, body: unknown): typeof fetch =>
      async (url, init) => {
        calls.push({ url: url as string, init });
        return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      };
    expect(await signUp('maria@example.org', 'es', answering(202, { success: true }))).toBe('sent');
    expect(calls[0]?.url).toBe(SUBSCRIBE_API);
    expect(calls[0]?.init?.method).toBe('POST');
    expect(new Headers(calls[0]?.init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(calls[0]?.init?.body as string)).toEqual({ email: 'maria@example.org', lang: 'es' });
    expect(await signUp('x@y', 'en', answering(400, { success: false, field: 'email' }))).toBe('invalid');
    expect(await signUp('x@y.org', 'en', answering(400, { success: false, field: 'lang' }))).toBe('failed');
  });

  it('answers failed when the network fails or the body is not JSON', async () => {
    const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await signUp('maria@example.org', 'pt', offline)).toBe('failed');
    const garbled: typeof fetch = async () => new Response('<html>', { status: 400 });
    expect(await signUp('maria@example.org', 'pt', garbled)).toBe('failed');
  });
});
