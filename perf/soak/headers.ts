/**
 * Scenario 4, headers: every kind of response the server gives (page, redirect, 404 page,
 * JSON, each API error, audio whole and in part, cover, asset, health) checked for the
 * security headers the server promises, HSTS only over HTTPS behind the proxy, no stack trace
 * or file path in any body, and no folder listing anywhere.
 */
import type { Answer } from './http.ts';
import { isAnswer, send } from './http.ts';
import { contactBody } from './mail.ts';
import { trackPath } from './media.ts';
import { judged, reported, type Row } from './report.ts';

const HSTS = /^max-age=\d+/;
const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

/** What is wrong with one answer's security headers (empty when nothing). */
export function headerProblems(answer: Answer, overHttps: boolean): string[] {
  const problems: string[] = [];
  const header = (name: string) => {
    const value = answer.headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? '');
  };
  const csp = header('content-security-policy');
  const isHtml = header('content-type').startsWith('text/html');
  if (!csp) problems.push('no Content-Security-Policy');
  else if (!/frame-ancestors 'none'/.test(csp)) problems.push('CSP without frame-ancestors');
  else if (!isHtml && csp !== NON_DOCUMENT_CSP) problems.push('a non-HTML answer with the page CSP');
  else if (isHtml && !/script-src/.test(csp)) problems.push('an HTML page without the page CSP');
  if (header('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  if (header('referrer-policy') !== 'strict-origin-when-cross-origin') problems.push('no referrer policy');
  if (header('x-frame-options') !== 'DENY') problems.push('no X-Frame-Options');
  if (!/camera=\(\)/.test(header('permissions-policy'))) problems.push('no Permissions-Policy');
  const hsts = header('strict-transport-security');
  if (overHttps && !HSTS.test(hsts)) problems.push('no HSTS over HTTPS');
  if (!overHttps && hsts) problems.push('HSTS over plain HTTP');
  return problems;
}

const STACK = /\n\s+at .+:\d+:\d+|\bat (?:async )?\w+ \(.+:\d+:\d+\)/;

/** True when a text body shows a stack trace or a path on the server's disk. */
export function leaksInternals(answer: Answer, paths: readonly string[]): boolean {
  const type = String(answer.headers['content-type'] ?? '');
  if (!/json|text|xml|javascript/.test(type) && type !== '') return false;
  return (
    STACK.test(answer.body) ||
    /node_modules|file:\/\//.test(answer.body) ||
    paths.some((path) => answer.body.includes(path))
  );
}

/** The kinds of response checked, as [label, path, request options]. */
function responseKinds(): [string, string, { method?: string; headers?: Record<string, string>; body?: string }][] {
  const json = { 'content-type': 'application/json' };
  const track = trackPath('TTMM', '01-O Chamado.wav');
  return [
    ['HTML page', '/pt', {}],
    ['landing page', '/en/spotify', {}],
    ['redirect /', '/', {}],
    ['redirect, trailing slash', '/pt/', {}],
    ['redirect, unknown page', '/nope', {}],
    ['404 page (missing asset)', '/missing.png', {}],
    ['404 JSON (unknown API)', '/api/nope', {}],
    [
      'GraphQL 200',
      '/graphql',
      { method: 'POST', headers: json, body: JSON.stringify({ query: '{ playlists { name } }' }) },
    ],
    ['GraphQL error', '/graphql', { method: 'POST', headers: json, body: '{"query":"{ nope }"}' }],
    [
      'contact 202',
      '/api/send-email',
      { method: 'POST', headers: { ...json, 'x-forwarded-for': '192.0.2.200' }, body: contactBody('headers', 1) },
    ],
    [
      'contact 400',
      '/api/send-email',
      { method: 'POST', headers: { ...json, 'x-forwarded-for': '192.0.2.201' }, body: '{}' },
    ],
    [
      'contact 413',
      '/api/send-email',
      {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': '192.0.2.202' },
        body: JSON.stringify({ message: 'x'.repeat(40_000) }),
      },
    ],
    ['audio 200', track, {}],
    ['audio 206', track, { headers: { range: 'bytes=0-99' } }],
    ['audio 416', track, { headers: { range: 'bytes=99999999-' } }],
    ['audio 404', trackPath('TTMM', 'nope.wav'), {}],
    ['cover image', `/media-covers/TTMM/${encodeURIComponent('01-O Chamado.wav')}`, {}],
    ['asset', '/favicon.svg', {}],
    ['robots.txt', '/robots.txt', {}],
    ['health', '/healthz', {}],
  ];
}

/** Folders whose listing must never be served, with a name that would show in one. */
const LISTING_PROBES: [string, RegExp][] = [
  ['/_astro/', /\.js|\.css/],
  ['/_astro', /\.js|\.css/],
  ['/media/', /Singles|TTMM/],
  ['/media/TTMM/', /Chamado/],
  ['/media/TTMM', /Chamado/],
  ['/media-covers/TTMM/', /Chamado/],
  ['/en/', /spotify/],
];

/** Checks every response kind over plain HTTP and over HTTPS behind the proxy. */
export async function runHeaders(
  base: string,
  paths: readonly string[],
): Promise<{ rows: Row[]; checked: number; answers: Answer[] }> {
  const scenario = 'Headers';
  const problems: string[] = [];
  const answers: Answer[] = [];
  let checked = 0;
  for (const overHttps of [false, true]) {
    for (const [label, path, options] of responseKinds()) {
      const headers = { ...options.headers, ...(overHttps ? { 'x-forwarded-proto': 'https' } : {}) };
      const answer = await send(base, path, { ...options, headers });
      if (!isAnswer(answer)) {
        problems.push(`${label}: no answer (${answer.error})`);
        continue;
      }
      checked += 1;
      answers.push(answer);
      for (const problem of headerProblems(answer, overHttps))
        problems.push(`${label}${overHttps ? ' (https)' : ''}: ${problem}`);
    }
  }
  let listings = 0;
  for (const [path, names] of LISTING_PROBES) {
    const answer = await send(base, path);
    if (isAnswer(answer) && answer.status === 200 && names.test(answer.body)) listings += 1;
  }
  const leaks = answers.filter((answer) => leaksInternals(answer, paths)).length;
  return {
    checked,
    answers,
    rows: [
      reported(scenario, 'response kinds checked', `${responseKinds().length} kinds × http/https = ${checked}`),
      judged(
        scenario,
        'missing or wrong security headers',
        problems.length === 0 ? 0 : problems.slice(0, 3).join('; '),
        '0',
        problems.length === 0,
      ),
      judged(scenario, 'directory listings', `${listings} of ${LISTING_PROBES.length} probes`, '0', listings === 0),
      judged(scenario, 'bodies with a stack trace or file path', leaks, '0', leaks === 0),
    ],
  };
}
