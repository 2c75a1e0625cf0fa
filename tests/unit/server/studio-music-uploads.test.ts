/**
 * Uploading masters to the studio with tus, through the real sign-in and a listening server:
 * tus-js-client (as the studio uses it) and raw tus requests. A master is checked by its
 * content with the real ffprobe, lands under a safe name, and every refusal leaves nothing
 * behind, in the playlist or among the unfinished uploads.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openUploads, UPLOAD_EXPIRES_MS } from '../../../server/services/media/upload/tus-uploads.ts';
import { MUSIC_ROUTES } from '../../../src/lib/studio-music.ts';
import { recordingLogger } from './media-fixture.ts';
import {
  createMusicFixture,
  makeSilentVideo,
  makeWav,
  scratch,
  STUDIO_ORIGIN,
  type MusicFixture,
} from './studio-music-fixture.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const encode = (text: string) => Buffer.from(text).toString('base64');
const metadata = (playlist: string, filename: string) => `playlist ${encode(playlist)},filename ${encode(filename)}`;

let f: MusicFixture;
let files: ReturnType<typeof scratch>;
let wav: string;
beforeAll(async () => {
  f = await createMusicFixture({ MEDIA_UPLOAD_MAX_BYTES: String(8 * 1024 * 1024) });
  mkdirSync(join(f.site.mediaDir, 'Singles'));
  await f.app.library.rescan();
  files = scratch('music-uploads-');
  wav = await makeWav(files.dir, 'master.wav', 3);
});
afterAll(async () => {
  await f.cleanup();
  files.remove();
});

const uploadsDir = () => join(f.site.dataDir, 'uploads');
const playlistFiles = (playlist = 'Singles') => readdirSync(join(f.site.mediaDir, playlist)).sort();

/**
 * Uploads `data` with tus-js-client as the studio does, to `to` (the file's app by default);
 * resolves to the refusal's body, or null once done.
 */
function upload(
  data: Buffer,
  filename: string,
  playlist = 'Singles',
  to: MusicFixture = f,
): Promise<{ code: string } | null> {
  return new Promise((resolve, reject) => {
    const tus = new Upload(data, {
      endpoint: `${to.base}${MUSIC_ROUTES.uploads}`,
      chunkSize: 1024 * 1024,
      retryDelays: [],
      metadata: { playlist, filename },
      headers: { ...to.page, origin: STUDIO_ORIGIN },
      onSuccess: () => resolve(null),
      onError: (error) => {
        const body = (error as { originalResponse?: { getBody: () => string } | null }).originalResponse?.getBody();
        if (body) resolve(JSON.parse(body) as { code: string });
        else reject(error);
      },
    });
    tus.start();
  });
}

/** A raw tus creation request for `length` bytes into Singles of `to` (the file's app by default). */
const createUpload = (length: number, filename: string, to: MusicFixture = f) =>
  fetch(`${to.base}${MUSIC_ROUTES.uploads}`, {
    method: 'POST',
    headers: {
      ...TUS,
      ...to.page,
      origin: STUDIO_ORIGIN,
      'upload-length': String(length),
      'upload-metadata': metadata('Singles', filename),
    },
  });

/** A raw tus chunk of `body` at `offset` for the upload at `location` of `to` (the file's app by default). */
const patchUpload = (location: string, offset: number, body: Uint8Array<ArrayBuffer>, to: MusicFixture = f) =>
  fetch(new URL(location, to.base), {
    method: 'PATCH',
    headers: {
      ...TUS,
      ...to.page,
      origin: STUDIO_ORIGIN,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body,
  });

describe('a master', () => {
  it('uploaded in chunks lands in its playlist under a safe name with the extension its content warrants', async () => {
    const refusal = await upload(readFileSync(wav), '../../.hidden\u0000/Take\u001b[31m 1.mp3');
    expect(refusal).toBeNull();
    expect(playlistFiles()).toContain('hidden-Take[31m 1.wav');
    await expect.poll(() => readdirSync(uploadsDir())).toEqual([]);
    const listing = await f.browser.request('GET', MUSIC_ROUTES.listing);
    const singles = listing.json<{ playlists: { name: string; tracks: { file: string }[] }[] }>().playlists[0];
    expect(singles?.tracks.map((track) => track.file)).toContain('hidden-Take[31m 1.wav');
  });

  it('of the same name gets a suffix and never replaces the first', async () => {
    expect(await upload(readFileSync(wav), 'Song.wav')).toBeNull();
    expect(await upload(readFileSync(wav), 'Song.wav')).toBeNull();
    expect(playlistFiles()).toEqual(expect.arrayContaining(['Song.wav', 'Song (2).wav']));
  });

  it('resumes from where the server stands after a cut', async () => {
    const data = readFileSync(wav);
    const half = Math.floor(data.length / 2);
    const common = { ...TUS, ...f.page, origin: STUDIO_ORIGIN };
    const created = await createUpload(data.length, 'Resumed.wav');
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location') ?? '', f.base).href;
    const first = await fetch(location, {
      method: 'PATCH',
      headers: { ...common, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: data.subarray(0, half),
    });
    expect(first.status).toBe(204);
    expect(playlistFiles()).not.toContain('Resumed.wav');
    const head = await fetch(location, { method: 'HEAD', headers: common });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(head.headers.get('cache-control')).toBe('no-store');
    const rest = await fetch(location, {
      method: 'PATCH',
      headers: { ...common, 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' },
      body: data.subarray(half),
    });
    expect(rest.status).toBe(204);
    expect(statSync(join(f.site.mediaDir, 'Singles', 'Resumed.wav')).size).toBe(data.length);
  });
});

describe('an unfinished upload', () => {
  it('is removed once it is older than a day, and kept until then', async () => {
    const created = await createUpload(1000, 'Left.wav');
    const id = (created.headers.get('location') ?? '').split('/').pop() ?? '';
    const note = join(uploadsDir(), `${id}.json`);
    const uploads = openUploads({
      path: MUSIC_ROUTES.uploads,
      uploadsDir: uploadsDir(),
      mediaDir: f.site.mediaDir,
      maxBytes: 1024,
      ffprobe: 'ffprobe',
      onPlaced: async () => {},
      log: recordingLogger(),
    });
    expect(await uploads.cleanUpExpiredUploads()).toBe(0);
    const info = JSON.parse(readFileSync(note, 'utf8')) as { creation_date: string };
    info.creation_date = new Date(Date.now() - UPLOAD_EXPIRES_MS - 60_000).toISOString();
    writeFileSync(note, JSON.stringify(info));
    expect(await uploads.cleanUpExpiredUploads()).toBe(1);
    expect(readdirSync(uploadsDir())).toEqual([]);
  });
});

describe('a master under any name', () => {
  it('lands right inside its playlist under a safe name, whatever it was called', { timeout: 120_000 }, async () => {
    const tiny = readFileSync(await makeWav(files.dir, 'tiny.wav', 0.05));
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }),
      fc
        .array(fc.constantFrom('..', '/', '\\', '\0', '\u001b[2J', '.', ' ', '-', 'Faixa', '\u202e', '😀', '.wav'), {
          minLength: 1,
          maxLength: 16,
        })
        .map((parts) => parts.join('')),
    );
    const outside = () => readdirSync(f.site.mediaDir).sort();
    const before = outside();
    await fc.assert(
      fc.asyncProperty(hostile, async (filename) => {
        const created = await fetch(`${f.base}${MUSIC_ROUTES.uploads}`, {
          method: 'POST',
          headers: {
            ...TUS,
            ...f.page,
            origin: STUDIO_ORIGIN,
            'upload-length': String(tiny.length),
            'upload-metadata': metadata('Singles', filename),
            'content-type': 'application/offset+octet-stream',
          },
          body: tiny,
        });
        expect(created.status).toBe(201);
        expect(outside()).toEqual(before);
      }),
      { numRuns: 40 },
    );
    for (const name of playlistFiles()) {
      expect(name).not.toMatch(/^[.-]|[/\\\0]|\.\./);
      expect(name.endsWith('.wav')).toBe(true);
    }
    await expect.poll(() => readdirSync(uploadsDir())).toEqual([]);
  });
});

describe('a refused file leaves nothing behind', () => {
  it.each([
    [
      'a text file called .wav',
      () => Buffer.from('These are the lyrics, not the song.\n'.repeat(100)),
      'UPLOAD_NOT_AUDIO',
    ],
    ['an empty file', () => Buffer.alloc(0), 'UPLOAD_EMPTY'],
    ['a video without sound', () => readFileSync(videoPath), 'UPLOAD_NOT_AUDIO'],
  ])('%s', async (_what, data, code) => {
    const before = playlistFiles();
    expect(await upload(data(), 'refused.wav')).toMatchObject({ code });
    expect(playlistFiles()).toEqual(before);
    expect(readdirSync(uploadsDir())).toEqual([]);
  });

  it('a playlist that does not exist', async () => {
    expect(await upload(readFileSync(wav), 'x.wav', 'Nowhere')).toMatchObject({ code: 'NOT_FOUND' });
    expect(await upload(readFileSync(wav), 'x.wav', '../Singles')).toMatchObject({ code: 'NOT_FOUND' });
    expect(readdirSync(uploadsDir())).toEqual([]);
  });

  it('a file larger than MEDIA_UPLOAD_MAX_BYTES, before any of it is stored', async () => {
    const answer = await createUpload(8 * 1024 * 1024 + 1, 'huge.wav');
    expect(answer.status).toBe(413);
    expect(JSON.parse(await answer.text())).toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
    expect(readdirSync(uploadsDir())).toEqual([]);
  });
});

describe('an upload’s length', () => {
  const common = () => ({ ...TUS, ...f.page, origin: STUDIO_ORIGIN });

  it('must be declared: a deferred length is refused before anything is stored', async () => {
    const answer = await fetch(`${f.base}${MUSIC_ROUTES.uploads}`, {
      method: 'POST',
      headers: { ...common(), 'upload-defer-length': '1', 'upload-metadata': metadata('Singles', 'later.wav') },
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: 'Bad Request',
      code: 'INVALID_REQUEST',
      message: 'The upload must declare its length.',
    });
    expect(readdirSync(uploadsDir())).toEqual([]);
  });

  it('bounds a chunk sent without a length, byte by byte as it streams', async () => {
    const created = await createUpload(1000, 'bounded.wav');
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location') ?? '', f.base).href;
    const id = location.split('/').pop() ?? '';
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        sent += 64 * 1024;
        if (sent > 4 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const chunk = await fetch(location, {
      method: 'PATCH',
      headers: { ...common(), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(chunk.status).toBe(413);
    expect(await chunk.json()).toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
    expect(statSync(join(uploadsDir(), id)).size).toBeLessThanOrEqual(1000);
    const removed = await fetch(location, { method: 'DELETE', headers: common() });
    expect(removed.status).toBe(204);
    expect(readdirSync(uploadsDir())).toEqual([]);
  });
});

let videoPath = '';
beforeAll(async () => {
  videoPath = await makeSilentVideo(files.dir, 'silent.mp4');
});

describe('an upload’s address', () => {
  // (A bare `..` never gets here: the URL is resolved before it is sent.)
  it.each(['..%2F..%2Fkeep', '..%5Ckeep', '...', 'abc', `${'a'.repeat(32)}.json`, 'A'.repeat(32)])(
    'names nothing but an upload: %s',
    async (id) => {
      writeFileSync(join(f.site.dataDir, 'keep.json'), '{}');
      for (const method of ['HEAD', 'PATCH', 'DELETE']) {
        const answer = await fetch(`${f.base}${MUSIC_ROUTES.uploads}/${id}`, {
          method,
          headers: {
            ...TUS,
            ...f.page,
            origin: STUDIO_ORIGIN,
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
          },
          ...(method === 'PATCH' && { body: 'x' }),
        });
        expect(answer.status).toBe(404);
      }
      expect(readFileSync(join(f.site.dataDir, 'keep.json'), 'utf8')).toBe('{}');
    },
  );
});

describe('an unusable UPLOADS_DIR', () => {
  it('closes the uploads only, with a clear code, and the server runs on', async () => {
    const blocked = join(files.dir, 'not-a-folder');
    writeFileSync(blocked, 'a file where the folder should be');
    const h = await createMusicFixture({ UPLOADS_DIR: join(blocked, 'uploads') });
    try {
      const answer = await createUpload(1000, 'x.wav', h);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ code: 'STUDIO_UNAVAILABLE' });
      expect((await h.browser.request('GET', MUSIC_ROUTES.listing)).statusCode).toBe(200);
    } finally {
      await h.cleanup();
    }
  });
});

describe('uploads are guarded like every studio route', () => {
  const methods = ['POST', 'PATCH', 'HEAD', 'DELETE'] as const;
  it.each(methods)('%s without a session answers 401', async (method) => {
    const answer = await fetch(`${f.base}${MUSIC_ROUTES.uploads}/abc`, {
      method,
      headers: {
        ...TUS,
        origin: STUDIO_ORIGIN,
        'upload-length': '10',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      ...(method === 'PATCH' && { body: 'x' }),
    });
    expect(answer.status).toBe(401);
  });

  it.each(methods.filter((method) => method !== 'HEAD'))('%s from another origin answers 403', async (method) => {
    const answer = await fetch(`${f.base}${MUSIC_ROUTES.uploads}`, {
      method,
      headers: {
        ...TUS,
        ...f.page,
        origin: 'https://evil.example',
        'upload-length': '10',
        'upload-metadata': metadata('Singles', 'x.wav'),
      },
    });
    expect(answer.status).toBe(403);
    expect(readdirSync(uploadsDir())).toEqual([]);
  });
});

/**
 * Root may mount a small file system (unless a container forbids it); anyone else cannot, and
 * the test says so in its name when skipped.
 */
function canMountTmpfs(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = scratch('music-mount-probe-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe.dir], { stdio: 'ignore' });
    execFileSync('umount', [probe.dir]);
    return true;
  } catch {
    return false;
  } finally {
    probe.remove();
  }
}
const canMount = canMountTmpfs();

/** A 2 MB tmpfs mounted on a new scratch folder; `remove` unmounts it, then removes the folder. */
function smallDisk(prefix: string): ReturnType<typeof scratch> {
  const folder = scratch(prefix);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', folder.dir]);
  return {
    dir: folder.dir,
    remove: () => {
      execFileSync('umount', [folder.dir]);
      folder.remove();
    },
  };
}

/**
 * `test` on a music fixture whose unfinished uploads live on a small disk of their own, with an
 * empty Singles playlist; the fixture and the disk are removed after it.
 */
async function withSmallUploadsDisk(prefix: string, test: (h: MusicFixture, uploadsDir: string) => Promise<void>) {
  const uploadsDisk = smallDisk(prefix);
  const h = await createMusicFixture({ UPLOADS_DIR: uploadsDisk.dir });
  try {
    mkdirSync(join(h.site.mediaDir, 'Singles'));
    await h.app.library.rescan();
    await test(h, uploadsDisk.dir);
  } finally {
    await h.cleanup();
    uploadsDisk.remove();
  }
}

describe.skipIf(!canMount)(
  'a full disk (a 2 MB tmpfs as the media folder; skipped unless this process may mount one, as root)',
  () => {
    let disk: ReturnType<typeof scratch>;
    let g: MusicFixture;
    beforeAll(async () => {
      disk = smallDisk('music-full-disk-');
      mkdirSync(join(disk.dir, 'Singles'));
      g = await createMusicFixture({ MEDIA_DIR: disk.dir });
      await makeWav(files.dir, 'long.wav', 15);
    });
    afterAll(async () => {
      await g.cleanup();
      disk.remove();
    });

    it('under the unfinished uploads refuses the master with a clear code and gives the room back', () =>
      withSmallUploadsDisk('music-full-uploads-', async (h, uploadsDir) => {
        const answer = await upload(readFileSync(join(files.dir, 'long.wav')), 'big.wav', 'Singles', h);
        expect(answer).toMatchObject({ code: 'DISK_FULL' });
        expect(readdirSync(join(h.site.mediaDir, 'Singles'))).toEqual([]);
        expect(readdirSync(uploadsDir)).toEqual([]);

        // An upload that fitted when it began, then a disk filled by something else meanwhile.
        const small = readFileSync(wav);
        const created = await createUpload(small.length, 'small.wav', h);
        expect(created.status).toBe(201);
        writeFileSync(join(uploadsDir, 'other'), Buffer.alloc(1536 * 1024));
        const chunk = await patchUpload(created.headers.get('location') ?? '', 0, small, h);
        expect(chunk.status).toBe(507);
        expect(await chunk.json()).toMatchObject({ code: 'DISK_FULL' });
        expect(readdirSync(uploadsDir)).toEqual(['other']);
      }));

    it('promises each upload its room: together they never take more than the disk holds', () =>
      withSmallUploadsDisk('music-reserved-uploads-', async (h, uploadsDir) => {
        const length = 1200 * 1024;
        const create = (name: string) => createUpload(length, name, h);
        const notes = () => readdirSync(uploadsDir).filter((name) => name.endsWith('.json'));
        // Two at once, before a byte of either has come: only one can be promised its room.
        const both = await Promise.all([create('a.wav'), create('b.wav')]);
        expect(both.map((answer) => answer.status).sort()).toEqual([201, 507]);
        const refused = both.find((answer) => answer.status === 507);
        expect(await refused?.json()).toMatchObject({ code: 'DISK_FULL' });
        expect(notes()).toHaveLength(1);
        expect((await create('c.wav')).status).toBe(507);

        // An expired upload holds no room any more.
        const [first = ''] = notes();
        const note = JSON.parse(readFileSync(join(uploadsDir, first), 'utf8')) as { creation_date: string };
        note.creation_date = new Date(Date.now() - UPLOAD_EXPIRES_MS - 60_000).toISOString();
        writeFileSync(join(uploadsDir, first), JSON.stringify(note));
        const second = await create('d.wav');
        expect(second.status).toBe(201);

        // A refused upload gives its room back at once.
        expect((await create('e.wav')).status).toBe(507);
        const notAudio = Buffer.alloc(length, 'not audio ');
        const refusedBytes = await patchUpload(second.headers.get('location') ?? '', 0, notAudio, h);
        expect(await refusedBytes.json()).toMatchObject({ code: 'UPLOAD_NOT_AUDIO' });
        expect((await create('f.wav')).status).toBe(201);
      }));

    it('refuses the master with a clear code and keeps nothing', async () => {
      const data = readFileSync(join(files.dir, 'long.wav'));
      expect(data.length).toBeGreaterThan(2 * 1024 * 1024);
      const answer = await upload(data, 'big.wav', 'Singles', g);
      expect(answer).toMatchObject({ code: 'DISK_FULL' });
      expect(readdirSync(join(disk.dir, 'Singles'))).toEqual([]);
      expect(readdirSync(join(g.site.dataDir, 'uploads'))).toEqual([]);
      // The disk has its room back.
      writeFileSync(join(disk.dir, 'Singles', 'probe'), Buffer.alloc(1024 * 1024));
    });
  },
);
