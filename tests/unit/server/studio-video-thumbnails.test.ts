/**
 * A video added in the studio gets its picture: the save fetches the video service's thumbnail
 * (here a real HTTP server on this machine, serving real images and hostile answers), checks
 * and re-encodes it, and commits it in the save's own commit. A failed fetch keeps the save and
 * says so in the editor's language; publishing tries again for every video still without one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_LANG_COOKIE } from '../../../src/lib/studio-auth.ts';
import { STUDIO_VIDEO_PICTURE_API, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '../../../src/lib/video-thumbnails.ts';
import { createPublishFixture, type PublishFixture } from './publish-fixture.ts';
import { createStudioContentFixture, type StudioContentFixture } from './studio-content-fixture.ts';
import { SERVED, startThumbnailService, type ThumbnailService } from '../../../perf/harness/thumbnail-service.ts';

/** Long enough for a real answer on a loaded machine, short enough for the silent one. */
const TIMEOUT_MS = 1_500;

let service: ThumbnailService;
beforeAll(async () => {
  service = await startThumbnailService();
});
afterAll(async () => {
  await service.close();
});

describe('saving a video in the studio', () => {
  let f: StudioContentFixture;
  afterEach(async () => {
    await f.cleanup();
  });
  const open = async () => {
    start = service.requested.length;
    f = await createStudioContentFixture({ videoThumbnails: { origin: service.origin, timeoutMs: TIMEOUT_MS } });
  };

  /** Saves videos.json with `added` first, as the editor sends it. */
  const addVideos = async (added: object[], headers: Record<string, string> = {}) => {
    const data = JSON.parse(f.read('videos.json')) as { videos: object[] };
    const raw = JSON.stringify({ videos: [...added, ...data.videos] });
    return f.content(
      'persistEntry',
      {
        dataFiles: [{ slug: 'videos', path: 'videos.json', raw }],
        assets: [],
        options: { commitMessage: 'x', useWorkflow: false, status: '' },
      },
      headers,
    );
  };
  /** Opens a new studio and saves one new video in it, a save that must go through. */
  const saveNewVideo = async (id: string, title: string) => {
    await open();
    const saved = await addVideos([{ id, title }]);
    expect(saved.statusCode).toBe(200);
    return saved;
  };
  const picture = (id: string) => f.app.inject({ url: `${STUDIO_VIDEO_PICTURE_API}?id=${id}` });
  const committed = () => f.git('show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort();
  let start = 0;
  /** How often the service was asked for `id` in this test. */
  const asked = (id: string) => service.requested.slice(start).filter((one) => one === id).length;

  it.each([
    ['a JPEG', SERVED.jpeg],
    ['a PNG', SERVED.png],
  ])('keeps %s as the cards’ JPEG, committed with the save, and asks for it once', async (_kind, id) => {
    const saved = await saveNewVideo(id, 'Novo vídeo');
    expect(saved.json()).toEqual({ message: 'entry persisted' });
    const file = join(f.contentDir, 'thumbs', `${id}.jpg`);
    const { format, width, height } = await sharp(file).metadata();
    expect({ format, width, height }).toEqual({ format: 'jpeg', width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT });
    expect(committed()).toEqual(['content/thumbs/' + `${id}.jpg`, 'content/videos.json']);
    expect(f.git('status', '--porcelain')).toBe('');
    expect(f.saved.at(-1)?.paths.sort()).toEqual([`thumbs/${id}.jpg`, 'videos.json']);
    // The form shows the very picture the site will use.
    const shown = await picture(id);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.rawPayload.equals(readFileSync(file))).toBe(true);

    // Saved again (another title): the picture is there, nothing is asked again.
    const again = await addVideos([{ title: 'Outro vídeo', id: SERVED.jpeg === id ? SERVED.png : SERVED.jpeg }]);
    expect(again.statusCode).toBe(200);
    expect(asked(id)).toBe(1);
  });

  it('takes his own picture through the studio’s upload, asks the service nothing, and keeps it while used', async () => {
    await open();
    const own = 'OwnPicture8';
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const upload = await f.content('persistMedia', {
      asset: { path: 'releases/covers/Minha Foto.png', content: png.toString('base64'), encoding: 'base64' },
      options: { commitMessage: 'x' },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { path } = upload.json<{ path: string }>();
    expect(path).toBe('releases/covers/minha-foto.png');

    // As Decap's media library names it: the public folder joined with the name, its `./` dropped.
    const saved = await addVideos([{ id: own, title: 'Com imagem', thumb: path }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(asked(own)).toBe(0);
    expect(committed()).toEqual(['content/videos.json']);
    expect((JSON.parse(f.read('videos.json')) as { videos: object[] }).videos[0]).toEqual({
      id: own,
      title: 'Com imagem',
      thumb: `./${path}`,
    });
    const shown = await picture(own);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(readFileSync(join(f.contentDir, path)))).toBe(true);

    const removed = await f.content('deleteFile', { path, options: { commitMessage: 'x' } });
    expect(removed.statusCode).toBe(422);
    expect(existsSync(join(f.contentDir, path))).toBe(true);
  });

  it('refuses a picture of his own that does not exist, naming the field, and fetches nothing', async () => {
    await open();
    const refused = await addVideos([
      { id: SERVED.jpeg, title: 'x', thumb: './releases/covers/nada.jpg' },
      { id: SERVED.png, title: 'Sem imagem própria' },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ issues: { field: string }[] }>().issues).toMatchObject([{ field: 'videos.0.thumb' }]);
    expect(asked(SERVED.jpeg) + asked(SERVED.png)).toBe(0);
  });

  it.each([
    ['a page that says it is a JPEG', SERVED.page],
    ['a body past the size cap', SERVED.tooBig],
    ['a picture past the pixel cap', SERVED.hugePicture],
    ['a 404', SERVED.missing],
    ['no answer in time', SERVED.silent],
  ])('keeps the save and the stand-in on %s, and says so', async (_kind, id) => {
    const saved = await saveNewVideo(id, 'Sem imagem');
    const { notice } = saved.json<{ notice: string }>();
    expect(notice).toContain('Não consegui buscar a imagem');
    expect(notice).toContain(id);
    expect(existsSync(join(f.contentDir, 'thumbs', `${id}.jpg`))).toBe(false);
    expect(committed()).toEqual(['content/videos.json']);
    expect((JSON.parse(f.read('videos.json')) as { videos: object[] }).videos[0]).toMatchObject({ id });
    expect(asked(id)).toBe(1);
    expect(f.git('status', '--porcelain')).toBe('');
    expect((await picture(id)).statusCode).toBe(204);
  });

  it.each([
    ['en', { 'accept-language': 'en' }, 'could not be fetched'],
    ['es', { cookie: `${STUDIO_LANG_COOKIE}=es` }, 'No pude traer la imagen'],
  ])('gives the notice in the editor’s language (%s)', async (_lang, headers, words) => {
    await open();
    const saved = await addVideos([{ id: SERVED.missing, title: 'Sem imagem' }], headers);
    expect(saved.json<{ notice: string }>().notice).toContain(words);
  });
});

describe('publishing', () => {
  let fixture: PublishFixture;
  let app: FastifyInstance;
  afterEach(async () => {
    await fixture.cleanup();
  });

  it('fetches, before each build, the picture of every video still without one, and commits it', async () => {
    fixture = createPublishFixture();
    const content = join(fixture.projectDir, 'content');
    mkdirSync(join(content, 'thumbs'));
    const videos = [SERVED.jpeg, SERVED.missing].map((id) => ({ id, title: id }));
    writeFileSync(join(content, 'videos.json'), `${JSON.stringify({ videos }, null, 2)}\n`);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: content, encoding: 'utf8' });
    git('init', '--quiet', '--initial-branch=main');
    git('add', '--all');
    git('-c', 'user.name=T', '-c', 'user.email=t@t.invalid', 'commit', '--quiet', '-m', 'start');
    app = await fixture.app({ VIDEO_THUMBNAIL_ORIGIN: service.origin, VIDEO_THUMBNAIL_TIMEOUT_MS: String(TIMEOUT_MS) });
    const before = service.requested.length;

    // The picture of a video is the studio's: no session, no picture.
    const anonymous = await app.inject({ url: `${STUDIO_VIDEO_PICTURE_API}?id=${SERVED.jpeg}` });
    expect(anonymous.statusCode).toBe(401);
    const studio = await fixture.studio(app);
    expect((await studio.request('POST', '/studio/api/publish', {})).statusCode).toBe(202);
    await app.publisher.whenIdle();
    expect(existsSync(join(content, 'thumbs', `${SERVED.jpeg}.jpg`))).toBe(true);
    expect(existsSync(join(content, 'thumbs', `${SERVED.missing}.jpg`))).toBe(false);
    expect(git('show', '--name-only', '--format=%an', 'HEAD').trim().split('\n')).toEqual([
      'Estúdio',
      '',
      `thumbs/${SERVED.jpeg}.jpg`,
    ]);
    expect(fixture.buildLog().filter((line) => line.startsWith('end'))).toHaveLength(1);

    // The next publish asks only for the one still missing, once.
    await app.publisher.requestBuild();
    await app.publisher.whenIdle();
    expect(service.requested.slice(before).sort()).toEqual([SERVED.jpeg, SERVED.missing, SERVED.missing].sort());
  });
});
