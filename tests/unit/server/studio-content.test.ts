/**
 * The studio's content backend (Decap CMS's proxy protocol) on a copy of the project with the
 * tests' own content, in a temporary Git repository: each action round-trips, a refused save
 * writes and commits nothing, every save is one commit by the person signed in, and history
 * brings a version back. The signed-in person comes from a test hook standing in for the
 * studio's session check.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as prettier from 'prettier';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STUDIO_LANG_COOKIE } from '../../../src/lib/studio-auth.ts';
import {
  createStudioContentFixture,
  MAX_IMAGE_BYTES,
  PERSON,
  type StudioContentFixture,
} from './studio-content-fixture.ts';
import { FIXTURE_POEMS } from './studio-content-files.ts';

let f: StudioContentFixture;
beforeEach(async () => {
  f = await createStudioContentFixture();
});
afterEach(async () => {
  await f.cleanup();
});

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
const commitCount = () => Number(f.git('rev-list', '--count', 'HEAD').trim());
const POEM = `---
title: Noite de Ensaio
date: 02/03/2025
---

Primeira linha,  com dois espaços
segunda linha\tcom tab

* * *
+ uma linha que o Markdown leria como lista
fim sem quebra`;

const jpeg = (width = 64) =>
  sharp({ create: { width, height: width, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'SECRET-METADATA' } })
    .toBuffer();

/** Saves one data file as the editor does, its values written as JSON. */
const persist = (path: string, data: object) =>
  f.content('persistEntry', {
    dataFiles: [{ slug: 'x', path, raw: JSON.stringify(data) }],
    assets: [],
    options: { commitMessage: 'x', useWorkflow: false, status: '' },
  });

describe('reading', () => {
  it('lists a folder collection as Decap reads it: each file whole, with a content id', async () => {
    const response = await f.content('entriesByFolder', { folder: 'poems', extension: 'md', depth: 1 });
    expect(response.statusCode).toBe(200);
    const entries = response.json<{ data: string; file: { path: string; id: string } }[]>();
    expect(entries.map((entry) => entry.file.path)).toEqual(FIXTURE_POEMS.map((name) => `poems/${name}`));
    for (const entry of entries) {
      expect(entry.data).toBe(f.read(entry.file.path));
      expect(entry.file.id).toBe(sha256(entry.data));
    }
  });

  it('reads single files and one entry; a missing one is data null', async () => {
    const byFiles = await f.content('entriesByFiles', { files: [{ path: 'site.json', label: 'Site' }] });
    expect(byFiles.json()).toEqual([
      { data: f.read('site.json'), file: { path: 'site.json', label: 'Site', id: sha256(f.read('site.json')) } },
    ]);
    const one = await f.content('getEntry', { path: 'releases/cocktail-n1.json' });
    expect(one.json<{ data: string }>().data).toBe(f.read('releases/cocktail-n1.json'));
    const missing = await f.content('getEntry', { path: 'poems/nao-existe.md' });
    expect(missing.json()).toEqual({ data: null, file: { path: 'poems/nao-existe.md', id: null } });
  });

  it('answers info in the simple publishing mode, and the editorial workflow as off', async () => {
    expect((await f.content('info', undefined)).json()).toMatchObject({ publish_modes: ['simple'] });
    const workflow = await f.content('unpublishedEntries', {}, { 'accept-language': 'en' });
    expect(workflow.statusCode).toBe(422);
    expect(workflow.json()).toEqual({ error: 'The editorial workflow is off: every save is published.', issues: [] });
  });

  it('refuses a body that is not one of the protocol’s requests, writing nothing', async () => {
    for (const payload of [
      { action: 'persistEntry', params: { branch: 'main' } },
      { action: 'getNotes', params: { branch: 'main' } },
      { action: 'getEntry', params: { branch: 'main', path: 'site.json', extra: 1 } },
      { action: 'getEntry' },
      [],
    ]) {
      const response = await f.app.inject({ method: 'POST', url: '/studio/api/content', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json<object>())).toEqual(['error']);
    }
    expect(f.git('status', '--porcelain')).toBe('');
  });
});

describe('saving', () => {
  it('stores a poem with its line breaks byte for byte, as one commit by the person signed in', async () => {
    const before = commitCount();
    const response = await f.content('persistEntry', {
      dataFiles: [{ slug: 'noite-de-ensaio', path: 'poems/noite-de-ensaio.md', raw: POEM }],
      assets: [],
      options: { commitMessage: 'Create Poems “noite-de-ensaio”', useWorkflow: false, status: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = (await f.content('getEntry', { path: 'poems/noite-de-ensaio.md' })).json<{ data: string }>().data;
    expect(stored).toBe(POEM);
    expect(commitCount()).toBe(before + 1);
    expect(f.git('log', '-1', '--format=%an <%ae>|%s').trim()).toBe(
      'André <andre-7@studio.invalid>|Poema noite-de-ensaio.md criado por André',
    );
    expect(f.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/poems/noite-de-ensaio.md');
    expect(f.saved).toEqual([{ paths: ['poems/noite-de-ensaio.md'], person: PERSON }]);
  });

  it('refuses a header of nested aliases by its field, and never holds the event loop past 100 ms', async () => {
    // 24 levels, each list two aliases of the one before: 2^24 strings once expanded, in 800 bytes.
    const levels = Array.from({ length: 24 }, (_, level) =>
      level === 0
        ? 'a0: &a0 [x, x]'
        : `a${String(level)}: &a${String(level)} [*a${String(level - 1)}, *a${String(level - 1)}]`,
    );
    const hostile = `---\ntitle: Noite\ndate: 02/03/2025\n${levels.join('\n')}\n---\n\nverso\n`;
    const before = commitCount();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const response = await f.content(
      'persistEntry',
      {
        dataFiles: [{ slug: 'noite', path: 'poems/noite.md', raw: hostile }],
        assets: [],
        options: { commitMessage: 'x', useWorkflow: false, status: '' },
      },
      { 'accept-language': 'en' },
    );
    delay.disable();
    expect(response.statusCode).toBe(422);
    const body = response.json<{ error: string; issues: { file: string; field: string }[] }>();
    expect(body.issues).toEqual([
      { file: 'poems/noite.md', field: 'a0', message: 'uses & or * (YAML anchors): write the value out in full' },
    ]);
    expect(body.error).toContain('poems/noite.md › a0');
    expect(delay.max / 1e6).toBeLessThan(100);
    expect(commitCount()).toBe(before);
    expect(existsSync(join(f.contentDir, 'poems/noite.md'))).toBe(false);
    expect(f.saved).toEqual([]);
  });

  it('formats JSON with the project’s Prettier settings and commits only the saved path', async () => {
    writeFileSync(join(f.root, 'content/README.md'), 'an edit by hand, not the studio’s\n');
    const release = JSON.parse(f.read('releases/cocktail-n1.json')) as Record<string, unknown>;
    const raw = JSON.stringify({ ...release, title: 'Cocktail Nº1 (remaster)' });
    const response = await f.content('persistEntry', {
      dataFiles: [{ slug: 'cocktail-n1', path: 'releases/cocktail-n1.json', raw }],
      assets: [],
      options: { commitMessage: 'x', useWorkflow: false, status: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = f.read('releases/cocktail-n1.json');
    expect(JSON.parse(stored)).toEqual({ ...release, title: 'Cocktail Nº1 (remaster)' });
    // The project's settings, as the server writes with them.
    const options = await prettier.resolveConfig('package.json');
    expect(await prettier.check(stored, { ...options, plugins: [], filepath: 'x.json' })).toBe(true);
    expect(f.git('log', '-1', '--format=%s').trim()).toBe('Lançamento cocktail-n1.json atualizado por André');
    expect(f.git('status', '--porcelain').trim()).toBe('M content/README.md');
  });

  it('stores a track’s lyrics and credits beside its release, checked by their schema; no deeper path', async () => {
    const track = { track: 'Gelo e Brasa', language: 'pt-BR', lyrics: 'um\n\ndois', credits: { mixedBy: ['M'] } };
    const stored = await persist('releases/cocktail-n1/gelo-e-brasa.json', track);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(JSON.parse(f.read('releases/cocktail-n1/gelo-e-brasa.json'))).toEqual(track);
    expect(f.git('log', '-1', '--format=%s').trim()).toBe('Arquivo da faixa gelo-e-brasa.json criado por André');

    const before = commitCount();
    const refused = await persist('releases/cocktail-n1/madrugada.json', { track: 'Madrugada', lyrics: 'la' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ issues: { field: string }[] }>().issues[0]).toMatchObject({ field: 'language' });
    for (const path of ['releases/cocktail-n1/deeper/x.json', 'releases/Cocktail/x.json', 'releases/a/x.md']) {
      const response = await persist(path, track);
      expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path).toBeLessThan(500);
    }
    expect(commitCount()).toBe(before);
  });

  it('keeps a track’s file in the folder of a release that exists, and the release it names that one', async () => {
    const before = commitCount();
    const elsewhere = await persist('releases/cocktail-n1/quintal.json', { release: 'ttmm', track: 'Quintal' });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json<{ issues: { field: string }[] }>().issues[0]).toMatchObject({ field: 'release' });
    const orphan = await persist('releases/no-such-release/quintal.json', { track: 'Quintal' });
    expect(orphan.statusCode).toBe(422);
    expect(orphan.body).toContain('releases/no-such-release.json');
    expect(commitCount()).toBe(before);
    const named = await persist('releases/cocktail-n1/quintal.json', { release: 'cocktail-n1', track: 'Quintal' });
    expect(named.statusCode, named.body).toBe(200);
  });

  it('lists the tracks’ files, one folder down, apart from the releases’ own', async () => {
    writeFileSync(join(f.root, 'content/releases/cocktail-n1/madrugada.json'), JSON.stringify({ track: 'Madrugada' }));
    const tracks = await f.content('entriesByFolder', { folder: 'releases', extension: 'json', depth: 2 });
    expect(tracks.statusCode).toBe(200);
    const paths = tracks.json<{ file: { path: string } }[]>().map((entry) => entry.file.path);
    expect(paths).toContain('releases/cocktail-n1/madrugada.json');
    expect(paths.every((path) => /^releases\/[a-z0-9-]+\/[a-z0-9-]+\.json$/.test(path))).toBe(true);
    const releases = await f.content('entriesByFolder', { folder: 'releases', extension: 'json', depth: 1 });
    const releasePaths = releases.json<{ file: { path: string } }[]>().map((entry) => entry.file.path);
    expect(releasePaths).toContain('releases/cocktail-n1.json');
    expect(releasePaths.every((path) => /^releases\/[^/]+\.json$/.test(path))).toBe(true);
  });

  it.each([
    ['pt', 'site.json › socials.0.href: deve ser um link para', { 'accept-language': 'pt;q=1' }],
    ['en', 'site.json › socials.0.href: must be a link to', { 'accept-language': 'en;q=1' }],
    [
      'es, the studio’s choice, over a Portuguese browser',
      'site.json › socials.0.href: debe ser un enlace a',
      { 'accept-language': 'pt;q=1', cookie: `${STUDIO_LANG_COOKIE}=es` },
    ],
  ])(
    'refuses an edit naming its field in the editor’s language (%s), and writes nothing',
    async (_lang, message, headers) => {
      const before = f.read('site.json');
      const site = JSON.parse(before) as { socials: { href: string }[] };
      site.socials[0] = { ...site.socials[0], href: 'https://evil.example/page' };
      const response = await f.content(
        'persistEntry',
        {
          dataFiles: [{ slug: 'site', path: 'site.json', raw: JSON.stringify(site) }],
          assets: [],
          options: { commitMessage: 'x', useWorkflow: false, status: '' },
        },
        headers,
      );
      expect(response.statusCode).toBe(422);
      const body = response.json<{ error: string; issues: { file: string; field: string }[] }>();
      expect(body.error.startsWith(message)).toBe(true);
      expect(body.issues[0]).toMatchObject({ file: 'site.json', field: 'socials.0.href' });
      expect(f.read('site.json')).toBe(before);
      expect(f.git('status', '--porcelain')).toBe('');
      expect(f.saved).toEqual([]);
    },
  );

  it('refuses a second release on a hero key, and a cover that does not exist', async () => {
    const release = JSON.parse(f.read('releases/cocktail-n2.json')) as Record<string, unknown>;
    const clash = await f.content('persistEntry', {
      dataFiles: [
        { slug: 'cocktail-n2', path: 'releases/cocktail-n2.json', raw: JSON.stringify({ ...release, heroKey: 'ep1' }) },
      ],
      assets: [],
      options: { commitMessage: 'x', useWorkflow: false, status: '' },
    });
    expect(clash.statusCode).toBe(422);
    const [issue, ...more] = clash.json<{ issues: { file: string; field: string; message: string }[] }>().issues;
    expect([issue?.file, issue?.field, more]).toEqual(['releases/cocktail-n2.json', 'heroKey', []]);
    expect(issue?.message).toContain('cocktail-n1.json');
    const noCover = await f.content('persistEntry', {
      dataFiles: [
        {
          slug: 'cocktail-n2',
          path: 'releases/cocktail-n2.json',
          raw: JSON.stringify({ ...release, cover: './covers/none.jpg' }),
        },
      ],
      assets: [],
      options: { commitMessage: 'x', useWorkflow: false, status: '' },
    });
    expect(noCover.json<{ issues: { field: string }[] }>().issues[0]?.field).toBe('cover');
    expect(f.git('status', '--porcelain')).toBe('');
  });

  it('stores an uploaded cover re-encoded, without its metadata, with the release that shows it', async () => {
    const release = JSON.parse(f.read('releases/cocktail-n2.json')) as Record<string, unknown>;
    const image = await jpeg();
    const response = await f.content('persistEntry', {
      dataFiles: [
        {
          slug: 'cocktail-n2',
          path: 'releases/cocktail-n2.json',
          raw: JSON.stringify({ ...release, cover: './covers/capa-n2.jpg' }),
        },
      ],
      assets: [{ path: 'releases/covers/capa-n2.jpg', content: image.toString('base64'), encoding: 'base64' }],
      options: { commitMessage: 'x', useWorkflow: false, status: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await f.content('getMediaFile', { path: 'releases/covers/capa-n2.jpg' });
    const bytes = Buffer.from(stored.json<{ content: string }>().content, 'base64');
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.width, metadata.exif]).toEqual(['jpeg', 64, undefined]);
    expect(bytes.includes('SECRET-METADATA')).toBe(false);
    expect(f.git('show', '--name-only', '--format=%s', 'HEAD').trim().split('\n')).toEqual([
      'Imagem capa-n2.jpg criada, lançamento cocktail-n2.json atualizado por André',
      '',
      'content/releases/cocktail-n2.json',
      'content/releases/covers/capa-n2.jpg',
    ]);
    const media = await f.content('getMedia', { mediaFolder: 'releases/covers' });
    expect(media.json<{ path: string }[]>().map((file) => file.path)).toEqual(['releases/covers/capa-n2.jpg']);
  });

  it('gives an image uploaded alone a safe name and the extension of its bytes; refuses SVG and oversized files', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const upload = (path: string, content: Buffer) =>
      f.content(
        'persistMedia',
        { asset: { path, content: content.toString('base64'), encoding: 'base64' }, options: { commitMessage: 'x' } },
        { 'accept-language': 'en' },
      );
    const renamed = await upload('releases/covers/Capa Nº1 Ação.JPG', png);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ path: 'releases/covers/capa-no1-acao.png', name: 'capa-no1-acao.png' });
    expect(existsSync(join(f.contentDir, 'releases/covers/capa-no1-acao.png'))).toBe(true);

    const svg = await upload(
      'releases/covers/x.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(svg.statusCode).toBe(422);
    expect(svg.json<{ error: string }>().error).toContain('is not a JPG, PNG or WebP image');
    const big = await upload('releases/covers/big.jpg', Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff));
    expect(big.statusCode).toBe(413);
    expect(f.git('status', '--porcelain')).toBe('');
  });

  it('deletes a poem as a commit; refuses to delete a settings file or a cover a release shows', async () => {
    const deleted = await f.content('deleteFile', { path: 'poems/mesmo-sangue.md', options: { commitMessage: 'x' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(existsSync(join(f.contentDir, 'poems/mesmo-sangue.md'))).toBe(false);
    expect(f.git('log', '-1', '--format=%s').trim()).toBe('Poema mesmo-sangue.md apagado por André');

    const settings = await f.content('deleteFiles', { paths: ['site.json'], options: { commitMessage: 'x' } });
    expect(settings.statusCode).toBe(422);
    expect(existsSync(join(f.contentDir, 'site.json'))).toBe(true);

    const release = JSON.parse(f.read('releases/cocktail-n2.json')) as Record<string, unknown>;
    await f.content('persistEntry', {
      dataFiles: [
        {
          slug: 'cocktail-n2',
          path: 'releases/cocktail-n2.json',
          raw: JSON.stringify({ ...release, cover: './covers/c.jpg' }),
        },
      ],
      assets: [{ path: 'releases/covers/c.jpg', content: (await jpeg()).toString('base64'), encoding: 'base64' }],
      options: { commitMessage: 'x', useWorkflow: false, status: '' },
    });
    const inUse = await f.content(
      'deleteFile',
      { path: 'releases/covers/c.jpg', options: { commitMessage: 'x' } },
      { 'accept-language': 'en' },
    );
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json<{ error: string }>().error).toBe('releases/covers/c.jpg: cocktail-n2.json still uses this image');
  });
  it('renames an entry (a new path) as one commit: the new file written, the old one gone', async () => {
    const text = f.read('poems/mesmo-sangue.md');
    const response = await f.content('persistEntry', {
      dataFiles: [
        { slug: 'mesmo-sangue-2', path: 'poems/mesmo-sangue.md', newPath: 'poems/mesmo-sangue-2.md', raw: text },
      ],
      assets: [],
      options: { commitMessage: 'x', useWorkflow: false, status: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(existsSync(join(f.contentDir, 'poems/mesmo-sangue.md'))).toBe(false);
    expect(f.read('poems/mesmo-sangue-2.md')).toBe(text);
    expect(f.git('show', '--no-renames', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      'content/poems/mesmo-sangue-2.md',
      'content/poems/mesmo-sangue.md',
    ]);
  });
});

describe('history', () => {
  it('lists a file’s commits and restores one as a new commit, validated again', async () => {
    const original = f.read('poems/mapa-de-volta.md');
    const edited = original.replace(/^title: .*$/m, "title: 'Mapa de Ida'");
    expect(edited).not.toBe(original);
    await f.content('persistEntry', {
      dataFiles: [{ slug: 'mapa-de-volta', path: 'poems/mapa-de-volta.md', raw: edited }],
      assets: [],
      options: { commitMessage: 'x', useWorkflow: false, status: '' },
    });
    const history = await f.app.inject('/studio/api/history?path=poems/mapa-de-volta.md');
    const { git, commits } = history.json<{
      git: boolean;
      commits: { commit: string; author: string; message: string }[];
    }>();
    expect(git).toBe(true);
    expect(commits.map(({ author, message }) => [author, message])).toEqual([
      ['André', 'Poema mapa-de-volta.md atualizado por André'],
      ['Test', 'The content as it was'],
    ]);
    const previous = commits[1]?.commit ?? '';
    const restored = await f.app.inject({
      method: 'POST',
      url: '/studio/api/history/restore',
      payload: { path: 'poems/mapa-de-volta.md', commit: previous },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(f.read('poems/mapa-de-volta.md')).toBe(original);
    expect(f.git('log', '-1', '--format=%s').trim()).toBe(
      `Poema mapa-de-volta.md restaurado por André (versão ${previous.slice(0, 7)})`,
    );
    const unknown = await f.app.inject({
      method: 'POST',
      url: '/studio/api/history/restore',
      payload: { path: 'poems/mapa-de-volta.md', commit: 'deadbeefdeadbeef' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('without Git, saves still work and history says Git is off', async () => {
    await f.cleanup();
    f = await createStudioContentFixture({ git: false });
    const saved = await f.content('persistEntry', {
      dataFiles: [{ slug: 'noite', path: 'poems/noite.md', raw: POEM }],
      assets: [],
      options: { commitMessage: 'x', useWorkflow: false, status: '' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(f.read('poems/noite.md')).toBe(POEM);
    expect((await f.app.inject('/studio/api/history?path=poems/noite.md')).json()).toEqual({ git: false, commits: [] });
  });
});

describe('paths', () => {
  it.each([
    '../package.json',
    '/etc/passwd',
    'poems/../site.json',
    'poems/.hidden.md',
    '.git/config',
    'poems\\x.md',
    'poems/x.md/',
    'README.md',
    'releases/covers/x.json',
    'thumbs/x.jpg',
    'poems/Maiúscula.md',
  ])('refuses %s, reading and writing nothing', async (path) => {
    const read = await f.content('getEntry', { path });
    expect(read.json<{ data: unknown }>().data).toBeNull();
    const write = await f.content('persistEntry', {
      dataFiles: [{ slug: 'x', path, raw: '{}' }],
      assets: [],
      options: { commitMessage: 'x', useWorkflow: false, status: '' },
    });
    expect(write.statusCode).toBe(400);
    expect(write.body).not.toContain(f.root);
    expect(f.git('status', '--porcelain')).toBe('');
  });

  it('never reads or writes through a folder replaced by a symbolic link', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    writeFileSync(join(outside, 'secret.md'), '---\ntitle: SECRET\ndate: 01/01/2020\n---\nSECRET');
    renameSync(join(f.contentDir, 'poems'), join(f.root, 'poems-away'));
    symlinkSync(outside, join(f.contentDir, 'poems'));
    const read = await f.content('getEntry', { path: 'poems/secret.md' });
    expect(read.body).not.toContain('SECRET');
    const list = await f.content('entriesByFolder', { folder: 'poems', extension: 'md', depth: 1 });
    expect(list.json()).toEqual([]);
    const write = await f.content('persistEntry', {
      dataFiles: [{ slug: 'novo', path: 'poems/novo.md', raw: POEM }],
      assets: [],
      options: { commitMessage: 'x', useWorkflow: false, status: '' },
    });
    expect(write.statusCode).toBe(500);
    expect(write.body).not.toContain(outside);
    expect(existsSync(join(outside, 'novo.md'))).toBe(false);
    rmSync(outside, { recursive: true, force: true });
    mkdirSync(join(f.root, 'unused'), { recursive: true });
  });
});
