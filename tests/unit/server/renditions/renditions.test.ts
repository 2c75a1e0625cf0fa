/**
 * The renditions service with Debian's real ffmpeg on generated masters of a few seconds:
 * what it makes, how loud, when, and that it never does the same work twice.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeMaster } from '../../../../scripts/demo-media/master.ts';
import { openMediaLibrary, type MediaLibrary, type Track } from '../../../../server/services/media/media-library.ts';
import { FFMPEG_INSTALL_HINT } from '../../../../server/services/renditions/ffmpeg.ts';
import type { LoudnessMode } from '../../../../server/services/renditions/loudness.ts';
import type { RenditionLimits } from '../../../../server/services/renditions/limits.ts';
import { openRenditions, type Renditions } from '../../../../server/services/renditions/renditions.ts';
import { measureLoudness, probeAudio } from '../../../../scripts/demo-media/measure.ts';
import { recordingLogger } from '../media-fixture.ts';
import { writeLongWav } from './long-wav.ts';

const PLAYLIST = 'Masters';
let mediaDir: string;
let cacheDir: string;
let opened: { close(): unknown }[];

beforeEach(() => {
  mediaDir = mkdtempSync(join(tmpdir(), 'renditions-media-'));
  cacheDir = mkdtempSync(join(tmpdir(), 'renditions-cache-'));
  mkdirSync(join(mediaDir, PLAYLIST));
  opened = [];
});
afterEach(async () => {
  for (const thing of opened.reverse()) await thing.close();
  rmSync(mediaDir, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
});

interface Instance {
  library: MediaLibrary;
  renditions: Renditions;
  jobs: string[];
  log: ReturnType<typeof recordingLogger>;
}

interface StartOptions {
  watch?: boolean;
  mode?: LoudnessMode;
  ffmpeg?: string;
  limits?: Partial<RenditionLimits>;
}

async function start(options: StartOptions = {}): Promise<Instance> {
  const log = recordingLogger();
  const library = await openMediaLibrary({ dir: mediaDir, log, watch: options.watch ?? false, debounceMs: 50 });
  opened.push(library);
  const jobs: string[] = [];
  const renditions = await openRenditions({
    library,
    dir: cacheDir,
    ffmpeg: options.ffmpeg ?? 'ffmpeg',
    mode: options.mode ?? 'track',
    log,
    retryMs: 100,
    ...(options.limits ? { limits: options.limits } : {}),
    onJob: ({ track, step }) => jobs.push(`${track.file} ${step.replace(/-.*/, '')}`),
  });
  opened.push(renditions);
  return { library, renditions, jobs, log };
}

const master = (file: string, options: Parameters<typeof writeMaster>[1]) =>
  writeMaster(join(mediaDir, PLAYLIST, file), options);

const trackOf = (instance: Instance, file: string): Track => {
  const track = instance.library.track(PLAYLIST, file);
  if (!track) throw new Error(`${file} is not in the library`);
  return track;
};

const fileOf = (instance: Instance, file: string, format: 'opus' | 'aac') => {
  const made = instance.renditions.of(trackOf(instance, file));
  const rendition = made.renditions.find((candidate) => candidate.format.id === format);
  if (!made.hash || !rendition) throw new Error(`${file} has no ${format} rendition`);
  return join(cacheDir, made.hash, rendition.file);
};

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const isReady = (instance: Instance, file: string) => {
  const track = instance.library.track(PLAYLIST, file);
  return track !== undefined && instance.renditions.of(track).status === 'ready';
};

// ffmpeg runs several times per master: more than the default 5 s on a busy two-core machine.
describe('renditions made from the masters', { timeout: 30_000 }, () => {
  it('appear without a restart after a master is dropped: Opus and AAC at −14 LUFS, and a waveform', async () => {
    const instance = await start({ watch: true });
    await instance.renditions.idle();
    // A loud, dense master (the peak allows the gain) as FLAC, a quiet one as WAV.
    await master('loud.flac', { seconds: 6, levelDb: 12, format: 'flac' });
    await master('quiet.wav', { seconds: 6, levelDb: -14, seed: 3 });
    await until(() => isReady(instance, 'loud.flac') && isReady(instance, 'quiet.wav'), 'both are ready');

    expect(probeAudio(fileOf(instance, 'loud.flac', 'opus'))).toEqual({ codec: 'opus', container: 'matroska,webm' });
    expect(probeAudio(fileOf(instance, 'loud.flac', 'aac'))).toMatchObject({ codec: 'aac' });
    expect(probeAudio(fileOf(instance, 'loud.flac', 'aac')).container).toContain('mp4');

    for (const format of ['opus', 'aac'] as const) {
      const loud = measureLoudness(fileOf(instance, 'loud.flac', format));
      expect(loud.integrated).toBeGreaterThanOrEqual(-15);
      expect(loud.integrated).toBeLessThanOrEqual(-13);
      expect(loud.truePeak).toBeLessThanOrEqual(-1);
      // The quiet master's gain stops at its peak: no compressor raises it further.
      const quiet = measureLoudness(fileOf(instance, 'quiet.wav', format));
      expect(quiet.truePeak).toBeLessThanOrEqual(-1);
      expect(quiet.truePeak).toBeGreaterThanOrEqual(-2);
      expect(quiet.integrated).toBeLessThan(-15);
    }

    const loud = instance.renditions.of(trackOf(instance, 'loud.flac'));
    expect(loud.loudness?.integrated).toBeGreaterThan(-11);
    expect(loud.loudness?.gain).toBeCloseTo(-14 - (loud.loudness?.integrated ?? 0), 1);
    const peaks = JSON.parse(readFileSync(join(cacheDir, loud.hash ?? '', loud.peaks ?? ''), 'utf8')) as {
      version: number;
      length: number;
      data: number[];
    };
    expect(peaks.version).toBe(2);
    expect(peaks.length).toBeGreaterThanOrEqual(1000);
    expect(peaks.length).toBeLessThanOrEqual(2000);
    expect(Math.max(...peaks.data)).toBeGreaterThan(60);
  });

  it('makes new renditions of a replaced master and deletes the old ones', async () => {
    const instance = await start({ watch: true });
    await master('song.wav', { seconds: 3, levelDb: 6 });
    await until(() => isReady(instance, 'song.wav'), 'the first version is ready');
    const first = instance.renditions.of(trackOf(instance, 'song.wav'));
    const firstFolder = join(cacheDir, first.hash ?? '');
    expect(existsSync(firstFolder)).toBe(true);

    await master('song.wav', { seconds: 4, levelDb: 3, seed: 9 });
    await until(() => {
      const made = instance.renditions.of(trackOf(instance, 'song.wav'));
      return made.status === 'ready' && made.hash !== first.hash;
    }, 'the new version is ready');
    await until(() => !existsSync(firstFolder), 'the old renditions are gone');
  });

  it('skips a master ffmpeg cannot decode, logs its name, and still makes the others', async () => {
    await master('good.wav', { seconds: 3, levelDb: 6 });
    // A WAV whose header says MP3 while it holds PCM: the library reads its header, ffmpeg fails.
    await master('broken.wav', { seconds: 3 });
    const broken = readFileSync(join(mediaDir, PLAYLIST, 'broken.wav'));
    broken.writeUInt16LE(0x55, broken.indexOf('fmt ') + 8);
    writeFileSync(join(mediaDir, PLAYLIST, 'broken.wav'), broken);

    const instance = await start();
    await instance.renditions.idle();
    expect(isReady(instance, 'good.wav')).toBe(true);
    const failed = instance.renditions.of(trackOf(instance, 'broken.wav'));
    expect(failed.status).toBe('failed');
    expect(failed.failure).toMatch(/ffmpeg/);
    expect(instance.log.warnings).toContainEqual({
      object: expect.objectContaining({ playlist: PLAYLIST, file: 'broken.wav' }) as object,
      message: 'could not make a rendition',
    });

    // An unchanged file is not tried again, even after a restart.
    await instance.renditions.close();
    const again = await start();
    await again.renditions.idle();
    expect(again.jobs).toEqual([]);
    expect(again.renditions.of(trackOf(again, 'broken.wav')).status).toBe('failed');
  });

  it('never does finished work again: a restart, or a second instance on the same folders', async () => {
    await master('one.wav', { seconds: 3, levelDb: 6 });
    await master('two.flac', { seconds: 3, levelDb: 3, format: 'flac', seed: 4 });
    const [first, second] = await Promise.all([start(), start()]);
    await Promise.all([first.renditions.idle(), second.renditions.idle()]);

    const every = [...first.jobs, ...second.jobs].sort();
    expect(every).toEqual([
      'one.wav aac',
      'one.wav analysis',
      'one.wav opus',
      'two.flac aac',
      'two.flac analysis',
      'two.flac opus',
    ]);
    for (const instance of [first, second]) {
      expect(isReady(instance, 'one.wav') && isReady(instance, 'two.flac')).toBe(true);
    }
    expect(first.renditions.version()).toBe(second.renditions.version());

    const restarted = await start();
    await restarted.renditions.idle();
    expect(restarted.jobs).toEqual([]);
    expect(isReady(restarted, 'two.flac')).toBe(true);
  });

  it('gives a playlist’s tracks one gain in album mode', async () => {
    await master('intro.wav', { seconds: 3, levelDb: -10 });
    await master('song.wav', { seconds: 3, levelDb: 6, seed: 5 });
    const instance = await start({ mode: 'album' });
    await instance.renditions.idle();
    const intro = instance.renditions.of(trackOf(instance, 'intro.wav')).loudness;
    const song = instance.renditions.of(trackOf(instance, 'song.wav')).loudness;
    expect(intro?.gain).toBe(song?.gain);
    // Measured on the Opus renditions: ffmpeg's AAC encoder overshoots this synthetic master's
    // peaks by 3 dB, so its AAC is encoded again quieter to stay under −1 dBTP.
    const after = {
      intro: measureLoudness(fileOf(instance, 'intro.wav', 'opus')).integrated,
      song: measureLoudness(fileOf(instance, 'song.wav', 'opus')).integrated,
    };
    // The intro stays as much quieter than the song as it is on the master.
    expect(after.song - after.intro).toBeCloseTo((song?.integrated ?? 0) - (intro?.integrated ?? 0), 0);
  });

  it('without ffmpeg, warns once naming the install command and leaves the originals', async () => {
    await master('one.wav', { seconds: 2 });
    const instance = await start({ ffmpeg: join(mediaDir, 'no-ffmpeg-here') });
    await instance.renditions.idle();
    expect(instance.renditions.canRender).toBe(false);
    expect(instance.renditions.of(trackOf(instance, 'one.wav'))).toMatchObject({
      status: 'unavailable',
      renditions: [],
      peaks: null,
    });
    expect(instance.log.warnings).toHaveLength(1);
    expect(instance.log.warnings[0]?.message).toContain(FFMPEG_INSTALL_HINT);
    expect(instance.jobs).toEqual([]);
  });
});

/** The ffmpeg this test's process started on `file` (read from /proc), or null. */
function ffmpegOn(file: string): number | null {
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(file)) return Number(entry);
    } catch {
      // The process ended while it was being read.
    }
  }
  return null;
}

const hasEnded = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

/** Every file in the renditions folder, by path relative to it, with its size. */
const cacheFiles = () =>
  readdirSync(cacheDir, { recursive: true, encoding: 'utf8' })
    .map((name) => ({ name, bytes: statSync(join(cacheDir, name)).size }))
    .filter((file) => !statSync(join(cacheDir, file.name)).isDirectory());
const partialFiles = () => cacheFiles().filter((file) => file.name.endsWith('.tmp'));
const bytesOf = (hash: string | null) =>
  cacheFiles()
    .filter((file) => hash && file.name.startsWith(`${hash}/`))
    .reduce((sum, file) => sum + file.bytes, 0);

/** Waits until ffmpeg is writing a rendition of the master `file` and returns its process id. */
async function encodingOf(file: string): Promise<number> {
  const path = join(mediaDir, PLAYLIST, file);
  let pid: number | null = null;
  await until(() => partialFiles().length > 0 && (pid = ffmpegOn(path)) !== null, `ffmpeg encodes ${file}`);
  return pid as unknown as number;
}

describe('renditions within limits', { timeout: 30_000 }, () => {
  it('refuses a master longer than the limit, measured on its samples, and makes the next one', async () => {
    writeLongWav(join(mediaDir, PLAYLIST, '1-long.wav'));
    await master('2-normal.wav', { seconds: 3, levelDb: 6 });
    const instance = await start();
    await until(() => isReady(instance, '2-normal.wav'), 'the normal track is ready');
    await instance.renditions.idle();

    const longOne = instance.renditions.of(trackOf(instance, '1-long.wav'));
    expect(longOne).toMatchObject({ status: 'failed', failure: 'longer than 4:00:00', renditions: [], peaks: null });
    expect(instance.jobs.filter((job) => job.startsWith('1-long'))).toEqual(['1-long.wav analysis']);
    // Only the note of the failure is kept: no rendition, no waveform of it.
    expect(bytesOf(longOne.hash)).toBeLessThan(1024);
    expect(partialFiles()).toEqual([]);
  });

  it('does not hold back a release in album mode when one of its masters is refused', async () => {
    writeLongWav(join(mediaDir, PLAYLIST, '1-long.wav'));
    await master('2-normal.wav', { seconds: 3, levelDb: 6 });
    const instance = await start({ mode: 'album' });
    await instance.renditions.idle();
    expect(instance.renditions.of(trackOf(instance, '1-long.wav')).status).toBe('failed');
    expect(isReady(instance, '2-normal.wav')).toBe(true);
  });

  it('tries a refused master again when the limits change, and only then', async () => {
    writeLongWav(join(mediaDir, PLAYLIST, 'long.wav'));
    const first = await start();
    await first.renditions.idle();
    await first.renditions.close();

    const same = await start();
    await same.renditions.idle();
    expect(same.jobs).toEqual([]);
    await same.renditions.close();

    const lower = await start({ limits: { maxLengthSeconds: 3600 } });
    await lower.renditions.idle();
    expect(lower.jobs).toEqual(['long.wav analysis']);
    expect(lower.renditions.of(trackOf(lower, 'long.wav')).failure).toBe('longer than 1:00:00');
  });

  it('kills a job that runs past the time limit, writes down why, and leaves no partial file', async () => {
    writeLongWav(join(mediaDir, PLAYLIST, 'long.wav'));
    const instance = await start({ limits: { maxLengthSeconds: 100 * 3600, timeoutSeconds: 3 } });
    const pid = await encodingOf('long.wav');
    await until(() => instance.renditions.of(trackOf(instance, 'long.wav')).status === 'failed', 'the job failed');

    expect(instance.renditions.of(trackOf(instance, 'long.wav')).failure).toBe('took longer than 3 s');
    expect(hasEnded(pid)).toBe(true);
    expect(partialFiles()).toEqual([]);
    // Three seconds of encoding: a few MB at most, where the whole file would make gigabytes.
    expect(bytesOf(instance.renditions.of(trackOf(instance, 'long.wav')).hash)).toBeLessThan(20_000_000);
  });

  it('stops the job of a master removed while ffmpeg works on it, and deletes its partial file', async () => {
    writeLongWav(join(mediaDir, PLAYLIST, 'long.wav'));
    await start({ watch: true, limits: { maxLengthSeconds: 100 * 3600 } });
    const pid = await encodingOf('long.wav');
    rmSync(join(mediaDir, PLAYLIST, 'long.wav'));
    await until(() => hasEnded(pid), 'ffmpeg ended', 10_000);
    await until(() => partialFiles().length === 0, 'the partial file is gone', 10_000);
  });

  it('stops the job of a master replaced while ffmpeg works on it, and makes the new one', async () => {
    writeLongWav(join(mediaDir, PLAYLIST, 'song.wav'));
    const instance = await start({ watch: true, limits: { maxLengthSeconds: 100 * 3600 } });
    const pid = await encodingOf('song.wav');
    const old = instance.renditions.of(trackOf(instance, 'song.wav')).hash;
    await master('song.wav', { seconds: 3, levelDb: 6 });
    await until(() => hasEnded(pid), 'the old job ended', 10_000);
    await until(() => {
      const made = instance.renditions.of(trackOf(instance, 'song.wav'));
      return made.status === 'ready' && made.hash !== old;
    }, 'the new version is ready');
    expect(partialFiles()).toEqual([]);
  });
});
