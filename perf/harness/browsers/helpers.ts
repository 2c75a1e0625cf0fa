/**
 * The helper programs an engine needs beside it (a sound server, a display): each started in
 * its own temporary folder and stopped with it, so a run leaves nothing behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A started program, and how to stop it. */
export interface Helper {
  stop(): Promise<void>;
}

/** Fails with the apt package to install when a program of a Debian package is missing. */
export function requireProgram(path: string, aptPackage: string, what: string): void {
  if (!existsSync(path)) {
    throw new Error(
      `${what} was not found at ${path}. Install it with ` +
        `\`sudo apt-get update && sudo apt-get install -y ${aptPackage}\`.`,
    );
  }
}

/** Stops a child and waits for it to be gone (SIGKILL if it ignores SIGTERM for 5 s). */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Polls `ready` until it holds, the child exits, or `timeoutMs` passes. */
export async function waitReady(
  child: ChildProcess,
  what: string,
  ready: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2_000)));
  while (!(await ready())) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs} ms: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A private PulseAudio with a null sink: without an audio device Firefox fails every play with
 * a media error, and the machines that run the tests have none. Its socket is given to the
 * engine alone (`PULSE_SERVER`), never to the rest of the machine.
 */
export async function startPulseAudio(): Promise<Helper & { server: string }> {
  requireProgram('/usr/bin/pulseaudio', 'pulseaudio', 'PulseAudio');
  const folder = mkdtempSync(join(tmpdir(), 'e2e-pulse-'));
  const socket = join(folder, 'pulse.sock');
  const child = spawn(
    '/usr/bin/pulseaudio',
    [
      '-n',
      '--daemonize=no',
      '--exit-idle-time=-1',
      '--use-pid-file=no',
      '--disable-shm=yes',
      '--log-level=error',
      '--load=module-null-sink sink_name=e2e',
      `--load=module-native-protocol-unix socket=${socket} auth-anonymous=1`,
    ],
    { env: { PATH: process.env['PATH'], HOME: folder, XDG_RUNTIME_DIR: folder }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await waitReady(child, 'PulseAudio', () => existsSync(socket));
  return {
    server: `unix:${socket}`,
    async stop() {
      await stopChild(child);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** An X server in memory on a free display, for an engine that has no headless mode. */
export async function startXvfb(): Promise<Helper & { display: string }> {
  requireProgram('/usr/bin/Xvfb', 'xvfb', 'Xvfb');
  // -displayfd: Xvfb picks a free display itself and writes its number on fd 3.
  const child = spawn('/usr/bin/Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let written = '';
  child.stdio[3]?.on('data', (chunk: Buffer) => (written += chunk.toString()));
  await waitReady(child, 'Xvfb', () => written.includes('\n'));
  return { display: `:${written.trim()}`, stop: () => stopChild(child) };
}
