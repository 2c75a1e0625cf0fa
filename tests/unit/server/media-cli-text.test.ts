/**
 * `npm run media` prints names from the media folder, which anyone who can put a file there
 * chooses: run as the real script, control characters come out as visible escapes, never as
 * terminal escape sequences.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SAMPLE_RATE } from '../../../scripts/demo-media/synth.ts';
import { encodeWav } from '../../../scripts/demo-media/wav.ts';
import { NO_FFMPEG } from './fixture-site.ts';
import { runScript } from './run-script.ts';

let root: string;

// eslint-disable-next-line no-control-regex -- what must never reach the terminal
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'media-cli-text-'));
  const playlist = join(root, 'media', 'Singles \u202eevil');
  mkdirSync(playlist, { recursive: true });
  writeFileSync(join(playlist, '01-\u001b[31mRed\u001b]0;owned\u0007.wav'), encodeWav(new Float32Array(SAMPLE_RATE)));
  // Not audio: reported as skipped, with its name.
  writeFileSync(join(playlist, '02-\u009b2J\u001b[2Jbroken.wav'), 'not audio');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('shows control characters in names as escapes', { timeout: 30_000 }, async () => {
  const { stdout, stderr } = await runScript('media', [], {
    ...NO_FFMPEG,
    MEDIA_DIR: join(root, 'media'),
    DATA_DIR: join(root, 'data'),
  });
  expect(stdout).not.toMatch(RAW_CONTROL);
  expect(stderr).not.toMatch(RAW_CONTROL);
  expect(stdout).toContain('Singles \\u202Eevil (1 track)');
  expect(stdout).toContain('01-\\x1B[31mRed\\x1B]0;owned\\x07.wav');
  expect(stderr).toContain('02-\\x9B2J\\x1B[2Jbroken.wav');
});
