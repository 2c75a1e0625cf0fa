/**
 * One pass of ffmpeg over a master measures its loudness (EBU R128 integrated loudness and
 * true peak, from the `ebur128` filter) and streams its samples, mixed down to mono, into
 * the waveform's peak collector.
 */
import type { Readable } from 'node:stream';
import { runFfmpeg } from './ffmpeg.ts';
import { parseEbur128Summary, type Loudness } from './loudness.ts';
import { PeakCollector, type WaveformData } from './peaks.ts';

export interface Analysis extends Loudness {
  /** Seconds, from the decoded samples. */
  duration: number;
}

/**
 * Measures `file`, decoding at most `maxSeconds` of it: a longer master's analysis lasts a
 * little more than that (the caller refuses it), whatever its header claims.
 */
export async function analyse(
  ffmpeg: string,
  file: string,
  { maxSeconds, signal }: { maxSeconds: number; signal?: AbortSignal | undefined },
): Promise<{ analysis: Analysis; peaks: WaveformData }> {
  const collector = new PeakCollector();
  let streamed: Promise<void> = Promise.resolve();
  const { stderr } = await runFfmpeg(
    ffmpeg,
    [
      '-loglevel',
      'info',
      // One second more than allowed, so a longer master shows it is longer.
      '-t',
      String(maxSeconds + 1),
      '-i',
      file,
      '-filter_complex',
      // framelog=verbose keeps the ten lines a second it would log out of the info level.
      '[0:a:0]ebur128=peak=true:framelog=verbose,aformat=sample_fmts=s16:channel_layouts=mono[out]',
      '-map',
      '[out]',
      '-f',
      's16le',
      'pipe:1',
    ],
    {
      signal,
      onStdout: (stdout: Readable) => {
        streamed = new Promise((resolve, reject) => {
          stdout.on('data', (chunk: Buffer) => collector.add(chunk));
          stdout.once('end', resolve);
          stdout.once('error', reject);
        });
      },
    },
  );
  await streamed;
  const loudness = parseEbur128Summary(stderr);
  // The output stream's line names the rate the samples came out at (the master's own).
  const sampleRate = Number(/Output #0[\s\S]*?Audio: pcm_s16le[^,]*, (\d+) Hz/.exec(stderr)?.[1]);
  if (!loudness || !sampleRate || collector.sampleCount === 0) throw new Error('ffmpeg found no audio to measure');
  return {
    analysis: { ...loudness, duration: collector.sampleCount / sampleRate },
    peaks: collector.finish(sampleRate),
  };
}

/**
 * The true peak of an encoded file (dBTP), as the listener's decoder will produce it, from
 * its first `maxSeconds`.
 */
export async function measureTruePeak(
  ffmpeg: string,
  file: string,
  { maxSeconds, signal }: { maxSeconds: number; signal?: AbortSignal | undefined },
): Promise<number> {
  const { stderr } = await runFfmpeg(
    ffmpeg,
    [
      ...['-loglevel', 'info', '-t', String(maxSeconds), '-i', file],
      ...['-filter:a', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'],
    ],
    { signal },
  );
  const loudness = parseEbur128Summary(stderr);
  if (!loudness) throw new Error('ffmpeg could not measure the rendition');
  return loudness.truePeak;
}
