/**
 * Scenario 1, load: 50 concurrent clients for 60 s on the site's real mix (home pages,
 * GraphQL playlist queries, audio range requests, now and then a contact message), then every
 * acknowledged message is looked up in the database and every mail at the SMTP peer.
 */
import autocannon from 'autocannon';
import { CONNECTIONS, playlistRequest } from '../bench/load.ts';
import { DEMO_PLAYLISTS } from '../../scripts/demo-media/generate.ts';
import { auditDeliveries, contactBody, numberOf, readMessages, waitForDelivery, type DeliveryAudit } from './mail.ts';
import type { SmtpPeer } from './mail.ts';
import { trackPath } from './media.ts';
import type { SoakServer } from './server.ts';

export const LOAD_SECONDS = 60;
/** Long enough for the outbox to send thousands of mails after the load stops. */
const DELIVERY_TIMEOUT_MS = 180_000;
const TAG = 'load';

type Kind = 'page' | 'graphql' | 'audio' | 'contact';
const EXPECTED: Record<Kind, number> = { page: 200, graphql: 200, audio: 206, contact: 202 };

export interface LoadFigures {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Timeouts, connection errors and unexpected statuses, over all requests. */
  errors: number;
  errorRate: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  byKind: Record<Kind, Record<string, number>>;
  peakRssMb: number;
  acknowledged: number;
  /** Acknowledged messages not in the database: must be 0. */
  lost: number;
  /** Seconds the outbox needed after the load to deliver everything. */
  drainSeconds: number;
  drained: boolean;
  delivery: DeliveryAudit;
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * A contact message every this many cycles (one request in about 570: some 300 messages in 60 s on this VM): the outbox sends a few
 * mails a second (one SMTP connection each), and all of them must be delivered before the soak ends.
 */
const CONTACT_EVERY = 24;

/** One cycle of what each client asks, in order: 23 reads, then a message or (mostly) another page. */
function cycle(onContact: (status: number, number: number) => void, counts: LoadFigures['byKind']) {
  const count = (kind: Kind) => (status: number) => {
    counts[kind][status] = (counts[kind][status] ?? 0) + 1;
  };
  const tracks = DEMO_PLAYLISTS.flatMap((playlist) =>
    playlist.titles.map((title, index) =>
      trackPath(playlist.name, `${String(index + 1).padStart(2, '0')}-${title}.wav`),
    ),
  );
  const ranges = ['bytes=0-65535', 'bytes=-16384', 'bytes=32768-'];
  const pages = ['/pt', '/en', '/es', '/en/spotify', '/pt/samebloodscocktail'];
  const requests: autocannon.Request[] = [];
  let sent = 0;
  for (let slot = 0; slot < 23; slot += 1) {
    const turn = Math.floor(slot / 3);
    if (slot % 3 === 0) {
      requests.push({
        method: 'GET',
        path: pages[turn % pages.length] ?? '/pt',
        headers: BROWSER,
        onResponse: count('page'),
      });
    } else if (slot % 3 === 1) {
      const playlist = DEMO_PLAYLISTS[turn % DEMO_PLAYLISTS.length]?.name ?? 'Singles';
      requests.push({
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json' },
        body: playlistRequest(playlist),
        onResponse: count('graphql'),
      });
    } else {
      requests.push({
        method: 'GET',
        path: tracks[(slot * 7) % tracks.length] ?? '/',
        headers: { range: ranges[turn % ranges.length] ?? 'bytes=0-1' },
        onResponse: count('audio'),
      });
    }
  }
  let turns = 0;
  requests.push({
    method: 'POST',
    path: '/api/send-email',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request, context) => {
      const slot = context as { number?: number | undefined };
      turns += 1;
      if (turns % CONTACT_EVERY !== 0) {
        slot.number = undefined;
        return { method: 'GET', path: '/pt', headers: BROWSER };
      }
      sent += 1;
      slot.number = sent;
      return { ...request, body: contactBody(TAG, sent) };
    },
    onResponse: (status, _body, context) => {
      const number = (context as { number?: number }).number;
      if (number === undefined) {
        count('page')(status);
        return;
      }
      count('contact')(status);
      onContact(status, number);
    },
  });
  return requests;
}

/** Runs the load against `server` and audits the messages it acknowledged. */
export async function runLoad(
  server: SoakServer,
  peer: SmtpPeer,
  log: (line: string) => void,
  seconds = LOAD_SECONDS,
): Promise<LoadFigures> {
  const byKind: LoadFigures['byKind'] = { page: {}, graphql: {}, audio: {}, contact: {} };
  const acknowledged = new Set<number>();
  const requests = cycle((status, number) => {
    if (status === 202) acknowledged.add(number);
  }, byKind);
  log(`load: ${CONNECTIONS} clients for ${seconds} s…`);
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: seconds, requests });
  const peakRssMb = (await server.stats()).peakRssBytes / 2 ** 20;

  const unexpected = (Object.keys(byKind) as Kind[]).reduce((sum, kind) => {
    const codes = byKind[kind];
    return sum + Object.entries(codes).reduce((n, [code, c]) => n + (Number(code) === EXPECTED[kind] ? 0 : c), 0);
  }, 0);
  const requestsDone = Object.values(byKind).reduce(
    (sum, codes) => sum + Object.values(codes).reduce((n, c) => n + c, 0),
    0,
  );
  const errors = unexpected + result.errors + result.timeouts;

  log(`load: ${acknowledged.size} messages acknowledged; waiting for the outbox to deliver them…`);
  const drainStarted = Date.now();
  const drained = await waitForDelivery(server.dataDir, DELIVERY_TIMEOUT_MS);
  const drainSeconds = (Date.now() - drainStarted) / 1000;
  const messages = await readMessages(server.dataDir);
  const storedNumbers = new Set(messages.map((m) => numberOf(m, TAG)));
  const lost = [...acknowledged].filter((number) => !storedNumbers.has(number)).length;

  return {
    connections: CONNECTIONS,
    seconds,
    requests: requestsDone,
    requestsPerSecond: result.requests.average,
    errors,
    errorRate: requestsDone === 0 ? 1 : errors / requestsDone,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    byKind,
    peakRssMb,
    acknowledged: acknowledged.size,
    lost,
    drainSeconds,
    drained,
    delivery: auditDeliveries(messages, peer),
  };
}
