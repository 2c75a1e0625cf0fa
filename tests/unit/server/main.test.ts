/** The real server process: it starts, answers, and closes cleanly on SIGTERM. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FFMPEG_INSTALL_HINT } from '../../../server/services/renditions/ffmpeg.ts';
import { createFixtureSite } from './fixture-site.ts';
import { createMediaFolder } from './media-fixture.ts';

let child: ChildProcess | undefined;
let cleanup = () => {};
afterEach(() => {
  child?.kill('SIGKILL');
  cleanup();
});

/** Starts `server/main.ts` with the given environment and collects what it prints. */
function start(env: Record<string, string>) {
  child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  const output = { text: '' };
  child.stdout?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  return { process: child, output };
}

async function exitCode(process: ChildProcess): Promise<number | null> {
  const [code] = (await once(process, 'exit')) as [number | null];
  return code;
}

describe('server/main.ts', () => {
  it('listens, serves, and exits 0 on SIGTERM', { timeout: 20_000 }, async () => {
    const fixture = createFixtureSite();
    cleanup = fixture.cleanup;
    const server = start({
      DIST_DIR: fixture.dir,
      MEDIA_DIR: fixture.mediaDir,
      DATA_DIR: fixture.dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
    await expect
      .poll(() => /listening at (http:\/\/[\d.:]+)/.exec(server.output.text)?.[1], { timeout: 10_000 })
      .toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const url = /listening at (http:\/\/[\d.:]+)/.exec(server.output.text)?.[1] ?? '';
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    // A mail's leave link holds the fan's secret: the log keeps its path, never its query.
    const secret = 'a-fans-link-secret-0123456789';
    expect((await fetch(`${url}/pt/fans/leave?t=${secret}`, { method: 'POST' })).status).toBe(200);

    server.process.kill('SIGTERM');
    expect(await exitCode(server.process)).toBe(0);
    // Logs are structured: one JSON object per line.
    for (const line of server.output.text.trim().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(server.output.text).toContain('"signal":"SIGTERM"');
    expect(server.output.text).toContain('"url":"/pt/fans/leave"');
    expect(server.output.text).not.toContain(secret);
  });

  it(
    'works without ffmpeg on the PATH: one warning naming the install command, the originals served',
    { timeout: 20_000 },
    async () => {
      const fixture = createFixtureSite();
      const media = await createMediaFolder();
      cleanup = () => {
        fixture.cleanup();
        media.cleanup();
      };
      const server = start({
        DIST_DIR: fixture.dir,
        MEDIA_DIR: media.dir,
        DATA_DIR: fixture.dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        // Only node's own folder: no ffmpeg anywhere on it.
        PATH: dirname(process.execPath),
      });
      await expect
        .poll(() => /listening at (http:\/\/[\d.:]+)/.exec(server.output.text)?.[1], { timeout: 10_000 })
        .toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const url = /listening at (http:\/\/[\d.:]+)/.exec(server.output.text)?.[1] ?? '';
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ playlist(playlistName: "Singles") { url sources { url } } }' }),
      });
      const { data } = (await response.json()) as { data: { playlist: { url: string; sources: unknown[] }[] } };
      expect(data.playlist[0]).toEqual({
        url: expect.stringMatching(/^\/media\/Singles\/01-Estranho\.wav\?v=/) as unknown,
        sources: [],
      });
      expect((await fetch(new URL(data.playlist[0]?.url ?? '', url))).status).toBe(200);
      expect(server.output.text.split(FFMPEG_INSTALL_HINT)).toHaveLength(2);
    },
  );

  it('refuses to start with a bad variable, naming it', { timeout: 20_000 }, async () => {
    const server = start({ PORT: 'not-a-port' });
    expect(await exitCode(server.process)).toBe(1);
    expect(server.output.text).toMatch(/Invalid configuration:\s+PORT:/);
    expect(server.output.text).not.toMatch(/\n\s+at /);
  });

  it('refuses to start without a build, saying what to run', { timeout: 20_000 }, async () => {
    const server = start({ DIST_DIR: '/nonexistent/dist', PORT: '0' });
    expect(await exitCode(server.process)).toBe(1);
    expect(server.output.text).toContain('run `npm run build` first');
  });
});
