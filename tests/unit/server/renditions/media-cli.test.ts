/** `npm run media`: the artist's listing and the CDN folder, run as the real script with real ffmpeg. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMaster } from '../../../../scripts/demo-media/master.ts';
import { writeLongWav } from './long-wav.ts';
import { runScript } from '../run-script.ts';

let root: string;

async function media(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return mediaIn(root, {}, ...args);
}

async function mediaIn(folder: string, env: NodeJS.ProcessEnv, ...args: string[]) {
  return runScript('media', args, { MEDIA_DIR: join(folder, 'media'), DATA_DIR: join(folder, 'data'), ...env });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'media-cli-'));
  mkdirSync(join(root, 'media', 'Cocktail Nº1'), { recursive: true });
  await writeMaster(join(root, 'media', 'Cocktail Nº1', '01-Loud.flac'), { seconds: 3, levelDb: 12, format: 'flac' });
  await writeMaster(join(root, 'media', 'Cocktail Nº1', '02-Quiet.wav'), { seconds: 3, levelDb: -6, seed: 2 });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run media', { timeout: 30_000 }, () => {
  it('lists every track as pending before anything is made, and makes nothing', async () => {
    const { stdout } = await media();
    expect(stdout).toContain('Cocktail Nº1 (2 tracks)');
    expect(stdout).toMatch(/01-Loud\.flac\n\s+0:03 · FLAC \d+ KB · not measured yet\n\s+pending/);
    expect(stdout).toContain('0 ready, 2 pending, 0 failed.');
    expect(existsSync(join(root, 'data', 'renditions'))).toBe(true);
    expect(readdirSync(join(root, 'data', 'renditions')).filter((name) => /^[0-9a-f]{24}$/.test(name))).toEqual([]);
  });

  it('builds every rendition with a progress bar, and writes the CDN folder', async () => {
    const out = join(root, 'cdn');
    const { stdout, stderr } = await media('build', out);
    expect(stderr).toMatch(/track 1 of 2 · estimating · measuring Cocktail Nº1\/01-Loud\.flac/);
    expect(stderr).toMatch(/track 2 of 2 · \d+:\d\d left · encoding aac Cocktail Nº1\/02-Quiet\.wav/);
    expect(stdout).toContain('2 ready, 0 pending, 0 failed.');
    // Loudness before and after: the loud master comes down to −14 LUFS.
    expect(stdout).toMatch(/01-Loud\.flac\n.*LUFS.*dBTP → -14\.\d LUFS/);
    expect(stdout).toMatch(/ready: opus \d+ KB, aac \d+ KB/);

    expect(readdirSync(join(out, 'Cocktail Nº1')).sort()).toEqual(['01-Loud.flac', '02-Quiet.wav']);
    const folders = readdirSync(join(out, 'renditions'));
    expect(folders).toHaveLength(2);
    for (const folder of folders) {
      const names = readdirSync(join(out, 'renditions', folder)).sort();
      expect(names).toHaveLength(3);
      expect(names[0]).toMatch(/^aac-[0-9a-f]{10}\.m4a$/);
      expect(names[1]).toMatch(/^opus-[0-9a-f]{10}\.webm$/);
      expect(names[2]).toBe('peaks-v1.json');
    }
  });

  it('shows a master longer than RENDITION_MAX_LENGTH_S as failed, and makes the others', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'media-cli-long-'));
    try {
      mkdirSync(join(folder, 'media', 'Long'), { recursive: true });
      writeLongWav(join(folder, 'media', 'Long', '01-Long.wav'));
      await writeMaster(join(folder, 'media', 'Long', '02-Song.wav'), { seconds: 3, levelDb: 6 });
      const { stdout } = await mediaIn(folder, { RENDITION_MAX_LENGTH_S: '3600' }, 'build', join(folder, 'cdn'));
      expect(stdout).toMatch(/01-Long\.wav\n.*not measured yet\n\s+FAILED: longer than 1:00:00\n/);
      expect(stdout).toMatch(/02-Song\.wav\n.*\n\s+ready: opus/);
      expect(stdout).toContain('1 ready, 0 pending, 1 failed.');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('says how to use it when asked something else', async () => {
    await expect(media('frobnicate')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage') as unknown,
    });
  });
});
