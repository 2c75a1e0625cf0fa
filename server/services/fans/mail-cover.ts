/**
 * A release's cover as an announcement's mails carry it: made small (600 px wide at most, a
 * JPEG of some tens of KB) by ffmpeg, once, when the announcement is created, and sent inside
 * each mail rather than linked, so that opening a mail asks nothing of any server.
 */
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { runFfmpeg } from '../renditions/ffmpeg.ts';
import type { ReleaseFile } from '../media/music-releases.ts';

/** The widest a mail's cover is drawn, in CSS pixels; the image has that many pixels. */
export const MAIL_COVER_WIDTH = 600;

/** The release's cover made small for a mail, or null when it has none or ffmpeg cannot read it. */
export async function mailCover(
  contentDir: string,
  { release }: ReleaseFile,
  ffmpegPath: string,
  onFailure: (reason: string) => void,
): Promise<Uint8Array | null> {
  if (!release.cover) return null;
  const chunks: Buffer[] = [];
  try {
    await runFfmpeg(
      ffmpegPath,
      [
        '-i',
        join(contentDir, 'releases', release.cover),
        '-vf',
        `scale='min(${MAIL_COVER_WIDTH},iw)':-2`,
        '-frames:v',
        '1',
        '-q:v',
        '4',
        '-f',
        'mjpeg',
        'pipe:1',
      ],
      { onStdout: (stdout: Readable) => stdout.on('data', (chunk: Buffer) => chunks.push(chunk)) },
    );
  } catch (error) {
    onFailure((error as Error).message);
    return null;
  }
  return Buffer.concat(chunks);
}
