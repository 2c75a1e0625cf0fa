/**
 * Scenario 3, hostile input: the generated cases (cases.ts) one after another against a
 * server with its real limits, then what no generator makes: a flood from one address, slow
 * clients (slow-loris headers and bodies), bytes no HTTP client sends. Every answer is checked
 * for its status, its time, its security headers and what its body gives away.
 */
import { generateCases, RANGE_TRACK, type HostileCase } from './cases.ts';
import {
  graphqlHostileRows,
  runGraphqlHostile,
  showsInternalError,
  type GraphqlHostileFigures,
} from './graphql-hostile.ts';
import { headerProblems, leaksInternals } from './headers.ts';
import { isAnswer, send, sendRaw, statusOf, type Answer } from './http.ts';
import { ARTIST, contactBody, type SmtpPeer } from './mail.ts';
import { HOSTILE_COVER_PATHS } from './media.ts';
import { judged, reported, type Row } from './report.ts';
import type { SoakServer } from './server.ts';

export interface HostileFigures {
  seed: number;
  casesTried: number;
  byStatus: Record<string, number>;
  fiveHundreds: number;
  noAnswer: number;
  worst: { ms: number; family: string; method: string; path: string; status: number | string; body: string }[];
  maxLoopStallMs: number;
  headerProblems: number;
  leaks: number;
  traversalServed: number;
  openRedirects: number;
  injectedRecipients: number;
  flood: { sent: number; limited: number };
  graphql: GraphqlHostileFigures;
  /** GraphQL answers, generated or not, carrying the text of an internal failure. */
  graphqlInternalTexts: number;
  slowBodyClosedAfterMs: number | null;
  slowHeadersClosedAfterMs: number | null;
  servedDuringSlowLoris: boolean;
  /** Embedded covers typed as a page or a script answered as anything but a 404 or an image. */
  coversNotImages: number;
  /** Range headers, invalid or odd, answered with another status than HTTP asks for. */
  rangesMisread: number;
}

/** Range headers and the status each must get: invalid ones are ignored (200), a long suffix is the whole file. */
const RANGE_SPECIALS: readonly { headers: Record<string, string>; status: number }[] = [
  { headers: { range: 'bytes=5-2' }, status: 200 },
  { headers: { range: 'bytes=abc' }, status: 200 },
  { headers: { range: 'bytes=0x10-0x20' }, status: 200 },
  { headers: { range: 'bytes=-99999999999' }, status: 206 },
  { headers: { range: 'bytes=99999999999-' }, status: 416 },
  { headers: { range: 'bytes=0-9', 'if-range': 'W/"weak"' }, status: 200 },
  { headers: { range: 'bytes=0-9', 'if-range': '"not-this-file"' }, status: 200 },
];

/** How long the soak's server gives a client to send a request (REQUEST_TIMEOUT_MS). */
export const SOAK_REQUEST_TIMEOUT_MS = 3_000;
const SLOW_CLIENTS = 200;

const describe = (c: HostileCase) => `${c.method} ${c.path.slice(0, 70)}${c.body ? ` ${c.body.slice(0, 50)}` : ''}`;

/** A case whose path tries to leave its folder: a 200 for it would be a leak. */
const isTraversal = (path: string) => /\.\.|%2e|%252e|%c0%ae|%00|%5c/i.test(path);

/** Runs every case and the special ones; `paths` are the server's folders, which no body may show. */
export async function runHostile(
  server: SoakServer,
  peer: SmtpPeer,
  seed: number,
  paths: readonly string[],
  log: (line: string) => void,
): Promise<{ figures: HostileFigures; rows: Row[] }> {
  const cases = generateCases(seed);
  const byStatus: Record<string, number> = {};
  const timed: HostileFigures['worst'] = [];
  const tally = (key: string | number) => (byStatus[key] = (byStatus[key] ?? 0) + 1);
  let problems = 0;
  let leaks = 0;
  let traversalServed = 0;
  let openRedirects = 0;
  let graphqlInternalTexts = 0;
  let noAnswer = 0;
  let tried = 0;
  const check = (c: HostileCase, answer: Answer) => {
    if (headerProblems(answer, false).length > 0) problems += 1;
    if (leaksInternals(answer, paths)) leaks += 1;
    if (c.family === 'media' && answer.status === 200 && isTraversal(c.path)) traversalServed += 1;
    if (c.path === '/graphql' && showsInternalError(answer)) graphqlInternalTexts += 1;
    const location = String(answer.headers.location ?? '');
    if (location && !/^\/(?![/\\])/.test(location)) openRedirects += 1;
  };

  server.resetStats();
  log(`hostile: ${cases.length} generated cases (seed ${seed})…`);
  for (const [index, c] of cases.entries()) {
    // A fresh client address per case: the per-address limit has its own case (the flood),
    // and must not hide what validation does with the rest.
    const address = `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    const answer = await send(server.url, c.path, {
      method: c.method,
      headers: { ...c.headers, 'x-forwarded-for': address },
      ...(c.body === undefined ? {} : { body: c.body }),
    });
    if (!isAnswer(answer) && answer.error.startsWith('not sent')) continue;
    tried += 1;
    if (!isAnswer(answer)) {
      noAnswer += 1;
      tally('no answer');
      timed.push({
        ms: answer.ms,
        family: c.family,
        method: c.method,
        path: describe(c),
        status: answer.error,
        body: '',
      });
      continue;
    }
    tally(answer.status);
    check(c, answer);
    timed.push({
      ms: answer.ms,
      family: c.family,
      method: c.method,
      path: describe(c),
      status: answer.status,
      body: answer.body.slice(0, 120),
    });
  }

  log('hostile: odd Range headers, covers typed as a page or a script…');
  let rangesMisread = 0;
  for (const special of RANGE_SPECIALS) {
    const answer = await send(server.url, RANGE_TRACK, { headers: special.headers });
    tried += 1;
    if (!isAnswer(answer)) {
      noAnswer += 1;
      continue;
    }
    tally(answer.status);
    check({ family: 'range', method: 'GET', path: RANGE_TRACK, headers: special.headers }, answer);
    if (answer.status !== special.status) rangesMisread += 1;
  }
  let coversNotImages = 0;
  for (const path of HOSTILE_COVER_PATHS) {
    const answer = await send(server.url, path);
    tried += 1;
    if (!isAnswer(answer)) {
      noAnswer += 1;
      continue;
    }
    tally(answer.status);
    check({ family: 'media', method: 'GET', path, headers: {} }, answer);
    const type = String(answer.headers['content-type'] ?? '');
    if (answer.status !== 404 && !(answer.status === 200 && type.startsWith('image/'))) coversNotImages += 1;
  }

  // A flood from one address behind the proxy, each request claiming another origin in
  // X-Forwarded-For: only the address the proxy appended counts.
  log('hostile: a flood from one address…');
  const flood = { sent: 40, limited: 0 };
  for (let n = 0; n < flood.sent; n += 1) {
    const answer = await send(server.url, '/api/send-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${n}.0.1, 203.0.113.7` },
      body: contactBody('flood', n),
    });
    tried += 1;
    if (isAnswer(answer)) {
      tally(answer.status);
      check({ family: 'contact', method: 'POST', path: '/api/send-email', headers: {} }, answer);
      if (answer.status === 429 && answer.headers['retry-after']) flood.limited += 1;
    } else noAnswer += 1;
  }

  log('hostile: GraphQL refusals, and a GraphQL flood from one address…');
  const graphql = await runGraphqlHostile(server.url, (answer) => {
    tried += 1;
    tally(answer.status);
    check({ family: 'graphql', method: 'POST', path: '/graphql', headers: {} }, answer);
  });

  log(`hostile: slow clients (${SLOW_CLIENTS} slow-loris connections, a slow body, slow headers)…`);
  const drip = (count: number, piece: string) => Array.from({ length: count }, () => piece);
  const loris = Array.from({ length: SLOW_CLIENTS }, () =>
    sendRaw(server.url, ['GET /pt HTTP/1.1\r\nHost: 127.0.0.1\r\n', ...drip(30, 'X-Slow: 1\r\n')], 400, 15_000),
  );
  const slowBody = sendRaw(
    server.url,
    [
      'POST /api/send-email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nX-Forwarded-For: 198.51.200.1\r\n\r\n{',
      ...drip(30, ' '),
    ],
    400,
    15_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const during = await send(server.url, '/pt');
  const servedDuringSlowLoris = isAnswer(during) && during.status === 200;
  const slowResults = await Promise.all(loris);
  const slowBodyResult = await slowBody;
  tried += SLOW_CLIENTS + 1;
  for (const result of [...slowResults, slowBodyResult])
    tally(statusOf(result.raw) || (result.closedByServer ? 'closed' : 'still open'));
  const slowHeadersClosedAfterMs = slowResults.every((r) => r.closedByServer)
    ? Math.max(...slowResults.map((r) => r.ms))
    : null;
  const slowBodyClosedAfterMs = slowBodyResult.closedByServer ? slowBodyResult.ms : null;

  // Bytes no client library sends: a NUL in the request line, a huge header, a bare LF, no Host.
  for (const raw of [
    'GET /pt HTTP/1.1\r\n\r\n',
    'GET /media/Singles/\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
    `GET /pt HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`,
    'GET /pt HTTP/1.1\nHost: x\n\n',
    'GET /pt HTTP/9.9\r\nHost: x\r\n\r\n',
    'POST /graphql HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n',
  ]) {
    const result = await sendRaw(server.url, [raw], 0, 3_000);
    tried += 1;
    const status = statusOf(result.raw);
    tally(status || 'closed');
  }

  const stats = await server.stats();
  // The generated contact cases that passed validation were mailed: each mail must go only
  // where it should, whatever the name and address held.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const injectedRecipients =
    peer.received.filter((mail) => {
      if (mail.recipients.length !== 1) return true;
      const to = mail.recipients[0] ?? '';
      return to !== ARTIST && /[\s,;<>]/.test(to);
    }).length + peer.received.filter((mail) => /^bcc:/im.test(mail.raw.split(/\r?\n\r?\n/)[0] ?? '')).length;

  const fiveHundreds = Object.entries(byStatus)
    .filter(([status]) => Number(status) >= 500)
    .reduce((n, [, c]) => n + c, 0);
  const worst = timed.sort((a, b) => b.ms - a.ms).slice(0, 5);
  const figures: HostileFigures = {
    seed,
    casesTried: tried,
    byStatus,
    fiveHundreds,
    noAnswer,
    worst,
    maxLoopStallMs: stats.maxLoopDelayMs,
    headerProblems: problems,
    leaks,
    traversalServed,
    openRedirects,
    injectedRecipients,
    flood,
    graphql,
    graphqlInternalTexts,
    slowBodyClosedAfterMs,
    slowHeadersClosedAfterMs,
    servedDuringSlowLoris,
    coversNotImages,
    rangesMisread,
  };
  const scenario = 'Hostile input';
  const statusLine = Object.entries(byStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  const limit = SOAK_REQUEST_TIMEOUT_MS + 2_500;
  return {
    figures,
    rows: [
      judged(
        scenario,
        'cases tried',
        `${tried} (${cases.length} generated, seed ${seed})`,
        '≥ 500',
        tried >= 500,
        false,
      ),
      reported(scenario, 'responses by status', statusLine),
      judged(scenario, '5xx answers', fiveHundreds, '0', fiveHundreds === 0),
      judged(scenario, 'no answer (reset, timeout)', noAnswer, '0', noAnswer === 0),
      judged(scenario, 'server crashes', server.alive() ? 0 : 1, '0', server.alive()),
      reported(
        scenario,
        'slowest answers',
        worst
          .slice(0, 3)
          .map((w) => `${Math.round(w.ms)} ms ${w.family} ${String(w.status)}`)
          .join(' · '),
      ),
      judged(
        scenario,
        'longest event loop stall',
        `${Math.round(stats.maxLoopDelayMs)} ms`,
        '< 1000 ms',
        stats.maxLoopDelayMs < 1_000,
        false,
      ),
      judged(scenario, 'media traversal served', traversalServed, '0', traversalServed === 0),
      judged(scenario, 'covers typed as a page or script served as such', coversNotImages, '0', coversNotImages === 0),
      judged(scenario, 'odd Range headers answered wrongly', rangesMisread, '0', rangesMisread === 0),
      judged(scenario, 'open redirects', openRedirects, '0', openRedirects === 0),
      judged(scenario, 'mails with injected recipients or headers', injectedRecipients, '0', injectedRecipients === 0),
      judged(
        scenario,
        'flood from one address: 429 with Retry-After',
        `${flood.limited} of ${flood.sent}`,
        `≥ ${flood.sent - 5}`,
        flood.limited >= flood.sent - 5,
      ),
      ...graphqlHostileRows(scenario, graphql, graphqlInternalTexts),
      judged(
        scenario,
        `${SLOW_CLIENTS} slow-loris clients cut off`,
        slowHeadersClosedAfterMs === null ? 'not all' : `all, within ${(slowHeadersClosedAfterMs / 1000).toFixed(1)} s`,
        `within ${limit / 1000} s`,
        slowHeadersClosedAfterMs !== null && slowHeadersClosedAfterMs < limit,
      ),
      judged(
        scenario,
        'slow body cut off',
        slowBodyClosedAfterMs === null ? 'still open' : `after ${(slowBodyClosedAfterMs / 1000).toFixed(1)} s`,
        `within ${limit / 1000} s`,
        slowBodyClosedAfterMs !== null && slowBodyClosedAfterMs < limit,
      ),
      judged(scenario, 'pages served meanwhile', servedDuringSlowLoris ? 'yes' : 'no', 'yes', servedDuringSlowLoris),
      judged(scenario, 'answers missing a security header', problems, '0', problems === 0),
      judged(scenario, 'bodies with a stack trace or file path', leaks, '0', leaks === 0),
    ],
  };
}
