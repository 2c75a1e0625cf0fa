/**
 * Scenario: GraphQL memory under unique hostile documents, which Mercurius's default caches of
 * 1,024 would keep with all their tokens. It sends 5,000 unique ones to the real server and
 * compares its settled memory and the playlist query's throughput before and after.
 */
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { measureGraphql } from '../bench/load.ts';
import type { SoakContext } from './context.ts';
import { INTERNAL_ERROR_TEXT, uniqueDocument } from './graphql-documents.ts';
import { isAnswer, send } from './http.ts';
import { copyMedia } from './media.ts';
import { judged, reported, type Row } from './report.ts';
import { startSoakServer } from './server.ts';

export const UNIQUE_DOCUMENTS = 5_000;
/** How much more the server may hold once the documents are gone. */
const MEMORY_BUDGET_MB = 50;
/** The throughput after must be at least this share of the one before (the machine's noise). */
const THROUGHPUT_SHARE = 0.8;
const THROUGHPUT_SECONDS = 5;
const WARM_UP_SECONDS = 4;
/** Requests in flight at once: the soak's HTTP agent keeps 16 connections. */
const IN_FLIGHT = 16;

const MB = 2 ** 20;

export interface GraphqlMemoryFigures {
  documents: number;
  requests: number;
  byStatus: Record<string, number>;
  internalTexts: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  /** The same two figures after a regular collection only (see monitor.ts). */
  unreleasedBeforeMb: number;
  unreleasedAfterMb: number;
  peakRssMb: number;
  requestsPerSecondBefore: number;
  requestsPerSecondAfter: number;
  sendingSeconds: number;
}

/** Sends every unique document (each as many times as its family says), `IN_FLIGHT` at once. */
async function sendDocuments(url: string, count: number) {
  const byStatus: Record<string, number> = {};
  let internalTexts = 0;
  let requests = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const document = uniqueDocument(next);
      next += 1;
      for (let time = 0; time < document.times; time += 1) {
        const answer = await send(url, '/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: document.body,
        });
        requests += 1;
        const key = isAnswer(answer) ? String(answer.status) : 'no answer';
        byStatus[key] = (byStatus[key] ?? 0) + 1;
        if (isAnswer(answer) && INTERNAL_ERROR_TEXT.test(answer.body)) internalTexts += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { byStatus, internalTexts, requests };
}

/** Runs the scenario on a server of its own (the benchmark's: no rate limit in the way). */
export async function graphqlMemory(context: SoakContext): Promise<{ figures: GraphqlMemoryFigures; rows: Row[] }> {
  const scenario = 'GraphQL memory';
  const server = await startSoakServer(context.distDir, {
    scenario,
    logFile: context.logFile,
    dataDir: await mkdtemp(join(context.root, 'data-')),
    mediaDir: await copyMedia(context.mediaTemplate, context.root),
  });
  try {
    context.log('graphql memory: the playlist query before…');
    const before = await measureGraphql(server.url, THROUGHPUT_SECONDS, WARM_UP_SECONDS);
    const settledBefore = await server.settledStats();
    context.log(`graphql memory: ${UNIQUE_DOCUMENTS.toLocaleString('en')} unique hostile documents…`);
    const started = Date.now();
    const sent = await sendDocuments(server.url, UNIQUE_DOCUMENTS);
    const sendingSeconds = (Date.now() - started) / 1000;
    const settled = await server.settledStats();
    context.log('graphql memory: the playlist query after…');
    const after = await measureGraphql(server.url, THROUGHPUT_SECONDS, WARM_UP_SECONDS);

    const figures: GraphqlMemoryFigures = {
      documents: UNIQUE_DOCUMENTS,
      ...sent,
      rssBeforeMb: settledBefore.rssBytes / MB,
      rssAfterMb: settled.rssBytes / MB,
      unreleasedBeforeMb: (settledBefore.rssBeforeReleaseBytes ?? Number.NaN) / MB,
      unreleasedAfterMb: (settled.rssBeforeReleaseBytes ?? Number.NaN) / MB,
      peakRssMb: settled.peakRssBytes / MB,
      requestsPerSecondBefore: before.requestsPerSecond,
      requestsPerSecondAfter: after.requestsPerSecond,
      sendingSeconds,
    };
    return { figures, rows: rowsOf(scenario, figures, server.alive()) };
  } finally {
    await server.stop();
  }
}

function rowsOf(scenario: string, f: GraphqlMemoryFigures, alive: boolean): Row[] {
  const grown = f.rssAfterMb - f.rssBeforeMb;
  const fiveHundreds = Object.entries(f.byStatus)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  const share = f.requestsPerSecondAfter / f.requestsPerSecondBefore;
  const perSecond = (value: number) => Math.round(value).toLocaleString('en');
  const statusLine = Object.entries(f.byStatus)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return [
    reported(
      scenario,
      'unique hostile documents sent',
      `${f.documents.toLocaleString('en')} in ${f.requests.toLocaleString('en')} requests, ${f.sendingSeconds.toFixed(0)} s (${statusLine})`,
    ),
    judged(
      scenario,
      'server memory (RSS, settled) before → after',
      `${Math.round(f.rssBeforeMb)} → ${Math.round(f.rssAfterMb)} MB (${grown >= 0 ? '+' : ''}${Math.round(grown)} MB; peak ${Math.round(f.peakRssMb)} MB)`,
      `≤ +${MEMORY_BUDGET_MB} MB`,
      grown <= MEMORY_BUDGET_MB,
    ),
    reported(
      scenario,
      'RSS before V8 gave back its pages',
      `${Math.round(f.unreleasedBeforeMb)} → ${Math.round(f.unreleasedAfterMb)} MB (kept for reuse until memory is short)`,
    ),
    judged(
      scenario,
      'playlist query before → after',
      `${perSecond(f.requestsPerSecondBefore)} → ${perSecond(f.requestsPerSecondAfter)} req/s (${Math.round(share * 100)} %)`,
      `≥ ${THROUGHPUT_SHARE * 100} % of before`,
      share >= THROUGHPUT_SHARE,
      // A throughput is only as steady as the machine: judged, not a must-hold invariant.
      false,
    ),
    judged(scenario, '5xx answers', fiveHundreds, '0', fiveHundreds === 0),
    judged(scenario, 'answers with an internal error text', f.internalTexts, '0', f.internalTexts === 0),
    judged(scenario, 'server crashes', alive ? 0 : 1, '0', alive),
  ];
}
