/**
 * Scenario 6, two instances: two servers on one PostgreSQL and one Redis (Debian's, started on
 * free loopback ports in temporary folders), load on both, one of them killed with SIGKILL
 * and restarted mid-run. Every acknowledged message must be stored once and delivered once
 * (the mails in flight at the kill may go twice), and the per-address limit must hold across
 * both. Skipped, saying how to install them, when PostgreSQL or Redis is missing.
 */
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StoredMessage } from '../../server/services/contact/message-store.ts';
import { openPostgresStore } from '../../server/services/stores/open-store.ts';
import { startPostgres, startRedis } from '../harness/engines.ts';
import type { SoakContext } from './context.ts';
import { contactTrickle, DELIVERY_TIMEOUT_MS } from './faults.ts';
import { isAnswer, send } from './http.ts';
import { auditDeliveries, mailEnv, numberOf, startSmtpPeer, undelivered } from './mail.ts';
import { copyMedia } from './media.ts';
import { judged, reported, type Row } from './report.ts';
import { startSoakServer, type SoakServer } from './server.ts';

const SCENARIO = 'Two instances';
/** Short, so the message the killed instance held is taken over within the run. */
const LEASE_MS = 5_000;
const LOAD_MS = 12_000;

/** A fresh client address (and /24) per message: only the dedicated check meets the limits. */
const addressOf = (number: number) => `10.${Math.floor(number / 250) % 250}.${number % 250}.1`;

export async function twoInstances(context: SoakContext): Promise<Row[]> {
  let engines;
  try {
    engines = await Promise.all([startPostgres(), startRedis()]);
  } catch (error) {
    return [reported(SCENARIO, 'skipped', (error as Error).message)];
  }
  const [postgres, redis] = engines;
  const peer = await startSmtpPeer();
  const databaseUrl = await postgres.createDatabase();
  const mediaDir = await copyMedia(context.mediaTemplate, context.root);
  const start = async (name: string) =>
    startSoakServer(context.distDir, {
      scenario: `${SCENARIO} (${name})`,
      logFile: context.logFile,
      dataDir: await mkdtemp(join(context.root, 'data-')),
      mediaDir,
      env: {
        ...mailEnv(peer),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        TRUST_PROXY: 'true',
        OUTBOX_LEASE_MS: String(LEASE_MS),
        CONTACT_RATE_LIMIT: '5',
        CONTACT_NETWORK_LIMIT: '20',
      },
    });
  const servers: SoakServer[] = [await start('A'), await start('B')];
  try {
    // Messages alternate between the two; pages too, so both serve while mail goes out.
    let turn = 0;
    const next = () => (servers[(turn += 1) % 2] ?? servers[0])?.url ?? '';
    const trickle = contactTrickle(next, 'pair', 100, 3, addressOf);
    const pages = pageLoad(next);
    await sleep(LOAD_MS / 3);
    context.log('two instances: SIGKILL of instance A amid the load…');
    await servers[0]?.kill();
    await sleep(1_000);
    servers[0] = await start('A again');
    await sleep((LOAD_MS * 2) / 3);
    await trickle.stop();
    const pageStatuses = await pages.stop();

    // The per-address limit, shared through Redis: 12 requests from one address, half to each.
    const limited: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      const answer = await send(servers[n % 2]?.url ?? '', '/api/send-email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.77' },
        body: JSON.stringify({ name: 'Limit', email: `limit${n}@example.com`, message: `limit ${n}`, lang: 'en' }),
      });
      limited.push(isAnswer(answer) ? answer.status : 0);
    }
    const acceptedFromOne = limited.filter((status) => status === 202).length;

    const store = await openPostgresStore(databaseUrl);
    let messages: StoredMessage[] = [];
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    const started = Date.now();
    for (;;) {
      messages = await store.list();
      const pending = messages.some(undelivered);
      if (!pending || Date.now() > deadline) break;
      await sleep(250);
    }
    await store.close();
    const drainSeconds = (Date.now() - started) / 1000;
    const numbers = messages.map((m) => numberOf(m, 'pair')).filter((n): n is number => n !== null);
    const storedTwice = numbers.length - new Set(numbers).size;
    const lost = [...trickle.acknowledged].filter((n) => !numbers.includes(n)).length;
    const audit = auditDeliveries(messages, peer);
    return [
      reported(SCENARIO, 'messages acknowledged (A and B, A killed and restarted)', trickle.acknowledged.size),
      reported(SCENARIO, 'page answers meanwhile', pageStatuses),
      judged(SCENARIO, 'acknowledged messages lost', lost, '0', lost === 0),
      judged(SCENARIO, 'messages stored twice', storedTwice, '0', storedTwice === 0),
      judged(
        SCENARIO,
        'undelivered after the load',
        `${audit.undelivered} (${drainSeconds.toFixed(1)} s after)`,
        '0',
        audit.undelivered === 0,
      ),
      judged(
        SCENARIO,
        'mails delivered twice',
        audit.duplicates,
        '≤ 2 (the mails in flight at the kill)',
        audit.duplicates <= 2,
      ),
      judged(SCENARIO, 'mails that match no message', audit.unexplained, '0', audit.unexplained === 0),
      judged(
        SCENARIO,
        'one address, 12 messages across both: accepted',
        acceptedFromOne,
        '5 (the per-address limit, shared)',
        acceptedFromOne === 5,
      ),
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all([peer.close(), postgres.close(), redis.close()]);
  }
}

/** Home page requests to both instances until stopped; returns the statuses seen. */
function pageLoad(next: () => string) {
  let running = true;
  // Read through a function: `running` changes while a request is awaited.
  const isRunning = () => running;
  const statuses: Record<string, number> = {};
  const loop = (async () => {
    while (isRunning()) {
      const answer = await send(next(), '/pt', { timeoutMs: 5_000 });
      const key = isAnswer(answer) ? String(answer.status) : 'no answer';
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return Object.entries(statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
    },
  };
}
