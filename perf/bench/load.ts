/**
 * Throughput and latency of the real server under load (autocannon, programmatic API): the
 * GraphQL playlist query, a static page, and the contact endpoint, whose every acknowledged
 * message is then looked up in the database.
 */
import autocannon from 'autocannon';
import { openSqliteStore } from '../../server/services/stores/open-store.ts';
import { PLAYLIST_QUERY } from '../../src/lib/playlist-api.ts';

export const CONNECTIONS = 50;

/** The player's own playlist request (its query text, the name in the variables), by POST. */
export function playlistRequest(playlistName: string): string {
  return JSON.stringify({ query: PLAYLIST_QUERY, variables: { playlistName } });
}

/** What a browser sends; the server then answers with the precompressed brotli file. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

export interface LoadResult {
  name: string;
  method: string;
  path: string;
  connections: number;
  /** The measured run's planned duration; autocannon stops on its next 1-second tick after it. */
  seconds: number;
  elapsedSeconds: number;
  /** Mean of the per-second samples. */
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  responses: number;
  /** Connection errors, timeouts, unexpected status codes and wrong bodies. */
  errors: number;
  statusCodes: Record<string, number>;
}

export interface ContactLoadResult extends LoadResult {
  /** 202 answers: messages the server said it stored. */
  acknowledged: number;
  /** Rows in the database written during the run. */
  stored: number;
  /** Acknowledged messages not found in the database: must be 0. */
  missing: number;
  /**
   * Stored messages whose 202 never reached autocannon: it closes its connections when the time
   * is up, with a request in flight on each, and the server stores those all the same.
   */
  cutOffInFlight: number;
  /** Stored rows that match neither an acknowledged nor a cut-off request: must be 0. */
  unexplained: number;
}

function statusCodes(result: autocannon.Result): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) counts[code] = stats.count ?? 0;
  return counts;
}

/** One run's figures; a status other than `expected` counts as an error. */
export function summarise(
  name: string,
  method: string,
  path: string,
  seconds: number,
  result: autocannon.Result,
  expected: number,
): LoadResult {
  const codes = statusCodes(result);
  const responses = Object.values(codes).reduce((sum, count) => sum + count, 0);
  const unexpected = responses - (codes[String(expected)] ?? 0);
  return {
    name,
    method,
    path,
    connections: result.connections,
    seconds,
    elapsedSeconds: result.duration,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    responses,
    errors: result.errors + unexpected + result.mismatches,
    statusCodes: codes,
  };
}

/** A short unmeasured run first, so the measured one does not include the JIT warming up. */
async function warmUp(options: autocannon.Options, seconds: number): Promise<void> {
  if (seconds > 0) await autocannon({ ...options, duration: seconds });
}

/** The GraphQL playlist query; a response whose body differs from the first one counts as an error. */
export async function measureGraphql(baseUrl: string, seconds: number, warmUpSeconds: number): Promise<LoadResult> {
  const body = playlistRequest('Cocktail Nº1');
  const headers = { 'content-type': 'application/json' };
  const reference = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers, body });
  const expectBody = await reference.text();
  const parsed = JSON.parse(expectBody) as { data?: { playlist?: unknown[] } };
  if (!reference.ok || !parsed.data?.playlist?.length) {
    throw new Error(`the playlist query does not answer with tracks: ${String(reference.status)} ${expectBody}`);
  }
  const options: autocannon.Options = {
    url: `${baseUrl}/graphql`,
    method: 'POST',
    headers,
    body,
    connections: CONNECTIONS,
    expectBody,
  };
  await warmUp(options, warmUpSeconds);
  const result = await autocannon({ ...options, duration: seconds });
  return summarise('GraphQL playlist query', 'POST', '/graphql', seconds, result, 200);
}

/** A home page as a browser asks for it (brotli accepted). */
export async function measureStaticPage(
  baseUrl: string,
  path: string,
  seconds: number,
  warmUpSeconds: number,
): Promise<LoadResult> {
  const options: autocannon.Options = {
    url: `${baseUrl}${path}`,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    connections: CONNECTIONS,
  };
  await warmUp(options, warmUpSeconds);
  const result = await autocannon({ ...options, duration: seconds });
  return summarise(`Static HTML ${path}`, 'GET', path, seconds, result, 200);
}

/** The request context autocannon keeps per connection; we note which message it carries. */
interface ContactContext {
  messageNumber?: number;
}

const MESSAGE_NUMBER = /^Benchmark message #(\d+)\b/;

/**
 * The contact endpoint with a different message in every request (a resubmitted message is
 * stored once, by design, so repeats would measure the duplicate check instead). Afterwards
 * every acknowledged message is looked up in the database.
 */
export async function measureContact(baseUrl: string, dataDir: string, seconds: number): Promise<ContactLoadResult> {
  const store = await openSqliteStore(dataDir);
  const before = new Set((await store.list()).map((message) => message.id));
  let sent = 0;
  const acknowledged = new Set<number>();
  const answered = new Set<number>();

  const result = await autocannon({
    url: `${baseUrl}/api/send-email`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/send-email',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request, context) => {
          sent += 1;
          (context as ContactContext).messageNumber = sent;
          const body = JSON.stringify({
            name: `Benchmark ${sent}`,
            email: `bench+${sent}@example.com`,
            message: `Benchmark message #${sent}: a unique message for the contact load test.`,
            lang: 'en',
          });
          return { ...request, body };
        },
        onResponse: (status, _body, context) => {
          const number = (context as ContactContext).messageNumber;
          if (number === undefined) return;
          answered.add(number);
          if (status === 202) acknowledged.add(number);
        },
      },
    ],
  });

  const storedNumbers = (await store.list())
    .filter((message) => !before.has(message.id))
    .map((message) => Number(MESSAGE_NUMBER.exec(message.message)?.[1] ?? Number.NaN));
  await store.close();
  const stored = new Set(storedNumbers);
  const missing = [...acknowledged].filter((number) => !stored.has(number)).length;
  const extra = storedNumbers.filter((number) => !acknowledged.has(number));
  // Cut off: sent (numbered) but never answered because autocannon closed the connection.
  const cutOffInFlight = extra.filter((number) => number <= sent && !answered.has(number)).length;
  return {
    ...summarise('Contact POST /api/send-email', 'POST', '/api/send-email', seconds, result, 202),
    acknowledged: acknowledged.size,
    stored: storedNumbers.length,
    missing,
    cutOffInFlight,
    unexplained: extra.length - cutOffInFlight,
  };
}
