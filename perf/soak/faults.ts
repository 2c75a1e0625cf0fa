/**
 * Scenario 2, faults: the SMTP peer refusing (4xx, 5xx) then down, then back; the server
 * killed with SIGKILL amid contact traffic and restarted; damaged, cut and removed audio files;
 * a data folder the server cannot write. Each returns its rows.
 */
import { chmod, chown, mkdtemp, truncate, unlink, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SoakContext } from './context.ts';
import { isAnswer, send } from './http.ts';
import {
  ARTIST,
  auditDeliveries,
  contactBody,
  mailEnv,
  numberOf,
  readMessages,
  startSmtpPeer,
  waitForDelivery,
} from './mail.ts';
import { copyMedia, garbage, LONG_PLAYLIST, LONG_TRACKS, trackPath } from './media.ts';
import { judged, reported, type Row } from './report.ts';
import { withScenarioServer } from './scenario-server.ts';
import { startSoakServer, type SoakServer } from './server.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };
export const DELIVERY_TIMEOUT_MS = 60_000;

/**
 * Unique contact messages posted one after another by `senders` loops until stopped, numbered so each
 * can be found in the store; `from` gives a message its client address (via X-Forwarded-For,
 * for a server behind the soak as its proxy).
 */
export function contactTrickle(
  base: () => string,
  tag: string,
  gapMs: number,
  senders = 1,
  from?: (number: number) => string,
) {
  let running = true;
  let sent = 0;
  const acknowledged = new Set<number>();
  const statuses: Record<string, number> = {};
  const loops = Array.from({ length: senders }, async () => {
    while (running) {
      sent += 1;
      const number = sent;
      const answer = await send(base(), '/api/send-email', {
        method: 'POST',
        headers: from ? { ...JSON_HEADERS, 'x-forwarded-for': from(number) } : JSON_HEADERS,
        body: contactBody(tag, number),
        timeoutMs: 5_000,
      });
      const key = isAnswer(answer) ? String(answer.status) : 'no answer';
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (isAnswer(answer) && answer.status === 202) acknowledged.add(number);
      if (gapMs > 0) await sleep(gapMs);
    }
  });
  return {
    acknowledged,
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

const describeStatuses = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');

/**
 * SMTP refusing for now with 451, then 452, then down, then back: everything delivered once.
 * (A 5xx is a refusal for good, which ends a delivery: the unit tests cover it.)
 */
export async function smtpOutage(context: SoakContext): Promise<Row[]> {
  const scenario = 'Faults: SMTP';
  return withScenarioServer(context, scenario, {}, async ({ server, peer, dataDir }) => {
    const trickle = contactTrickle(() => server.url, 'smtp', 150);
    const phases: [string, () => Promise<void> | void, number][] = [
      ['accepting', () => peer.refuseWith(null), 1_000],
      ['refusing 451', () => peer.refuseWith(451), 3_000],
      ['refusing 452', () => peer.refuseWith(452), 3_000],
      ['down', () => peer.stop(), 4_000],
    ];
    for (const [name, enter, ms] of phases) {
      context.log(`faults: SMTP ${name} for ${ms / 1000} s…`);
      await enter();
      await sleep(ms);
    }
    const mailsBeforeReturn = peer.received.length;
    await peer.start();
    peer.refuseWith(null);
    context.log('faults: SMTP back');
    await sleep(1_000);
    await trickle.stop();
    const returned = Date.now();
    const drained = await waitForDelivery(dataDir, DELIVERY_TIMEOUT_MS);
    const drainSeconds = (Date.now() - returned) / 1000;
    const messages = await readMessages(dataDir);
    const stored = new Set(messages.map((m) => numberOf(m, 'smtp')));
    const lost = [...trickle.acknowledged].filter((n) => !stored.has(n)).length;
    const audit = auditDeliveries(messages, peer);
    return [
      reported(scenario, 'contact answers during the outage', describeStatuses(trickle.statuses)),
      judged(scenario, 'acknowledged messages lost', `${lost} of ${trickle.acknowledged.size}`, '0', lost === 0),
      judged(
        scenario,
        'messages that met a refusal or the outage',
        audit.retried,
        '> 0 (the faults bit)',
        audit.retried > 0,
        false,
      ),
      reported(scenario, 'mails delivered before the peer came back', mailsBeforeReturn),
      judged(
        scenario,
        'undelivered after it came back',
        `${audit.undelivered} (${drained ? 'all delivered' : 'still waiting'} ${drainSeconds.toFixed(1)} s after)`,
        '0',
        drained && audit.undelivered === 0,
      ),
      judged(scenario, 'mails delivered twice', audit.duplicates, '0', audit.duplicates === 0),
      judged(scenario, 'mails that match no message', audit.unexplained, '0', audit.unexplained === 0),
    ];
  });
}

/** SIGKILL amid contact traffic, restart on the same folders: every acknowledged message kept and delivered. */
export async function killAndRestart(context: SoakContext): Promise<Row[]> {
  const scenario = 'Faults: SIGKILL';
  const peer = await startSmtpPeer();
  const dataDir = await mkdtemp(join(context.root, 'data-'));
  const mediaDir = await copyMedia(context.mediaTemplate, context.root);
  const options = { scenario, logFile: context.logFile, dataDir, mediaDir, env: mailEnv(peer) };
  let server: SoakServer = await startSoakServer(context.distDir, options);
  try {
    const url = server.url;
    // Four senders outrun the outbox, so messages are waiting for delivery at the kill.
    const trickle = contactTrickle(() => url, 'kill', 50, 4);
    await sleep(2_000);
    context.log('faults: SIGKILL amid contact traffic…');
    await server.kill();
    await trickle.stop();
    const atKill = await readMessages(dataDir);
    const pendingAtKill = atKill.filter((m) => m.artistStatus === 'pending').length;
    server = await startSoakServer(context.distDir, options);
    context.log('faults: restarted on the same folders');
    const drained = await waitForDelivery(dataDir, DELIVERY_TIMEOUT_MS);
    const messages = await readMessages(dataDir);
    const stored = new Set(messages.map((m) => numberOf(m, 'kill')));
    const lost = [...trickle.acknowledged].filter((n) => !stored.has(n)).length;
    const audit = auditDeliveries(messages, peer);
    const served = await send(server.url, '/pt');
    return [
      reported(scenario, 'messages acknowledged before the kill', trickle.acknowledged.size),
      reported(scenario, 'waiting for delivery at the kill', pendingAtKill),
      judged(scenario, 'acknowledged messages lost', lost, '0', lost === 0),
      judged(scenario, 'undelivered after the restart', audit.undelivered, '0', drained && audit.undelivered === 0),
      judged(
        scenario,
        'mails sent again after the kill',
        audit.duplicates,
        '≤ 2 (the mails in flight at the kill, same Message-ID)',
        audit.duplicates <= 2,
      ),
      judged(
        scenario,
        'pages after the restart',
        isAnswer(served) ? served.status : served.error,
        '200',
        isAnswer(served) && served.status === 200,
      ),
    ];
  } finally {
    await server.stop();
    await peer.close();
  }
}

/** Starts a download and holds it after its first chunk; `resume()` reads the rest. */
function heldDownload(base: string, path: string) {
  return new Promise<{ resume: () => Promise<{ bytes: number; complete: boolean; status: number }> }>(
    (resolve, reject) => {
      const request = get(`${base}${path}`, (response) => {
        let bytes = 0;
        const expected = Number(response.headers['content-length'] ?? -1);
        const finished = new Promise<{ bytes: number; complete: boolean; status: number }>((done) => {
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => done({ bytes, complete: bytes === expected, status: response.statusCode ?? 0 }));
          response.on('error', () => done({ bytes, complete: false, status: response.statusCode ?? 0 }));
          response.on('aborted', () => done({ bytes, complete: false, status: response.statusCode ?? 0 }));
        });
        response.once('data', () => {
          response.pause();
          resolve({
            resume: async () => {
              response.resume();
              return finished;
            },
          });
        });
      });
      request.on('error', reject);
    },
  );
}

/** A corrupted, a truncated, an emptied and a removed file: no crash, no 5xx, the rest plays. */
export async function mediaFaults(context: SoakContext): Promise<Row[]> {
  const scenario = 'Faults: audio files';
  const mediaDir = await copyMedia(context.mediaTemplate, context.root);
  // Damaged before the server starts: the index must skip or serve them without harm.
  await writeFile(join(mediaDir, 'Singles', '05-Corrupted.mp3'), garbage(200_000));
  await writeFile(join(mediaDir, 'Singles', '06-Empty.mp3'), '');
  await truncate(join(mediaDir, 'TTMM', '02-A Travessia.wav'), 20_000);
  const server = await startSoakServer(context.distDir, {
    scenario,
    logFile: context.logFile,
    dataDir: await mkdtemp(join(context.root, 'data-')),
    mediaDir,
  });
  const statuses: number[] = [];
  const status = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await send(server.url, path, { headers });
    const code = isAnswer(answer) ? answer.status : 0;
    statuses.push(code);
    return code;
  };
  try {
    const playlist = async (name: string) => {
      const answer = await send(server.url, '/graphql', {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ query: `query { playlist(playlistName: ${JSON.stringify(name)}) { title url } }` }),
      });
      if (!isAnswer(answer)) return [];
      return (
        (JSON.parse(answer.body) as { data?: { playlist?: { title: string; url: string }[] } }).data?.playlist ?? []
      );
    };
    const singles = await playlist('Singles');
    const damagedListed = singles.filter((t) => /Corrupted|Empty/.test(decodeURIComponent(t.url))).length;
    await status(trackPath('TTMM', '02-A Travessia.wav'));
    await status(trackPath('TTMM', '02-A Travessia.wav'), { range: 'bytes=50000-60000' });
    await status(trackPath('Singles', '05-Corrupted.mp3'));

    // Removed while it streams: the download was already open on the file.
    const [removedFile, cutFile] = LONG_TRACKS;
    context.log('faults: removing and cutting audio files while they stream…');
    const removed = await heldDownload(server.url, trackPath(LONG_PLAYLIST, removedFile));
    const cut = await heldDownload(server.url, trackPath(LONG_PLAYLIST, cutFile));
    await unlink(join(mediaDir, LONG_PLAYLIST, removedFile));
    await truncate(join(mediaDir, LONG_PLAYLIST, cutFile), 1_000_000);
    const removedResult = await removed.resume();
    const cutResult = await cut.resume();
    // Emptied after indexing: the index still lists it with its old size.
    await truncate(join(mediaDir, 'Cocktail Nº1', '01-Primeiro Gole.wav'), 0);
    const afterRemoval = await status(trackPath(LONG_PLAYLIST, removedFile));
    await status(`/media-covers/${encodeURIComponent(LONG_PLAYLIST)}/${encodeURIComponent(removedFile)}`);
    await status(trackPath(LONG_PLAYLIST, cutFile), { range: 'bytes=2000000-' });
    await status(trackPath('Cocktail Nº1', '01-Primeiro Gole.wav'), { range: 'bytes=0-1023' });
    await status('/media-covers/Cocktail%20N%C2%BA1/01-Primeiro%20Gole.wav');

    // Every other track still plays, in full.
    const others = [...(await playlist('TTMM')), ...(await playlist('Cocktail Nº2')), ...singles].filter(
      (track) => !/Long|Travessia/.test(decodeURIComponent(track.url)),
    );
    let playing = 0;
    for (const track of others) {
      const answer = await send(server.url, track.url);
      if (isAnswer(answer) && answer.status === 200 && answer.body.length > 0) playing += 1;
    }
    const health = await status('/healthz');
    const fiveHundreds = statuses.filter((code) => code >= 500 || code === 0).length;
    return [
      judged(
        scenario,
        'corrupted and empty files listed as tracks',
        damagedListed,
        '0 (skipped, logged)',
        damagedListed === 0,
        false,
      ),
      reported(
        scenario,
        'download of a file removed mid-stream',
        `${removedResult.bytes} bytes, ${removedResult.complete ? 'complete' : 'cut short'}`,
      ),
      reported(
        scenario,
        'download of a file cut short mid-stream',
        `${cutResult.bytes} bytes, ${cutResult.complete ? 'complete' : 'ended early'}`,
      ),
      judged(scenario, 'the removed file afterwards', afterRemoval, '404', afterRemoval === 404, false),
      judged(scenario, '5xx or no answer on damaged files', fiveHundreds, '0', fiveHundreds === 0),
      judged(
        scenario,
        'other tracks playing in full',
        `${playing} of ${others.length}`,
        'all',
        playing === others.length && others.length > 0,
      ),
      judged(
        scenario,
        'server alive',
        server.alive() && health === 200 ? 'yes' : 'no',
        'yes',
        server.alive() && health === 200,
      ),
    ];
  } finally {
    await server.stop();
  }
}

/** The unprivileged user a root soak runs the server as, so permissions mean something. */
const NOBODY = 65_534;

/**
 * The data folder unwritable: at start, the server still serves pages and music and answers
 * contact with 503; once the folder is writable, contact works again without a restart.
 *
 * Root ignores permissions, so when the soak runs as root it runs this server as `nobody`
 * in folders it gives to `nobody`; otherwise it simply changes the folder's mode.
 */
export async function readOnlyDataFolder(context: SoakContext): Promise<Row[]> {
  const scenario = 'Faults: read-only data';
  const asRoot = process.getuid?.() === 0;
  const peer = await startSmtpPeer();
  const dataDir = await mkdtemp(join(context.root, 'data-'));
  if (asRoot) await chown(dataDir, NOBODY, NOBODY);
  await chmod(dataDir, 0o555);
  const server = await startSoakServer(context.distDir, {
    scenario,
    logFile: context.logFile,
    dataDir,
    mediaDir: await copyMedia(context.mediaTemplate, context.root),
    env: mailEnv(peer),
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  try {
    const contact = (number: number) =>
      send(server.url, '/api/send-email', { method: 'POST', headers: JSON_HEADERS, body: contactBody('ro', number) });
    const refused = await contact(1);
    const page = await send(server.url, '/pt');
    const graphql = await send(server.url, '/graphql', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ query: 'query { playlist(playlistName: "TTMM") { url } }' }),
    });
    const audio = await send(server.url, trackPath('TTMM', '01-O Chamado.wav'), { headers: { range: 'bytes=0-1023' } });
    const refusedStatus = isAnswer(refused) ? refused.status : 0;
    const refusedBody = isAnswer(refused) ? refused.body : '';
    const clear =
      /"success":false/.test(refusedBody) && /try again/i.test(refusedBody) && !refusedBody.includes(context.root);
    const servesRest =
      isAnswer(page) &&
      page.status === 200 &&
      isAnswer(graphql) &&
      graphql.status === 200 &&
      graphql.body.includes('/media/') &&
      isAnswer(audio) &&
      audio.status === 206;

    context.log('faults: data folder writable again…');
    await chmod(dataDir, 0o755);
    const accepted = await contact(2);
    const acceptedStatus = isAnswer(accepted) ? accepted.status : 0;
    const deadline = Date.now() + 15_000;
    while (!peer.received.some((mail) => mail.recipients.includes(ARTIST)) && Date.now() < deadline) await sleep(100);
    const delivered = peer.received.filter((mail) => mail.recipients.includes(ARTIST)).length;

    // Made read-only again while the database is open: SQLite keeps writing through the
    // files it holds open, so messages are still stored (reported, not judged).
    await chmod(dataDir, 0o555);
    const whileOpen = await contact(3);
    await chmod(dataDir, 0o755);
    return [
      reported(scenario, 'how', asRoot ? 'server run as nobody (uid 65534), folder mode 555' : 'folder mode 555'),
      judged(
        scenario,
        'contact while unwritable',
        `${refusedStatus} ${refusedBody.slice(0, 60)}…`,
        '503, JSON, no path',
        refusedStatus === 503 && clear,
      ),
      judged(
        scenario,
        'pages, GraphQL, audio meanwhile',
        servesRest ? '200 · 200 · 206' : 'failed',
        '200 · 200 · 206',
        servesRest,
      ),
      judged(
        scenario,
        'contact once writable (no restart)',
        `${acceptedStatus}, ${delivered} mail delivered`,
        '202, delivered',
        acceptedStatus === 202 && delivered === 1,
      ),
      reported(
        scenario,
        'contact after read-only again, db open',
        isAnswer(whileOpen) ? whileOpen.status : whileOpen.error,
      ),
    ];
  } finally {
    await chmod(dataDir, 0o755);
    await server.stop();
    await peer.close();
  }
}
