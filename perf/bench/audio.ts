/**
 * The benchmark's audio section: how music goes from the artist's master to a listener (bytes
 * per song, time to render, click to playing on a slow mobile network, loudness of every
 * rendition), on one generated 4-minute master in CD format, as WAV then as FLAC.
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeMaster } from '../../scripts/demo-media/master.ts';
import { measureLoudness } from '../../scripts/demo-media/measure.ts';
import { openMediaLibrary } from '../../server/services/media/media-library.ts';
import { openRenditions, type TrackRenditions } from '../../server/services/renditions/renditions.ts';
import { measureThrottledPlayback, type NetworkConditions, type ThrottledPlayback } from './playback.ts';
import { waitForRenditions } from '../harness/renditions-ready.ts';
import { startBenchServer } from '../harness/server.ts';

export const MASTER_SECONDS = 240;
/** A phone on a poor mobile network, like Chromium DevTools' "Slow 4G" profile. */
export const SLOW_MOBILE: NetworkConditions = { downloadKbps: 1600, uploadKbps: 750, latencyMs: 150 };
/** The hero key the playback measurement clicks plays this playlist. */
const KEY_PLAYLIST = 'Cocktail Nº1';

export interface AudioFile {
  name: string;
  bytes: number;
}

export interface RenditionLoudness {
  playlist: string;
  title: string;
  format: string;
  integrated: number;
  truePeak: number;
  /** The gain stopped at the −1 dBTP ceiling, so −14 LUFS could not be reached. */
  peakLimited: boolean;
}

export interface AudioResult {
  masterSeconds: number;
  network: NetworkConditions;
  files: AudioFile[];
  /** Seconds to render one song, per master format. */
  renderSeconds: Record<string, number>;
  clickToPlaying: { name: string; playback: ThrottledPlayback }[];
  demoLoudness: RenditionLoudness[];
}

type Log = (line: string) => void;

/** Renders the one master in `mediaDir` into `cacheDir`, timing it; returns what was made. */
async function render(mediaDir: string, cacheDir: string): Promise<{ seconds: number; made: TrackRenditions }> {
  const quiet = { info: () => {}, warn: (object: object, message: string) => console.error(message, object) };
  const library = await openMediaLibrary({ dir: mediaDir, log: quiet, watch: false });
  const started = process.hrtime.bigint();
  const renditions = await openRenditions({ library, dir: cacheDir, ffmpeg: 'ffmpeg', mode: 'track', log: quiet });
  await renditions.idle();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const [track] = library.tracks(KEY_PLAYLIST);
  const made = track ? renditions.of(track) : null;
  await renditions.close();
  library.close();
  if (made?.status !== 'ready') throw new Error(`the master was not rendered (${made?.failure ?? 'no track'})`);
  return { seconds, made };
}

/** Click to playing on a server over `mediaDir`, with or without ffmpeg. */
async function timePlayback(
  distDir: string,
  mediaDir: string,
  env: Record<string, string>,
  samples: number,
): Promise<ThrottledPlayback> {
  const server = await startBenchServer(distDir, { mediaDir, env });
  try {
    if (!env['FFMPEG_PATH']) await waitForRenditions(server.url);
    return await measureThrottledPlayback(server.url, samples, SLOW_MOBILE);
  } finally {
    await server.stop();
  }
}

interface ApiTrack {
  title: string;
  sources: { url: string; mimeType: string }[];
  loudness: { integrated: number; truePeak: number; gain: number } | null;
}

/** Downloads every rendition of the demo set from the running server and measures it. */
async function measureDemoSet(baseUrl: string, workDir: string): Promise<RenditionLoudness[]> {
  const ask = async <T>(query: string, variables: object = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return ((await response.json()) as { data: T }).data;
  };
  const { playlists } = await ask<{ playlists: { name: string }[] }>('{ playlists { name } }');
  const measured: RenditionLoudness[] = [];
  for (const { name } of playlists) {
    const { playlist } = await ask<{ playlist: ApiTrack[] }>(
      'query($name:String!){playlist(playlistName:$name){title sources{url mimeType} loudness{integrated truePeak gain}}}',
      { name },
    );
    for (const track of playlist) {
      for (const source of track.sources) {
        const file = join(workDir, `measure-${measured.length}`);
        await writeFile(file, Buffer.from(await (await fetch(new URL(source.url, baseUrl))).arrayBuffer()));
        const { integrated, truePeak } = measureLoudness(file);
        await rm(file);
        const loudness = track.loudness;
        measured.push({
          playlist: name,
          title: track.title,
          format: source.mimeType.split(';')[0] ?? source.mimeType,
          integrated,
          truePeak,
          peakLimited: loudness !== null && loudness.gain < -14 - loudness.integrated - 0.05,
        });
      }
    }
  }
  return measured;
}

export async function measureAudio(
  distDir: string,
  demoServerUrl: string,
  samples: number,
  log: Log,
): Promise<AudioResult> {
  const workDir = await mkdtemp(join(tmpdir(), 'bench-audio-'));
  try {
    const files: AudioFile[] = [];
    const renderSeconds: Record<string, number> = {};
    const clickToPlaying: AudioResult['clickToPlaying'] = [];
    let renditionsOfWav = '';
    let wavFolder = '';
    for (const format of ['wav', 'flac'] as const) {
      const mediaDir = join(workDir, `${format}-media`);
      await mkdir(join(mediaDir, KEY_PLAYLIST), { recursive: true });
      const master = join(mediaDir, KEY_PLAYLIST, `01-Master.${format}`);
      log(`audio: writing a ${MASTER_SECONDS / 60}-minute ${format.toUpperCase()} master…`);
      await writeMaster(master, { seconds: MASTER_SECONDS, levelDb: 6, format });
      files.push({ name: `${format.toUpperCase()} master`, bytes: (await stat(master)).size });

      log(`audio: rendering the ${format.toUpperCase()} master…`);
      const cacheDir = join(workDir, `${format}-renditions`);
      const { seconds, made } = await render(mediaDir, cacheDir);
      renderSeconds[format.toUpperCase()] = seconds;
      if (format === 'wav') {
        for (const rendition of made.renditions) {
          files.push({
            name: rendition.format.id === 'opus' ? 'Opus 96 kbps' : 'AAC 160 kbps',
            bytes: rendition.bytes,
          });
        }
        renditionsOfWav = cacheDir;
        wavFolder = mediaDir;
      }

      log(`audio: click to playing the ${format.toUpperCase()} master itself on a slow network…`);
      const original = await timePlayback(distDir, mediaDir, { FFMPEG_PATH: '/nonexistent/ffmpeg' }, samples);
      clickToPlaying.push({ name: `${format.toUpperCase()} master`, playback: original });
    }
    log('audio: click to playing the rendition on a slow network…');
    const rendition = await timePlayback(distDir, wavFolder, { RENDITIONS_DIR: renditionsOfWav }, samples);
    clickToPlaying.push({ name: 'rendition', playback: rendition });

    log('audio: measuring the loudness of every rendition of the demo set…');
    const demoLoudness = await measureDemoSet(demoServerUrl, workDir);
    return { masterSeconds: MASTER_SECONDS, network: SLOW_MOBILE, files, renderSeconds, clickToPlaying, demoLoudness };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
