/**
 * The artist's studio end to end, as he uses it on his phone: invited by `npm run studio`, he
 * creates a passkey, adds a poem, a video from a pasted link (its picture fetched and shown), a
 * video whose picture could not be fetched (the editor says so, and he uploads his own), a
 * release with its cover and a track's lyrics through the editor's forms, and the real build
 * publishes them to the public pages in three languages; he reads a visitor's message and
 * answers it; the editor's form and address stay on one entry; a file's history restores an
 * earlier version; a refused edit names its field and writes nothing; a failed build leaves the
 * live site as it was, and the studio names the field to fix. The real app runs
 * on a copy of the project in its own Git repository (perf/harness/studio-app.ts), so its saves,
 * commits and builds touch only the copy.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioApp } from '../../perf/harness/studio-app.ts';
import { SERVED } from '../../perf/harness/thumbnail-service.ts';
import { PHONE, useBrowser } from './browser.ts';
import { openStudioPage, startStudioWithoutMusic } from './studio-start.ts';
import { callFromStudioPage, getFromStudioPage } from './studio-calls.ts';
import { THUMBNAIL_WIDTH } from '../../src/lib/video-thumbnails.ts';

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
  studio = await startStudioWithoutMusic('studio-journey-');
  ({ origin } = studio);
  copy = studio.dirs.project;
  ({ page, errors } = await openStudioPage(browser()));
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

/** The studio bar's publishing button, which says how publishing stands. */
const publishingBar = () => page.getByRole('button', { name: /^Publicação/ });

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

  it('adds a video from a pasted link, keeping only its id, and its picture appears', async () => {
    await openEditor('#/collections/videos/entries/videos');
    await page.getByRole('button', { name: /Adicionar vídeos/ }).click();
    // The new video comes first, where the artist sees it, not below every other one.
    const link = page.locator('.studio-video-link input').first();
    await link.fill(VIDEO.link);
    expect(await link.evaluate((input) => input.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    await expect.poll(() => page.locator('.studio-video-link output').first().textContent()).toContain(VIDEO.id);
    await page.getByLabel('Título').first().fill(VIDEO.title);
    await saveEntry();
    const videos = () => (JSON.parse(readFileSync(contentFile('videos.json'), 'utf8')) as { videos: unknown[] }).videos;
    await expect.poll(() => videos()[0]).toEqual({ id: VIDEO.id, title: VIDEO.title });
    // The service's picture (the harness's stand-in) is committed with the save, and the form shows it.
    // Paths as the copy's repository names them.
    const inCopy = (path: string) => relative(copy, contentFile(path));
    const savedFiles = () => {
      const commit = execFileSync('git', ['log', '-1', '--format=%H', '--', inCopy('videos.json')], {
        cwd: copy,
        encoding: 'utf8',
      }).trim();
      const names = execFileSync('git', ['show', '--name-only', '--format=', commit], { cwd: copy, encoding: 'utf8' });
      return names.split('\n').filter(Boolean).sort();
    };
    await expect.poll(savedFiles).toEqual([inCopy(`thumbs/${VIDEO.id}.jpg`), inCopy('videos.json')]);
    const picture = page.locator('.studio-video-picture').first();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(THUMBNAIL_WIDTH);
  });

  it('says when a video’s picture could not be fetched, and takes a picture of his own for it', async () => {
    await openEditor('#/collections/videos/entries/videos');
    await page.getByRole('button', { name: /Adicionar vídeos/ }).click();
    // The harness's stand-in for the video service has no picture for this one.
    await page.locator('.studio-video-link input').first().fill(SERVED.missing);
    await page.getByLabel('Título').first().fill('Vídeo sem imagem');
    await saveEntry();
    await expect.poll(() => page.locator('.studio-notice').textContent()).toContain('Não consegui buscar a imagem');
    await expect.poll(() => page.locator('.studio-video-link').first().textContent()).toContain('ainda não tem imagem');
    await page.locator('.studio-notice').getByRole('button', { name: 'Fechar' }).click();

    const own = join(studio.dirs.data, 'minha-imagem.png');
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2d8c7a' } })
      .png()
      .toFile(own);
    await page.getByText('Escolha uma imagem').first().click();
    await page.locator('input[type=file]').setInputFiles(own);
    await page.getByText('Escolher selecionado').click();
    await saveEntry();
    const added = () =>
      (JSON.parse(readFileSync(contentFile('videos.json'), 'utf8')) as { videos: { thumb?: string }[] }).videos[0];
    await expect.poll(() => added()?.thumb).toMatch(/^\.\/releases\/covers\/[\w-]+\.png$/);
    expect(existsSync(contentFile(added()?.thumb ?? 'none'))).toBe(true);
    const picture = page.locator('.studio-video-picture').first();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(640);
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
    // The save starts a build: the bar says so at once, never "published" while it runs.
    await expect.poll(() => publishingBar().textContent()).toContain('Publicando…');
  });

  it('publishes them all to the public pages, in every language', async () => {
    for (const lang of ['pt', 'en', 'es']) {
      await publishedWith(`/${lang}`, POEM.title, VIDEO.title);
      await publishedWith(`/${lang}/music/${RELEASE.slug}`, RELEASE.title);
      await publishedWith(`/${lang}/music/${RELEASE.slug}/${TRACK.slug}`, TRACK.title, 'um verso de teste');
    }
    // Then done, with the time the build took.
    await expect
      .poll(() => publishingBar().textContent(), { timeout: PUBLISH_TIMEOUT_MS })
      .toMatch(/Publicado · (\d+ min )?\d+ s/);
    expect(errors).toEqual([]);
  });
});

describe('the editor on a slow connection', () => {
  it('says it is loading until its form is there', async () => {
    // The editor's scripts held back, as a weak signal holds them.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/studio\/assets\/start-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto('about:blank');
      await page.goto(`${origin}/studio/#/collections/poems`);
      await page.locator('.editor').getByText('Carregando…').waitFor();
      release();
      await page.getByText('Conectado como André').waitFor();
      await page.locator('a[href*="#/collections/poems/entries/"]').first().waitFor();
      expect(await page.locator('.editor').getByText('Carregando…').count()).toBe(0);
    } finally {
      release();
      await page.unrouteAll();
    }
  });
});

describe('his messages', () => {
  it('reads a visitor’s message from the site and answers it by mail', async () => {
    const sent = { name: 'Visitante Teste', email: 'visitante@example.org', message: 'Quando tem show?', lang: 'pt' };
    const answer = await fetch(`${origin}/api/send-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sent),
    });
    expect(answer.status).toBe(202);
    await page.getByRole('link', { name: 'Mensagens' }).click();
    const summary = page.getByRole('button', { name: new RegExp(`^${sent.name}`) });
    await summary.click();
    const item = page.locator('.message-item', { has: summary });
    expect(await item.locator('.text').textContent()).toBe(sent.message);
    const reply = await item.getByRole('link', { name: 'Responder por e-mail' }).getAttribute('href');
    expect(reply?.startsWith(`mailto:${sent.email}?subject=Re%3A%20`)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
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

describe('the editor’s address and its form', () => {
  it('always show the same entry, through links, the Back gesture and a refusal to leave unsaved changes', async () => {
    await openEditor('#/collections/poems');
    const entries = page.locator('a[href*="#/collections/poems/entries/"]');
    await entries.nth(1).waitFor();
    const [first = '', second = ''] = await entries.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href') ?? ''),
    );
    const title = page.getByLabel('Título', { exact: true });
    /** The title the form shows, once the address names `href`'s entry and the form has it. */
    const shownAt = async (href: string) => {
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(href);
      await title.waitFor();
      return title.inputValue();
    };
    const fileTitle = (href: string) => {
      const file = readFileSync(contentFile(`poems/${href.split('/').at(-1) ?? ''}.md`), 'utf8');
      return (parseYaml(/^---\n([\s\S]*?)\n---/.exec(file)?.[1] ?? '') as { title?: string }).title;
    };

    await entries.nth(0).click();
    expect(await shownAt(first)).toBe(fileTitle(first));
    // A link from one entry to another, as a refusal's link is.
    await page.evaluate((href) => (location.hash = href), second);
    expect(await shownAt(second)).toBe(fileTitle(second));
    await page.goBack();
    expect(await shownAt(first)).toBe(fileTitle(first));

    // Unsaved changes, Back, and "stay": the address stays the entry's, and so do the changes.
    await page.getByLabel('Poema').fill('uma mudança não salva');
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.goBack();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(first);
    expect(await page.getByLabel('Poema').inputValue()).toBe('uma mudança não salva');
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

    // The studio says it in his words, names the field by its label, and opens it marked.
    await openEditor('#/collections/poems');
    await expect.poll(() => page.getByRole('button', { name: /^Publicação/ }).textContent()).toContain('falhou');
    await page.getByRole('button', { name: /^Publicação/ }).click();
    const panel = page.getByRole('dialog', { name: 'Publicação' });
    await panel.getByText('estes campos precisam de correção').waitFor();
    expect(await panel.locator('li strong').first().textContent()).toBe('Data');
    await panel.getByRole('link', { name: 'Abrir e corrigir' }).click();
    await panel.waitFor({ state: 'hidden' });
    const marked = page.locator('[data-studio-refused]');
    await marked.waitFor();
    expect(await marked.locator('label').first().textContent()).toMatch(/^Data/);
    expect(await marked.evaluate((field) => field.contains(document.activeElement))).toBe(true);
    rmSync(contentFile('poems/data-errada.md'));
  });
});
