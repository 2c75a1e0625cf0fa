/**
 * Which track of a playlist is a given song. The singles share one playlist folder, so a
 * single's page finds its track by title: at build time for its track list, in the browser to
 * start the playlist at that track. Titles are compared as a listener reads them: without the
 * file name's number prefix, case, accents or extra spaces.
 */
import { displayTitle } from './player-logic.ts';

/** The form two titles are compared in: `01-Ponto de Ônibus ` → `ponto de onibus`. */
export function titleKey(title: string): string {
  return displayTitle(title.trim()).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The index of the first track titled `title`, or -1 when the list has none. */
export function findTrackByTitle(tracks: readonly { title: string }[], title: string): number {
  const wanted = titleKey(title);
  return tracks.findIndex((track) => titleKey(track.title) === wanted);
}

/**
 * Whether a track of a release's playlist folder is the release's own: every track of an EP's
 * or album's folder, the one titled like it in the singles' shared folder.
 */
export function isOwnTrack(release: { kind: string; title: string }, trackTitle: string): boolean {
  return release.kind !== 'Single' || titleKey(release.title) === titleKey(trackTitle);
}
