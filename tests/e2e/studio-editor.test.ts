/**
 * The studio editor in Chromium on a phone, against the real content backend on a copy of the
 * project in its own Git repository: a poem with line breaks and a video from a pasted link,
 * saved through the forms, land in the files. The studio's sign-in is another part: here a
 * test hook sets `request.studioPerson`, as its session check does. Runs once the content
 * backend (`server/routes/studio-content.ts`) is in the tree.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../unit/content/project-copy.ts';
import { PHONE, useBrowser } from './browser.ts';
import { buildEditorHarness } from './studio-editor/build-harness.ts';

const CONTENT_ROUTES = new URL('../../server/routes/studio-content.ts', import.meta.url).pathname;

describe.skipIf(!existsSync(CONTENT_ROUTES))('the studio editor', () => {
  const browser = useBrowser();
  let app: FastifyInstance;
  let root: string;
  let page: string;
  let origin: string;

  beforeAll(async () => {
    page = mkdtempSync(join(tmpdir(), 'studio-editor-'));
    const bytes = await buildEditorHarness(page);
    // Decap is fetched only after sign-in; the page before it carries almost nothing.
    expect(bytes.firstLoad).toBeLessThan(5_000);
    root = copyProject('studio-editor-');
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=t@t.invalid', ...args], { cwd: root });
    git('init', '--quiet', '--initial-branch=main');
    git('add', '--all');
    git('-c', 'commit.gpgsign=false', 'commit', '--quiet', '-m', 'The content as it was');
    const { default: studioContentRoutes } = (await import(CONTENT_ROUTES)) as {
      default: import('fastify').FastifyPluginAsync<{ contentDir: string; mediaFolder: string; maxImageBytes: number }>;
    };
    app = Fastify();
    app.decorateRequest('studioPerson', null);
    // Stands in for the studio's session check (another part of the studio).
    app.addHook('onRequest', async (request) => {
      request.studioPerson = { id: 1, name: 'André' };
    });
    await app.register(studioContentRoutes, {
      prefix: '/studio/api',
      contentDir: join(root, 'content'),
      mediaFolder: 'releases/covers',
      maxImageBytes: 2 * 1024 * 1024,
    });
    await app.register(fastifyStatic, { root: page, prefix: '/studio/' });
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(page, { recursive: true, force: true });
  });

  async function openStudio(hash: string) {
    const context = await browser().newContext({ viewport: PHONE, locale: 'pt-BR' });
    const tab = await context.newPage();
    await tab.goto(`${origin}/studio/${hash}`);
    return tab;
  }

  it('writes a new poem with its line breaks and its date as the site reads it', async () => {
    const tab = await openStudio('#/collections/poems/new');
    await tab.getByLabel('Título').fill('Noite de Teste');
    await tab.locator('input[type=date]').fill('2024-06-21');
    await tab.getByLabel('Poema').fill('linha um\nlinha dois\n\nestrofe dois');
    await tab.getByText('Publicar', { exact: true }).click();
    await tab.getByText('Publicar agora').click();
    const file = join(root, 'content/poems/noite-de-teste.md');
    await expect.poll(() => existsSync(file)).toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/date: '?21\/06\/2024'?/);
    expect(text).toContain('linha um\nlinha dois\n\nestrofe dois');
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('adds a video from a pasted link, keeping only its id', async () => {
    const tab = await openStudio('#/collections/videos/entries/videos');
    await tab.getByRole('button', { name: /Adicionar/ }).click();
    await tab.locator('.studio-video-link input').last().fill('https://youtu.be/dQw4w9WgXcQ?si=abc');
    await expect.poll(() => tab.locator('.studio-video-link output').last().textContent()).toContain('dQw4w9WgXcQ');
    await tab.getByLabel('Título').last().fill('Vídeo colado');
    await tab.getByText('Publicar', { exact: true }).click();
    await tab.getByText('Publicar agora').click();
    const read = () => JSON.parse(readFileSync(join(root, 'content/videos.json'), 'utf8')) as { videos: unknown[] };
    await expect.poll(() => read().videos.at(-1)).toEqual({ id: 'dQw4w9WgXcQ', title: 'Vídeo colado' });
  });
});
