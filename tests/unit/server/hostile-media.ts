/**
 * Audio files whose tags lie: MP3 and FLAC made by ffmpeg, with a picture, texts and a track
 * number written by hand, as a hostile or careless tagging tool could.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { encodeId3 } from '../../../scripts/demo-media/id3.ts';

export interface Picture {
  mimeType: string;
  data: Buffer;
}

/** One second of a tone, encoded by ffmpeg without tags. */
function encodeTone(format: 'mp3' | 'flac'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'tone-'));
  try {
    const file = join(dir, `tone.${format}`);
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
      ...['-map_metadata', '-1', '-fflags', '+bitexact', ...(format === 'mp3' ? ['-id3v2_version', '0'] : [])],
      file,
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An MP3 whose Xing header claims four billion frames (over three years of audio). */
export function mp3ClaimingYears(): Buffer {
  const mp3 = encodeTone('mp3');
  // The tag, its flags (frame and byte counts present, as LAME writes them), the frame count.
  const at = mp3.indexOf('Info');
  mp3.write('Xing', at, 'latin1');
  mp3.writeUInt32BE(0xffff_ffff, at + 8);
  return mp3;
}

/** An MP3 whose ID3 tag says what the caller wants, cover type included. */
export function mp3With(tags: { title?: string; artist?: string; track?: number; cover?: Picture }): Buffer {
  const id3 = encodeId3({
    title: tags.title ?? 'Tone',
    artist: tags.artist ?? 'Tester',
    album: 'Hostile',
    track: tags.track ?? 1,
    cover: tags.cover,
  });
  return Buffer.concat([id3, encodeTone('mp3')]);
}

/** A FLAC PICTURE metadata block (type 6) holding a front cover of the given type. */
function pictureBlock({ mimeType, data }: Picture, last: boolean): Buffer {
  const u32 = (value: number) => Buffer.from(Uint8Array.of(value >>> 24, value >>> 16, value >>> 8, value));
  const mime = Buffer.from(mimeType, 'latin1');
  const body = Buffer.concat([u32(3), u32(mime.length), mime, u32(0), u32(1), u32(1), u32(24), u32(0)]);
  const all = Buffer.concat([body, u32(data.length), data]);
  const header = Buffer.from([(last ? 0x80 : 0) | 6, all.length >>> 16, (all.length >>> 8) & 0xff, all.length & 0xff]);
  return Buffer.concat([header, all]);
}

/** A FLAC whose embedded cover is `cover`, placed right after the stream information. */
export function flacWithCover(cover: Picture): Buffer {
  const flac = encodeTone('flac');
  // "fLaC", then the STREAMINFO block: a 4-byte header and 34 bytes.
  const end = 4 + 4 + 34;
  const streamInfoWasLast = (flac[4] ?? 0) >= 0x80;
  const head = Buffer.from(flac.subarray(0, end));
  head[4] = (head[4] ?? 0) & 0x7f;
  return Buffer.concat([head, pictureBlock(cover, streamInfoWasLast), flac.subarray(end)]);
}

/** A real one-pixel PNG. */
export const tinyPng = (): Promise<Buffer> =>
  sharp({ create: { width: 1, height: 1, channels: 3, background: '#c2185b' } })
    .png()
    .toBuffer();
