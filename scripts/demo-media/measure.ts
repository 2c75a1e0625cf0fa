/**
 * Measures audio files with Debian's ffmpeg directly (not through the server's code), for the
 * tests and the benchmark that check what the renditions sound like.
 */
import { execFileSync, spawnSync } from 'node:child_process';

/** Integrated loudness (LUFS) and true peak (dBTP) of a file, by ffmpeg's ebur128 filter. */
export function measureLoudness(file: string): { integrated: number; truePeak: number } {
  const { stderr } = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-i',
      file,
      '-filter:a',
      'ebur128=peak=true:framelog=verbose',
      '-f',
      'null',
      '-',
    ],
    { encoding: 'utf8' },
  );
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = Number(/I:\s+(\S+) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/Peak:\s+(\S+) dBFS/.exec(summary)?.[1]);
  if (!Number.isFinite(integrated) || !Number.isFinite(truePeak))
    throw new Error(`could not measure ${file}: ${stderr}`);
  return { integrated, truePeak };
}

/** The codec and container ffprobe finds in a file, e.g. { codec: 'opus', container: 'matroska,webm' }. */
export function probeAudio(file: string): { codec: string; container: string } {
  const output = execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'a:0',
      '-show_entries',
      'stream=codec_name:format=format_name',
      '-of',
      'json',
      file,
    ],
    { encoding: 'utf8' },
  );
  const parsed = JSON.parse(output) as { streams: { codec_name: string }[]; format: { format_name: string } };
  return { codec: parsed.streams[0]?.codec_name ?? '', container: parsed.format.format_name };
}
