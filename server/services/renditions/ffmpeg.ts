/**
 * Runs Debian's ffmpeg: `spawn` with the arguments as an array, never a shell string (file
 * names come from the artist and may hold any character). `fluent-ffmpeg` is archived and
 * misreads current ffmpeg versions, so this small wrapper is all the project uses.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { Readable } from 'node:stream';

/** The command that installs ffmpeg on the Debian machines this site runs on. */
export const FFMPEG_INSTALL_HINT = 'sudo apt-get update && sudo apt-get install -y ffmpeg';

/** How much of ffmpeg's stderr is kept: its summaries and errors are at the end. */
const STDERR_TAIL_BYTES = 16 * 1024;

export interface FfmpegRun {
  /** The last part of what ffmpeg wrote on stderr (its logs, the ebur128 summary). */
  stderr: string;
}

export interface RunOptions {
  /** Reads ffmpeg's stdout (e.g. raw samples) while it runs. */
  onStdout?: (stdout: Readable) => void;
  /**
   * Kills ffmpeg (the server is closing, the job ran out of time, its master changed); the
   * run rejects once the process has ended, so its output file can be deleted for good.
   */
  signal?: AbortSignal | undefined;
}

/** Listeners come first: ffmpeg runs at the lowest CPU priority the server may give it. */
const BACKGROUND_PRIORITY = 19;

/** Arguments every run starts with: no banner, no stdin, no progress lines, and errors only. */
const QUIET = ['-hide_banner', '-nostdin', '-nostats'];

/**
 * Runs ffmpeg with `args` and resolves when it exits with 0; rejects otherwise with an error
 * whose message is ffmpeg's last log line (for the server's log, never for a client).
 */
export function runFfmpeg(binary: string, args: readonly string[], options: RunOptions = {}): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [...QUIET, ...args], {
      stdio: ['ignore', options.onStdout ? 'pipe' : 'ignore', 'pipe'],
    });
    // SIGKILL, not spawn's `signal` option: that one rejects before the process has ended, and
    // an ffmpeg stuck in a read may ignore SIGTERM.
    const { signal } = options;
    const kill = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', kill, { once: true });
    if (signal?.aborted) kill();
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, BACKGROUND_PRIORITY);
      } catch {
        // Not allowed here (some containers): it runs at normal priority.
      }
    }
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    if (options.onStdout && child.stdout) options.onStdout(child.stdout);
    child.once('error', (error) => {
      signal?.removeEventListener('abort', kill);
      reject(error);
    });
    child.once('close', (code, killedBy) => {
      signal?.removeEventListener('abort', kill);
      if (signal?.aborted) {
        reject(new Error('ffmpeg was stopped', { cause: signal.reason }));
        return;
      }
      if (code === 0) {
        resolve({ stderr });
        return;
      }
      const lastLine = stderr.trim().split('\n').pop()?.trim() || `exited with ${killedBy ?? `code ${code}`}`;
      reject(new Error(`ffmpeg failed: ${lastLine}`));
    });
  });
}

/**
 * True when `binary` runs and has the encoders the renditions need (libopus and the native
 * aac); false when it is missing or lacks one.
 */
export async function hasUsableFfmpeg(binary: string): Promise<boolean> {
  let encoders = '';
  try {
    await runFfmpeg(binary, ['-loglevel', 'error', '-encoders'], {
      onStdout: (stdout) => {
        stdout.setEncoding('utf8');
        stdout.on('data', (chunk: string) => (encoders += chunk));
      },
    });
  } catch {
    return false;
  }
  return /\blibopus\b/.test(encoders) && /^\s*A\S*\s+aac\s/m.test(encoders);
}
