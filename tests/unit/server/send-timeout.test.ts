/**
 * A client that asks for a large file and then reads nothing holds a socket and an open file
 * until the server gives up on it: on a real port, the connection is closed and the file
 * released once nothing could be sent for SEND_TIMEOUT_MS, while a slow reader that keeps
 * reading is served to the end.
 */
import { mkdirSync, readdirSync, readFileSync, readlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../../scripts/demo-media/wav.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';

const SEND_TIMEOUT_MS = 1000;
/** Far more than the kernel buffers on both sides of a loopback connection hold. */
const DATA_BYTES = 96 * 1024 * 1024;
/** What the slow client reads at a time. */
const SIP_BYTES = 4 * 1024 * 1024;

let site: FixtureSite;
let app: FastifyInstance;
let port: number;
let path: string;
const sockets: Socket[] = [];

/** A long WAV of silence, written sparse so it costs no disk. */
function writeLongWav(file: string): void {
  const header = encodeWav(new Float32Array(0));
  // With no samples, the header ends with the data chunk's (zero) length.
  header.writeUInt32LE(DATA_BYTES, header.length - 4);
  header.writeUInt32LE(header.length - 8 + DATA_BYTES, 4);
  writeFileSync(file, header);
  truncateSync(file, header.length + DATA_BYTES);
}

beforeAll(async () => {
  site = createFixtureSite();
  mkdirSync(join(site.mediaDir, 'Singles'));
  path = join(site.mediaDir, 'Singles', '01-Long.wav');
  writeLongWav(path);
  app = await buildTestApp(site, { SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await app.close();
  site.cleanup();
});

/** True while this process has the long file open. */
const fileIsOpen = () =>
  readdirSync('/proc/self/fd').some((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false;
    }
  });

const connections = () =>
  new Promise<number>((resolve, reject) =>
    app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** Resolves once `condition` holds, checking every 50 ms; rejects after `ms`. */
async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > ms) throw new Error(`${what}: still not so after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

function request(): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.write('GET /media/Singles/01-Long.wav HTTP/1.1\r\nHost: localhost\r\n\r\n');
  sockets.push(socket);
  return socket;
}

describe('a client that stops reading', { timeout: 30_000 }, () => {
  it('is disconnected, and the file closed, once nothing could be sent for the send timeout', async () => {
    const socket = request();
    socket.pause();
    await until(fileIsOpen, 5000, 'the file is open');
    const closedAfter = await until(
      async () => !fileIsOpen() && (await connections()) === 0,
      SEND_TIMEOUT_MS * 8,
      'the connection is closed and the file released',
    );
    expect(closedAfter).toBeLessThan(SEND_TIMEOUT_MS * 8);
  });

  it('but a client that keeps reading, with pauses shorter than the timeout, gets the whole file', async () => {
    const socket = request();
    let received = 0;
    let budget = 0;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      budget -= chunk.length;
      if (budget <= 0) socket.pause();
    });
    socket.pause();
    // A sip every quarter of the timeout, for three timeouts' time. Each sip is large: Linux
    // wakes a writer only once a good part of its send buffer (megabytes on loopback) is free.
    const sips = setInterval(() => {
      budget = SIP_BYTES;
      socket.resume();
    }, SEND_TIMEOUT_MS / 4);
    const slowUntil = Date.now() + SEND_TIMEOUT_MS * 3;
    await until(() => Date.now() > slowUntil, SEND_TIMEOUT_MS * 4, 'slow reading');
    clearInterval(sips);
    expect(received).toBeLessThan(DATA_BYTES * 0.75);
    budget = Infinity;
    socket.resume();
    await until(() => received >= DATA_BYTES, 20_000, 'the whole file arrived');
  });
});

/** Bytes this process has read from files and sockets so far. */
const bytesRead = () => Number(/^rchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1]);

describe('HEAD of a large file', () => {
  it('says its length without reading it', async () => {
    const before = bytesRead();
    const response = await app.inject({ method: 'HEAD', url: '/media/Singles/01-Long.wav' });
    // Whatever reading there is ends with the file closed.
    await until(() => !fileIsOpen(), 5000, 'the file is closed');
    const read = bytesRead() - before;
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['content-length'])).toBeGreaterThan(DATA_BYTES);
    expect(response.body).toBe('');
    expect(read).toBeLessThan(1_000_000);
  });
});
