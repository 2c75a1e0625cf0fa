/**
 * `npm run media`: the catalogue as the site streams it, for the artist to check (each track's
 * length, format, loudness and renditions); `npm run media -- build [folder]` makes what is
 * missing and writes the media tree the site's audio URLs point to, ready to upload.
 */
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { loadConfig, renditionLimits } from '../server/config.ts';
import { escapeControls as shown } from '../src/lib/control-characters.ts';
import { openMediaLibrary, type MediaLibrary } from '../server/services/media/media-library.ts';
import { hasUsableFfmpeg, FFMPEG_INSTALL_HINT } from '../server/services/renditions/ffmpeg.ts';
import { RENDITION_FORMATS } from '../server/services/renditions/formats.ts';
import { openRenditions, type Renditions } from '../server/services/renditions/renditions.ts';
import { describeCatalogue } from '../server/services/media/music-listing.ts';
import { RENDITIONS_FOLDER } from '../server/services/media/track-urls.ts';
import type { TrackListing } from '../src/lib/studio-music.ts';

const config = loadConfig();
const [command = 'list', output = 'dist-media'] = process.argv.slice(2);
const quiet = { info: () => {}, warn: () => {} };
/** A warning's details (file names, reasons) as `key: value` pairs, shown as plain text. */
const describe = (object: object) =>
  Object.entries(object)
    .map(([key, value]) => `${key}: ${shown(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join(', ');
const warnings = {
  info: () => {},
  warn: (object: object, message: string) => console.error(`! ${message} (${describe(object)})`),
};

const kilobytes = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.round(bytes / 1000)} KB`;
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;
const decibels = (value: number, unit: string) => `${value.toFixed(1)} ${unit}`;
const signed = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(1)} dB`;

const everyTrack = (library: MediaLibrary) => library.playlists().flatMap((playlist) => library.tracks(playlist.name));

function describeLoudness({ loudness }: TrackListing): string {
  if (!loudness) return 'not measured yet';
  const { before, after, gain } = loudness;
  return (
    `${decibels(before.integrated, 'LUFS')} ${decibels(before.truePeak, 'dBTP')} → ` +
    `${decibels(after.integrated, 'LUFS')} ${decibels(after.truePeak, 'dBTP')} (${signed(gain)})`
  );
}

function describeRenditions(track: TrackListing): string {
  const files = track.renditions.map((rendition) => `${rendition.format} ${kilobytes(rendition.bytes)}`).join(', ');
  if (track.status === 'ready') return `ready: ${files}`;
  if (track.status === 'failed') return `FAILED: ${shown(track.failure ?? 'unknown reason')}`;
  return files ? `pending (${files} done)` : 'pending';
}

/** Every playlist and track; names from the folder are printed escaped, so none can drive the terminal. */
function list(library: MediaLibrary, renditions: Renditions, ffmpegThere: boolean): void {
  const counts = { ready: 0, pending: 0, failed: 0 };
  for (const playlist of describeCatalogue(library, renditions)) {
    const count = playlist.tracks.length;
    console.log(`\n${shown(playlist.name)} (${count} ${count === 1 ? 'track' : 'tracks'})`);
    for (const track of playlist.tracks) {
      counts[track.status] += 1;
      console.log(`  ${shown(track.file)}`);
      console.log(
        `    ${clock(track.duration)} · ${track.format} ${kilobytes(track.size)} · ${describeLoudness(track)}`,
      );
      console.log(`    ${describeRenditions(track)}`);
    }
  }
  console.log(`\n${counts.ready} ready, ${counts.pending} pending, ${counts.failed} failed.`);
  if (counts.pending > 0) {
    console.log(
      ffmpegThere
        ? 'The server makes pending renditions in the background; `npm run media -- build` makes them now.'
        : `ffmpeg is not installed, so nothing is made: ${FFMPEG_INSTALL_HINT}`,
    );
  }
}

/** One line on a terminal, redrawn in place; a line per update elsewhere (CI logs). */
function progressLine(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${text.slice(0, process.stderr.columns - 1)}`);
  else process.stderr.write(`${text}\n`);
}

/**
 * Makes every missing rendition (with a progress bar), then writes the originals
 * (`<playlist>/<file>`) and the renditions and waveforms (`renditions/<hash>/<file>`) into the
 * output folder (default `dist-media/`), for where MEDIA_BASE_URL points.
 */
async function build(library: MediaLibrary): Promise<void> {
  // What is there already, read without making anything, gives the length of the bar: each
  // track needs a measurement (with its waveform) and its renditions, one ffmpeg job each.
  const before = await openRenditions({ ...rendering, render: false, log: quiet });
  await before.idle();
  const todo = everyTrack(library).filter((track) => before.of(track).status !== 'ready');
  const totalJobs = todo.reduce((sum, track) => {
    const made = before.of(track);
    return sum + (made.loudness ? 0 : 1) + RENDITION_FORMATS.length - made.renditions.length;
  }, 0);
  await before.close();

  const started = Date.now();
  let jobs = 0;
  const renditions = await openRenditions({
    ...rendering,
    log: warnings,
    onJob: ({ track, step }) => {
      const total = Math.max(totalJobs, jobs + 1);
      const left = jobs > 0 ? ((Date.now() - started) / jobs) * (total - jobs) : null;
      const width = 20;
      const filled = Math.round((jobs / total) * width);
      const what = step === 'analysis' ? 'measuring' : `encoding ${step.replace(/-.*/, '')}`;
      progressLine(
        `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] track ${todo.indexOf(track) + 1} of ${todo.length} · ` +
          `${left === null ? 'estimating' : `${clock(left / 1000)} left`} · ${what} ${shown(`${track.playlist}/${track.file}`)}`,
      );
      jobs += 1;
    },
  });
  if (!renditions.canRender) {
    console.error(`ffmpeg (with libopus and aac) is needed to make the renditions: ${FFMPEG_INSTALL_HINT}`);
    process.exitCode = 1;
  }
  await renditions.idle();
  if (jobs > 0)
    progressLine(`made ${jobs} files for ${todo.length} tracks in ${clock((Date.now() - started) / 1000)}\n`);

  const target = resolve(output);
  await rm(target, { recursive: true, force: true });
  let files = 0;
  let bytes = 0;
  for (const track of everyTrack(library)) {
    await place(library.pathOf(track), join(target, track.playlist, track.file));
    files += 1;
    bytes += track.size;
    const made = renditions.of(track);
    if (!made.hash) continue;
    for (const name of [...made.renditions.map((rendition) => rendition.file), made.peaks]) {
      if (!name) continue;
      const path = renditions.servedFile(made.hash, name);
      if (!path) continue;
      await place(path, join(target, RENDITIONS_FOLDER, made.hash, name));
      files += 1;
      bytes += made.renditions.find((rendition) => rendition.file === name)?.bytes ?? 0;
    }
  }
  list(library, renditions, renditions.canRender);
  await renditions.close();
  console.log(`\n${files} files (${kilobytes(bytes)}) in ${shown(target)}: upload them where MEDIA_BASE_URL points.`);
}

/** A hard link where the file system allows it (masters are big), else a copy. */
async function place(source: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await link(source, target).catch(() => copyFile(source, target));
}

const library = await openMediaLibrary({ dir: config.MEDIA_DIR, log: warnings, watch: false });
const rendering = {
  library,
  dir: config.RENDITIONS_DIR,
  ffmpeg: config.FFMPEG_PATH,
  mode: config.LOUDNESS_MODE,
  limits: renditionLimits(config),
};

if (command === 'build') {
  await build(library);
} else if (command === 'list') {
  const renditions = await openRenditions({ ...rendering, render: false, log: quiet });
  await renditions.idle();
  list(library, renditions, await hasUsableFfmpeg(config.FFMPEG_PATH));
  await renditions.close();
} else {
  console.error('usage: npm run media [-- list | -- build [folder]]');
  process.exitCode = 2;
}
library.close();
