/**
 * Real PostgreSQL and Redis servers for the tests, from Debian's packages (`.ci/run` installs
 * them): each started on a free loopback port in a temporary folder, and stopped after.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const INSTALL_HINT = 'sudo apt-get update && sudo apt-get install -y postgresql redis-server';

/** A free TCP port on 127.0.0.1 (free when asked; taken by the caller right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Resolves once something accepts connections on the port, or rejects after `timeoutMs`;
 * `whyExited` adds what the process said (its error log) when it stops while starting.
 */
export async function waitForPort(
  port: number,
  timeoutMs: number,
  process: ChildProcess,
  name: string,
  whyExited: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (process.exitCode !== null) {
      throw new Error(`${name} exited with code ${process.exitCode} while starting${whyExited()}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${name} did not accept connections on port ${port} in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once PostgreSQL answers a query (it listens before it has finished starting). */
async function waitForQueries(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** The uid/gid to run PostgreSQL as: ours, unless we are root. */
function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const found = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (found.status !== 0) throw new Error(`No postgres system user to run PostgreSQL as. Install it: ${INSTALL_HINT}`);
  return { uid: Number(found.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Debian's PostgreSQL server programs (the newest major installed). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const [newest] = versions;
  if (!newest) throw new Error(`PostgreSQL is not installed. Install it: ${INSTALL_HINT}`);
  return join(root, newest, 'bin');
}

export interface PostgresServer {
  port: number;
  /** A URL for a new, empty database on this server. */
  createDatabase(): Promise<string>;
  /** Stops the server (fast shutdown); `start` brings it back on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Initialises a cluster in a temporary folder and starts PostgreSQL on a free port. */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBin();
  const user = postgresUser();
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const dataDir = join(dir, 'data');
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'site', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'],
    { ...asUser, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  let child: ChildProcess;
  const start = async () => {
    child = spawn(
      join(bin, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
      { ...asUser, stdio: 'ignore' },
    );
    await waitForPort(port, 20_000, child, 'PostgreSQL');
    await waitForQueries(adminUrl, 20_000);
  };
  let databases = 0;
  const adminUrl = `postgres://site@127.0.0.1:${port}/postgres`;
  await start();

  return {
    port,
    async createDatabase() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      const name = `test_${process.pid}_${(databases += 1)}`;
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return `postgres://site@127.0.0.1:${port}/${name}`;
    },
    stop: () => stopProcess(child, 'SIGINT'),
    start,
    async close() {
      await stopProcess(child, 'SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Starts Debian's redis-server on a free port, keeping nothing on disk. */
export async function startRedis(): Promise<RedisServer> {
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
  if (!binary) throw new Error(`redis-server is not installed. Install it: ${INSTALL_HINT}`);
  const dir = mkdtempSync(join(tmpdir(), 'redis-test-'));
  const port = await freePort();
  let child: ChildProcess;
  const start = async () => {
    child = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    await waitForPort(port, 10_000, child, 'Redis');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => stopProcess(child, 'SIGTERM'),
    start,
    async close() {
      await stopProcess(child, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
