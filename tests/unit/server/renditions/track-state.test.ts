import { describe, expect, it } from 'vitest';
import type { Track } from '../../../../server/services/media/media-library.ts';
import type { Analysis } from '../../../../server/services/renditions/analyse.ts';
import { PEAKS_FILE } from '../../../../server/services/renditions/cache-folder.ts';
import { RENDITION_FORMATS } from '../../../../server/services/renditions/formats.ts';
import {
  ANALYSIS_STEP,
  failureFile,
  gainsByTrack,
  renditionFile,
  trackState,
  type MasterFolder,
} from '../../../../server/services/renditions/track-state.ts';

const HASH = '0123456789abcdef01234567';
const ANALYSIS: Analysis = { integrated: -20, truePeak: -3, duration: 180 };
const GAIN = 2;
const everyRendition = (gain: number) => RENDITION_FORMATS.map((format) => renditionFile(format, gain));

/** A read master's folder holding `files`, measured and with its gain unless `overrides` says otherwise. */
const folder = (files: string[], overrides: Partial<MasterFolder> = {}): MasterFolder => ({
  hash: HASH,
  files: new Map(files.map((name, index) => [name, 1000 + index])),
  analysis: ANALYSIS,
  gain: GAIN,
  ...overrides,
});

describe('trackState', () => {
  it('is pending before the master is read, or unavailable without ffmpeg', () => {
    const unread = { hash: null, files: new Map<string, number>(), analysis: undefined, gain: undefined };
    expect(trackState(unread, true)).toEqual({
      state: { status: 'pending', hash: null, loudness: null, renditions: [], peaks: null, failure: null },
      failureNote: null,
    });
    expect(trackState(unread, false).state.status).toBe('unavailable');
  });

  it('is ready once every rendition of the current gain and the peaks exist, lightest first', () => {
    const { state, failureNote } = trackState(folder([PEAKS_FILE, ...everyRendition(GAIN)]), true);
    expect(state.status).toBe('ready');
    expect(state.renditions.map((rendition) => rendition.format)).toEqual(RENDITION_FORMATS);
    expect(state.renditions.map((rendition) => rendition.bytes)).toEqual([1001, 1002]);
    expect(state.peaks).toBe(PEAKS_FILE);
    expect(state.loudness).toEqual({ ...ANALYSIS, gain: GAIN });
    expect(failureNote).toBeNull();
  });

  it('lists only the renditions of the current gain: files made under another one do not count', () => {
    const { state } = trackState(folder([PEAKS_FILE, ...everyRendition(GAIN + 1)]), true);
    expect(state.status).toBe('pending');
    expect(state.renditions).toEqual([]);
  });

  it('has no renditions and no loudness while the gain is unknown (a release not yet measured)', () => {
    const { state } = trackState(folder([PEAKS_FILE, ...everyRendition(GAIN)], { gain: undefined }), true);
    expect(state).toMatchObject({ status: 'pending', loudness: null, renditions: [], peaks: PEAKS_FILE });
  });

  it('is failed when a step of the current settings failed, naming the note that says why', () => {
    const [first] = everyRendition(GAIN);
    const failedEncode = trackState(folder([PEAKS_FILE, failureFile(first as string)]), true);
    expect(failedEncode.state.status).toBe('failed');
    expect(failedEncode.failureNote).toBe(failureFile(first as string));
    const failedAnalysis = trackState(
      folder([failureFile(ANALYSIS_STEP)], { analysis: undefined, gain: undefined }),
      true,
    );
    expect(failedAnalysis.state.status).toBe('failed');
    expect(failedAnalysis.failureNote).toBe(failureFile(ANALYSIS_STEP));
  });

  it('ignores a failure of other settings, and a failure once everything is made', () => {
    const [old] = everyRendition(GAIN + 1);
    const other = trackState(folder([failureFile(old as string)]), true);
    expect(other).toMatchObject({ state: { status: 'pending' }, failureNote: null });
    const made = trackState(folder([PEAKS_FILE, ...everyRendition(GAIN), failureFile(ANALYSIS_STEP)]), true);
    expect(made.state.status).toBe('ready');
  });
});

describe('gainsByTrack', () => {
  const track = (playlist: string, file: string) => ({ playlist, file }) as Track;
  const quiet = track('Album', '1.flac');
  const loud = track('Album', '2.flac');
  const single = track('Singles', 'a.flac');
  const tracks = [quiet, loud, single];
  const measured = new Map<Track, Analysis>([
    [quiet, { integrated: -24, truePeak: -20, duration: 60 }],
    [single, { integrated: -10, truePeak: -0.5, duration: 60 }],
  ]);

  it('gives each measured track its own gain in track mode', () => {
    const gains = gainsByTrack(tracks, measured, new Set(tracks), 'track');
    expect(gains.get(quiet)).toBe(10);
    expect(gains.get(loud)).toBeUndefined();
    expect(gains.get(single)).toBe(-4);
  });

  it('waits in album mode until every measurable track of a release is measured', () => {
    const gains = gainsByTrack(tracks, measured, new Set(tracks), 'album');
    expect(gains.has(quiet)).toBe(false);
    expect(gains.get(single)).toBe(-4);
    // A track that cannot be measured is left out of its release's gain.
    const withoutLoud = gainsByTrack(tracks, measured, new Set([quiet, single]), 'album');
    expect(withoutLoud.get(quiet)).toBe(10);
  });
});
