/**
 * The studio's music page end to end in Chromium, through the real passkey sign-in: the artist
 * makes a playlist and uploads a generated WAV master through a proxy that cuts the connection
 * once in the middle; the upload resumes where the server stood and completes, the track shows
 * in the playlist and its renditions are made by the real ffmpeg. A text file called .wav and
 * an empty file are refused with the reason. The artist names a track and attaches it to a
 * single, and sees the song the single's button plays. The page fits a 320 px screen.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../perf/harness/engines.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { UPLOAD_CHUNK_BYTES } from '../../src/lib/studio-music.ts';
import { STUDIO_TEXTS } from '../../studio/texts.ts';
import { MUSIC_TEXTS } from '../../studio/music/texts.ts';
import { axeViolations, useBrowser } from './browser.ts';
import { openStudioPage } from './studio-start.ts';

const run = promisify(execFile);
const browser = useBrowser();
const texts = MUSIC_TEXTS.pt;
const errors = STUDIO_TEXTS.pt.errors;
/** Making the renditions of a half-minute master on a busy two-core machine. */
const RENDER_TIMEOUT_MS = 120_000;

/** A TCP proxy between the browser and the server that can fail on cue, counting what the browser sends. */
interface FaultyProxy {
  server: Server;
  port: number;
  /** Bytes sent from the browser to the server so far, in all. */
  sent: () => number;
  /** Cuts the connection carrying the byte past `bytes` (counted in all), once. */
  cutOnceAfter: (bytes: number) => Promise<void>;
  /** Stops passing on what the connection carrying the byte past `bytes` sends, as a stalled network; resolves then. */
  stallAfter: (bytes: number) => Promise<void>;
}

function faultyProxy(target: number): Promise<FaultyProxy> {
  let sent = 0;
  let fault: { at: number; kind: 'cut' | 'stall'; done: () => void } | null = null;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    let stalled = false;
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (fault && sent > fault.at) {
        const { kind, done } = fault;
        fault = null;
        done();
        if (kind === 'cut') {
          client.destroy();
          upstream.destroy();
          return;
        }
        stalled = true;
      }
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  server.on('close', () => sockets.forEach((socket) => socket.destroy()));
  const arm = (kind: 'cut' | 'stall') => (bytes: number) =>
    new Promise<void>((done) => {
      fault = { at: sent + bytes, kind, done };
    });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      done({ server, port, sent: () => sent, cutOnceAfter: arm('cut'), stallAfter: arm('stall') });
    });
  });
}

let dataDir = '';
let mediaDir = '';
let files = '';
let master = '';
let app: FastifyInstance;
let proxy: FaultyProxy;
let origin = '';
let env: NodeJS.ProcessEnv;
let page: Page;
let pageErrors: string[];
let content: string;
/** The Singles playlist as visitors' players get it, with `fields` of each track. */
const publicSingles = async (fields: string): Promise<unknown> =>
  (
    await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ playlist(playlistName: "Singles") { ${fields} } }` }),
    })
  ).json();
/** The single of the content folder. */
const SINGLE = 'Canção da Noite';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'studio-music-data-'));
  mediaDir = mkdtempSync(join(tmpdir(), 'studio-music-media-'));
  files = mkdtempSync(join(tmpdir(), 'studio-music-files-'));
  // A content folder of its own, with one single whose track is still to be uploaded.
  content = mkdtempSync(join(tmpdir(), 'studio-music-content-'));
  mkdirSync(join(content, 'releases'));
  writeFileSync(
    join(content, 'releases', 'cancao-da-noite.json'),
    JSON.stringify({
      title: SINGLE,
      kind: 'Single',
      released: '2024-05',
      playlist: 'Singles',
      description: { pt: 'Um single.', en: 'A single.', es: 'Un sencillo.' },
    }),
  );
  // 30 s of 24-bit stereo at 48 kHz: about 8.6 MB, two chunks.
  master = join(files, 'Canção de teste.wav');
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=30',
    '-ac',
    '2',
    '-ar',
    '48000',
    '-c:a',
    'pcm_s24le',
    master,
  ]);
  const port = await freePort();
  proxy = await faultyProxy(port);
  origin = `http://localhost:${proxy.port}`;
  env = {
    ...process.env,
    PORT: String(port),
    STUDIO_ORIGIN: origin,
    DIST_DIR: resolve('dist'),
    STUDIO_DIR: resolve('dist-studio'),
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    CONTENT_DIR: content,
    FFMPEG_PATH: 'ffmpeg',
    LOG_LEVEL: 'silent',
  };
  app = await buildApp(loadConfig(env), { watchMedia: false });
  await app.listen({ host: '127.0.0.1', port });
  ({ page, errors: pageErrors } = await openStudioPage(browser()));
}, 60_000);

afterAll(async () => {
  await page.context().close();
  proxy.server.close();
  await app.close();
  for (const folder of [dataDir, mediaDir, files, content])
    if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the music page', { timeout: RENDER_TIMEOUT_MS * 2 }, () => {
  it('lets the invited artist in and makes a playlist', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', 'scripts/studio.ts', 'invite', 'André'],
      { env },
    );
    // The invitation opens the music page straight away: this content folder holds one release
    // and none of the site's other files, which the editor expects.
    const link = (/^http\S+#invitation=\S+$/m.exec(stdout)?.[0] ?? '').replace('/studio/#', '/studio/music#');
    await page.goto(link);
    await page.getByRole('button', { name: STUDIO_TEXTS.pt.createPasskey }).click();
    await page.getByText('Conectado como André').waitFor();
    await page.getByLabel(texts.newPlaylistLabel).fill('Singles');
    await page.getByRole('button', { name: texts.create }).click();
    await page.getByRole('heading', { name: 'Singles', level: 2 }).waitFor();
    expect(statSync(join(mediaDir, 'Singles')).isDirectory()).toBe(true);
  });

  it('uploads a master through a dropped connection: it resumes, lands, and its renditions are made', async () => {
    const size = statSync(master).size;
    const before = proxy.sent();
    // The cut comes in the middle of the second chunk, once the first is stored.
    const cut = proxy.cutOnceAfter(UPLOAD_CHUNK_BYTES + 1_000_000);
    await page.getByLabel('Enviar músicas para Singles').setInputFiles(master);
    await cut;
    await page.locator('.upload[data-state=done]', { hasText: 'Canção de teste.wav' }).waitFor({ timeout: 60_000 });
    // The upload went on from where the server stood rather than from the start: far less
    // than twice the file crossed the proxy.
    expect(proxy.sent() - before).toBeLessThan(size * 1.5);
    expect(readdirSync(join(mediaDir, 'Singles'))).toEqual(['Canção de teste.wav']);
    expect(statSync(join(mediaDir, 'Singles', 'Canção de teste.wav')).size).toBe(size);
    await expect.poll(() => readdirSync(join(dataDir, 'uploads'))).toEqual([]);

    const track = page.locator('.track', { hasText: 'Canção de teste.wav' });
    await track.waitFor();
    // Drawn again by the server's events as the renditions are made, without a reload.
    await track.locator('.state', { hasText: texts.ready }).waitFor({ timeout: RENDER_TIMEOUT_MS });
    await track.locator('svg.waveform').waitFor();
    await expect.poll(() => track.textContent()).toContain('LUFS');
  });

  it('resumes a master chosen again after the page was reloaded in the middle of its upload', async () => {
    const second = join(files, 'Segunda.wav');
    await run('cp', [master, second]);
    const size = statSync(second).size;
    const stalled = proxy.stallAfter(UPLOAD_CHUNK_BYTES + 500_000);
    await page.getByLabel('Enviar músicas para Singles').setInputFiles(second);
    await stalled;
    await page.reload();
    const before = proxy.sent();
    await page.getByLabel('Enviar músicas para Singles').setInputFiles(second);
    await page.locator('.upload[data-state=done]', { hasText: 'Segunda.wav' }).waitFor({ timeout: 60_000 });
    // Only what the server had not stored was sent again: not the first chunk.
    expect(proxy.sent() - before).toBeLessThan(size - UPLOAD_CHUNK_BYTES + 1_000_000);
    expect(statSync(join(mediaDir, 'Singles', 'Segunda.wav')).size).toBe(size);
    await run('rm', [join(mediaDir, 'Singles', 'Segunda.wav')]);
    await app.library.rescan();
  });

  it('refuses a text file called .wav and an empty file, with the reason', async () => {
    mkdirSync(join(files, 'refused'), { recursive: true });
    await page.getByLabel('Enviar músicas para Singles').setInputFiles([
      { name: 'letra.wav', mimeType: 'audio/wav', buffer: Buffer.from('Uma letra, não uma canção.\n'.repeat(50)) },
      { name: 'vazio.wav', mimeType: 'audio/wav', buffer: Buffer.alloc(0) },
    ]);
    await page.locator('.upload', { hasText: errors.UPLOAD_NOT_AUDIO }).waitFor();
    await page.locator('.upload', { hasText: errors.UPLOAD_EMPTY }).waitFor();
    expect(readdirSync(join(mediaDir, 'Singles'))).toEqual(['Canção de teste.wav']);
  });

  it('orders the tracks with the keyboard, keeping the focus on the moved track, and the trash gives one back', async () => {
    // A second track, put in the folder by hand: the server's events draw it without a reload.
    const copied = join(mediaDir, 'Singles', '0-Abertura.wav');
    await run('cp', [master, copied]);
    await app.library.rescan();
    // Each track by the title listeners see (no number before it), its file's name under it.
    const names = () => page.locator('.track h3').allTextContents();
    await expect.poll(names).toEqual(['Abertura', 'Canção de teste']);
    expect(await page.locator('.track .file-name').allTextContents()).toEqual(
      ['0-Abertura.wav', 'Canção de teste.wav'].map((file) => texts.fileDetail.replace('{file}', file)),
    );

    const down = page.getByRole('button', { name: texts.moveDown.replace('{name}', 'Abertura') });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['Canção de teste', 'Abertura']);
    // At the bottom it cannot go down: the focus is on its other move button, still on the same track.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(texts.moveUp.replace('{name}', 'Abertura'));
    const listed = await publicSingles('title');
    expect(listed).toMatchObject({ data: { playlist: [{ title: 'Canção de teste' }, { title: '0-Abertura' }] } });

    await page.getByRole('button', { name: `${texts.remove}: Abertura` }).click();
    await expect.poll(names).toEqual(['Canção de teste']);
    await page.getByRole('button', { name: texts.restore.replace('{name}', '0-Abertura.wav') }).click();
    await expect.poll(names).toEqual(['Canção de teste', 'Abertura']);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('names a track, attaches another to the single, and shows the song the single’s button plays', async () => {
    const names = () => page.locator('.track h3').allTextContents();
    const single = page.locator('.release-plays li[data-release="cancao-da-noite"]');
    // No track has the single's title yet: its button would play another song, and the page says so.
    await expect.poll(() => single.getAttribute('data-found')).toBe('false');
    await expect.poll(() => single.textContent()).toContain('“Canção de teste”');

    // A hostile title is only text.
    const first = page.locator('.track').first();
    await first.getByLabel(texts.titleLabel).fill('  <b>Primeira</b>   canção ');
    await first.getByRole('button', { name: texts.saveTitle }).click();
    await expect.poll(names).toEqual(['<b>Primeira</b> canção', 'Abertura']);
    expect(await page.locator('.track h3 b').count()).toBe(0);

    const second = page.locator('.track').nth(1);
    await second.getByLabel(texts.releaseLabel).selectOption({ label: `${SINGLE} (Single)` });
    await second.getByRole('button', { name: texts.attach }).click();
    await expect.poll(names).toEqual(['<b>Primeira</b> canção', SINGLE]);
    await expect.poll(() => single.getAttribute('data-found')).toBe('true');
    expect(await single.textContent()).toBe(
      texts.buttonPlays.replace('{release}', SINGLE).replace('{kind}', 'Single').replace('{tracks}', `“${SINGLE}”`),
    );
    // Visitors get the titles the artist gave.
    const listed = await publicSingles('title file');
    expect(listed).toMatchObject({
      data: {
        playlist: [
          { title: '<b>Primeira</b> canção', file: 'Canção de teste.wav' },
          { title: SINGLE, file: '0-Abertura.wav' },
        ],
      },
    });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('fits a 320 px screen', async () => {
    await page.setViewportSize({ width: 320, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Every control of the music page is a 44 px target at least.
    const small = await page.evaluate(
      () =>
        [...document.querySelectorAll('.section button, .section .upload-button, .section input[type=text]')]
          .map((control) => control.getBoundingClientRect())
          .filter((box) => box.height < 44 || box.width < 44).length,
    );
    expect(small).toBe(0);
    await page.screenshot({ path: join(tmpdir(), 'studio-music-320.png'), fullPage: true });
    expect(pageErrors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
  });
});
