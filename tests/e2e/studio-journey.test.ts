/**
 * The artist's studio end to end, as he uses it on his phone: invited by `npm run studio`, he
 * creates a passkey, adds a poem, a video from a pasted link, a release with its cover and a
 * track's lyrics through the editor's forms, and the real build publishes them to the public
 * pages in three languages; a file's history restores an earlier version; a refused edit names
 * its field and writes nothing; a failed build leaves the live site as it was. The real app runs
 * on a copy of the project in its own Git repository (perf/harness/studio-app.ts), so its saves,
 * commits and builds touch only the copy.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudioApp, type StudioApp } from '../../perf/harness/studio-app.ts';
import { openPage, PHONE, useBrowser } from './browser.ts';
import { addPasskeyAuthenticator } from '../../perf/harness/passkeys.ts';
import { callFromStudioPage, getFromStudioPage } from './studio-calls.ts';

const run = promisify(execFile);
const browser = useBrowser();

/** What the artist adds: test fixtures, not his content. */
const POEM = { slug: 'noite-de-teste', title: 'Noite de Teste', text: 'linha um\nlinha dois\n\nestrofe dois' };
const VIDEO = { link: 'https://youtu.be/dQw4w9WgXcQ?si=abc', id: 'dQw4w9WgXcQ', title: 'Vídeo colado' };
const RELEASE = { slug: 'single-de-teste', title: 'Single de Teste', playlist: 'Singles' };
const TRACK = { slug: 'faixa-de-teste', title: 'Faixa de Teste', lyrics: 'um verso de teste\noutro verso' };
/** A build of the copy takes tens of seconds on a busy two-core machine; a few can queue. */
const PUBLISH_TIMEOUT_MS = 240_000;

let studio: StudioApp;
let copy = '';
let origin = '';
let page: Page;
let errors: string[];

const contentFile = (path: string) => join(studio.dirs.content, path);
const commits = () => execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: copy, encoding: 'utf8' }).trim();

beforeAll(async () => {
  // No renditions: the journey adds no music.
  studio = await startStudioApp({
    prefix: 'studio-journey-',
    env: { FFMPEG_PATH: '/nonexistent/ffmpeg' },
    watchMedia: false,
  });
  ({ origin } = studio);
  copy = studio.dirs.project;
  const opened = await openPage(browser(), { viewport: PHONE, locale: 'pt-BR' });
  page = opened.page;
  errors = opened.problems.errors;
  await addPasskeyAuthenticator(page);
}, 60_000);

afterAll(async () => {
  await page.context().close();
  await studio.close();
});

/** Opens a page of the editor and waits for its form or list. */
async function openEditor(hash: string): Promise<void> {
  // A new document each time, as a link the artist opens: only its hash would differ.
  await page.goto('about:blank');
  await page.goto(`${origin}/studio/${hash}`);
  await page.getByText('Conectado como André').waitFor();
}

/**
 * Saves the open entry as Decap's simple mode does: "Salvar", then "Salvar agora". Only the
 * studio's bar speaks of publishing: no button of the form says "Publicar".
 */
async function saveEntry(): Promise<void> {
  const save = page.getByRole('button', { name: 'Salvar', exact: true });
  await save.click();
  expect(await page.getByRole('button', { name: 'Publicar', exact: true }).count()).toBe(0);
  await page.getByText('Salvar agora', { exact: true }).click();
}

/** The public page at `path` once a build has published it with every one of `texts` on it. */
async function publishedWith(path: string, ...texts: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const body = await (await fetch(`${origin}${path}`)).text();
        return texts.filter((text) => !body.includes(text));
      },
      { timeout: PUBLISH_TIMEOUT_MS, interval: 1000 },
    )
    .toEqual([]);
}

describe('the artist’s studio on a phone', { timeout: PUBLISH_TIMEOUT_MS * 2 }, () => {
  it('lets the invited artist in with a passkey he creates', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', 'scripts/studio.ts', 'invite', 'André'],
      { env: studio.env },
    );
    const link = /^http\S+#invitation=\S+$/m.exec(stdout)?.[0] ?? '';
    await page.goto(link);
    await page.getByRole('button', { name: 'Criar a minha chave de acesso' }).click();
    await page.getByText('Conectado como André').waitFor();
    await page.getByRole('link', { name: 'Poemas' }).waitFor();
  });

  it('writes a new poem with its line breaks, and its date as the site reads it', async () => {
    await openEditor('#/collections/poems/new');
    await page.getByLabel('Título').fill(POEM.title);
    await page.locator('input[type=date]').fill('2024-06-21');
    await page.getByLabel('Poema').fill(POEM.text);
    await saveEntry();
    await expect.poll(() => existsSync(contentFile(`poems/${POEM.slug}.md`))).toBe(true);
    const text = readFileSync(contentFile(`poems/${POEM.slug}.md`), 'utf8');
    expect(text).toMatch(/date: '?21\/06\/2024'?/);
    expect(text).toContain(POEM.text);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('adds a video from a pasted link, keeping only its id', async () => {
    await openEditor('#/collections/videos/entries/videos');
    await page.getByRole('button', { name: /Adicionar vídeos/ }).click();
    await page.locator('.studio-video-link input').last().fill(VIDEO.link);
    await expect.poll(() => page.locator('.studio-video-link output').last().textContent()).toContain(VIDEO.id);
    await page.getByLabel('Título').last().fill(VIDEO.title);
    await saveEntry();
    const videos = () => (JSON.parse(readFileSync(contentFile('videos.json'), 'utf8')) as { videos: unknown[] }).videos;
    await expect.poll(() => videos().at(-1)).toEqual({ id: VIDEO.id, title: VIDEO.title });
  });

  it('adds a release with a cover it uploads', async () => {
    const cover = join(studio.dirs.data, 'capa.png');
    await sharp({ create: { width: 600, height: 600, channels: 3, background: '#7a2d8c' } })
      .png()
      .toFile(cover);
    await openEditor('#/collections/releases/new');
    await page.getByLabel('Título', { exact: true }).fill(RELEASE.title);
    // Decap's select is a listbox of its own, not a native select.
    await page.getByLabel('Tipo').click();
    await page.getByText('Single', { exact: true }).click();
    await page.getByLabel('Lançamento', { exact: true }).fill('2026-11');
    await page.getByLabel('Playlist').fill(RELEASE.playlist);
    for (const [lang, text] of [
      ['Português', 'Um single de teste.'],
      ['English', 'A test single.'],
      ['Español', 'Un single de prueba.'],
    ] as const) {
      // The description's fields come first; the key text's, optional, after them.
      await page.getByLabel(lang, { exact: true }).first().fill(text);
    }
    await page.getByRole('button', { name: /Adicionar faixas/ }).click();
    await page.getByLabel('Título', { exact: true }).last().fill(TRACK.title);
    await page.getByText('Escolha uma imagem').click();
    await page.locator('input[type=file]').setInputFiles(cover);
    await page.getByText('Escolher selecionado').click();
    await saveEntry();
    const file = contentFile(`releases/${RELEASE.slug}.json`);
    await expect.poll(() => existsSync(file)).toBe(true);
    const release = JSON.parse(readFileSync(file, 'utf8')) as { cover?: string };
    expect(release.cover).toMatch(/^\.\/covers\/[\w-]+\.png$/);
    expect(existsSync(join(contentFile('releases'), release.cover ?? 'none'))).toBe(true);
  });

  it('writes a track’s lyrics into its release’s folder, the release chosen by its title', async () => {
    await openEditor('#/collections/tracks/new');
    // Decap's relation field is a searchable listbox of its own, filled from the releases.
    await page.getByLabel('Do lançamento').fill(RELEASE.title);
    await page.getByRole('option', { name: RELEASE.title }).click();
    await page.getByLabel('Faixa', { exact: true }).fill(TRACK.title);
    // The sung language is chosen by name, the site's three first; the file keeps its code.
    await page.getByLabel('Língua cantada').click();
    // Decap's select lists its options in a listbox of its own (the studio's language menu is another).
    const languages = page.getByRole('listbox').getByRole('option');
    await languages.first().waitFor();
    expect((await languages.allTextContents()).slice(0, 3)).toEqual(['Português (Brasil)', 'Inglês', 'Espanhol']);
    expect(await languages.filter({ hasText: /^Iorubá$/ }).count()).toBe(1);
    await languages.filter({ hasText: /^Português \(Brasil\)$/ }).click();
    // An optional field's label says so after its name.
    await page.getByLabel(/^Letra\b/).fill(TRACK.lyrics);
    await saveEntry();
    const file = contentFile(`releases/${RELEASE.slug}/${TRACK.slug}.json`);
    await expect.poll(() => existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      release: RELEASE.slug,
      track: TRACK.title,
      language: 'pt-BR',
      lyrics: TRACK.lyrics,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('publishes them all to the public pages, in every language', async () => {
    for (const lang of ['pt', 'en', 'es']) {
      await publishedWith(`/${lang}`, POEM.title, VIDEO.title);
      await publishedWith(`/${lang}/music/${RELEASE.slug}`, RELEASE.title);
      await publishedWith(`/${lang}/music/${RELEASE.slug}/${TRACK.slug}`, TRACK.title, 'um verso de teste');
    }
    expect(errors).toEqual([]);
  });
});

describe('the studio’s own panels', () => {
  it('open as dialogs that hold the focus, close on Escape and give the focus back', async () => {
    await openEditor('#/collections/poems');
    const opener = page.getByRole('button', { name: /^Publicação/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Publicação' });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe('the studio’s safety nets', { timeout: PUBLISH_TIMEOUT_MS * 2 }, () => {
  it('lists a file’s history and restores an earlier version as a new commit', async () => {
    const path = `poems/${POEM.slug}.md`;
    const first = readFileSync(contentFile(path), 'utf8');
    const start = Number(commits());
    await openEditor(`#/collections/poems/entries/${POEM.slug}`);
    await page.getByLabel('Poema').fill(`${POEM.text}\n\numa estrofe a mais`);
    await saveEntry();
    await expect.poll(() => Number(commits())).toBe(start + 1);
    expect(readFileSync(contentFile(path), 'utf8')).toContain('uma estrofe a mais');
    await page.getByRole('button', { name: 'Histórico' }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    // The oldest version: the poem as first saved.
    await page.getByRole('button', { name: 'Restaurar esta versão' }).last().click();
    await expect.poll(() => Number(commits())).toBe(start + 2);
    expect(readFileSync(contentFile(path), 'utf8')).toBe(first);
    // The editor shows the file again as it now is.
    await expect.poll(async () => (await page.getByLabel('Poema').inputValue()).trimEnd()).toBe(POEM.text);
  });

  it('refuses an edit the site would not take, names its field and writes nothing', async () => {
    const before = readFileSync(contentFile('site.json'), 'utf8');
    const commitsBefore = commits();
    // As the editor sends a save, with a site name left empty.
    const answer = await callFromStudioPage(page, '/studio/api/content', 'POST', {
      action: 'persistEntry',
      params: {
        branch: 'main',
        dataFiles: [{ path: 'site.json', raw: JSON.stringify({ ...JSON.parse(before), artist: '' }), slug: 'site' }],
        assets: [],
        options: { commitMessage: 'Site atualizado', useWorkflow: false },
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toContain('artist');
    expect(readFileSync(contentFile('site.json'), 'utf8')).toBe(before);
    expect(commits()).toBe(commitsBefore);
  });

  it('keeps the live site as it was when a build fails, and says why', async () => {
    const live = await (await fetch(`${origin}/pt`)).text();
    // A poem whose date the build refuses, written by hand beside the studio's files.
    writeFileSync(contentFile('poems/data-errada.md'), '---\ntitle: Data errada\ndate: 31/02/2024\n---\n\nverso\n');
    const started = await callFromStudioPage(page, '/studio/api/publish', 'POST');
    expect(started.status).toBe(202);
    let state = { state: '', error: '' };
    await expect
      .poll(
        async () => {
          state = await getFromStudioPage<typeof state>(page, '/studio/api/publish');
          return state.state;
        },
        { timeout: PUBLISH_TIMEOUT_MS, interval: 1000 },
      )
      .toBe('failed');
    // It says which file, and nothing of the server's own folders.
    expect(state.error).toContain('data-errada');
    expect(state.error).not.toContain(copy);
    expect(await (await fetch(`${origin}/pt`)).text()).toBe(live);
    rmSync(contentFile('poems/data-errada.md'));
  });
});
