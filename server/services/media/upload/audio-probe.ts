/**
 * What an uploaded file holds, by its content and never by its name: ffprobe reads its
 * container and streams. Only a file with an audio stream in a format the library serves
 * passes, and it gets the extension that format warrants (a WAV called `song.mp3` becomes
 * `song.wav`). A cover picture is allowed beside the audio; a video is not a master.
 */
import { execFile } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The ffprobe beside the configured ffmpeg (`/usr/bin/ffmpeg` → `/usr/bin/ffprobe`). */
export function ffprobeBeside(ffmpeg: string): string {
  const name = basename(ffmpeg).replace(/ffmpeg/, 'ffprobe');
  return ffmpeg.includes('/') ? join(dirname(ffmpeg), name) : name;
}

interface ProbeAnswer {
  format?: { format_name?: string };
  streams?: { codec_type?: string; codec_name?: string; disposition?: { attached_pic?: number } }[];
}

/** The extension a container (as ffprobe names it) and its audio codec warrant, or null for a format not served. */
function extensionFor(container: string, codec: string): string | null {
  const formats = container.split(',');
  if (formats.includes('wav')) return '.wav';
  if (formats.includes('flac')) return '.flac';
  if (formats.includes('mp3')) return '.mp3';
  if (formats.includes('ogg')) return codec === 'opus' ? '.opus' : '.ogg';
  if (formats.includes('aac')) return '.aac';
  if (formats.includes('m4a') || formats.includes('mp4')) return '.m4a';
  return null;
}

/**
 * The extension of an audio file of a served format, or null when `path` holds none (text,
 * a picture, a video, an unknown or unsupported format). Rejects only when ffprobe itself
 * cannot be run.
 */
export async function audioExtensionOf(path: string, ffprobe: string): Promise<string | null> {
  let answer: ProbeAnswer;
  try {
    const { stdout } = await run(
      ffprobe,
      [
        '-v',
        'error',
        '-show_entries',
        'format=format_name:stream=codec_type,codec_name:stream_disposition=attached_pic',
        '-of',
        'json',
        path,
      ],
      { maxBuffer: 1024 * 1024, timeout: 60_000 },
    );
    answer = JSON.parse(stdout) as ProbeAnswer;
  } catch (error) {
    // ffprobe ran and found no container it knows: the file is not media.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    return null;
  }
  const streams = answer.streams ?? [];
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const video = streams.some((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1);
  if (!audio || video) return null;
  return extensionFor(answer.format?.format_name ?? '', audio.codec_name ?? '');
}
