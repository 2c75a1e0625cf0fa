/**
 * The music of a release still to come is held back until its moment: the build lists its
 * dated releases (`release-moments.json`, beside the pages) and the server keeps their tracks
 * out of the API and the audio routes until then: the tracks its file lists, else its own
 * tracks of its playlist as its page lists them (lib/track-titles.ts, `isOwnTrack`). Pure, for
 * the unit tests.
 */
import { z } from 'zod';
import { RELEASE_KINDS } from './content-schemas.ts';
import { isUpcoming, releaseInstant } from './pre-release.ts';
import { isOwnTrack, titleKey } from './track-titles.ts';

/** The build's list of dated releases, at the root of the build folder. */
export const RELEASE_MOMENTS_FILE = 'release-moments.json';

const datedReleaseSchema = z.object({
  title: z.string(),
  kind: z.enum(RELEASE_KINDS),
  playlist: z.string(),
  /** The titles its file lists, where it lists them. */
  tracks: z.array(z.string()).optional(),
  releaseAt: z.string().refine((value) => releaseInstant(value) !== null),
});

/** A release with a moment (`releaseAt`), as the build lists it for the server. */
export type DatedRelease = z.infer<typeof datedReleaseSchema>;

const releaseMomentsSchema = z.object({ releases: z.array(datedReleaseSchema) });

/** The file's text for these releases. */
export function releaseMomentsFile(releases: readonly DatedRelease[]): string {
  return JSON.stringify({ releases });
}

/** The dated releases of the file's text; none when it is not such a file. */
export function parseReleaseMoments(text: string): DatedRelease[] {
  try {
    return releaseMomentsSchema.parse(JSON.parse(text)).releases;
  } catch {
    return [];
  }
}

/** Whether the track titled `trackTitle` of `playlist` is one of the release's own. */
export function isReleaseTrack(release: DatedRelease, playlist: string, trackTitle: string): boolean {
  if (release.playlist !== playlist) return false;
  if (release.tracks) return release.tracks.some((title) => titleKey(title) === titleKey(trackTitle));
  return isOwnTrack(release, trackTitle);
}

/** The releases still to come at `now` (ms): the ones whose tracks are held back. */
export function upcomingReleases(releases: readonly DatedRelease[], now: number): DatedRelease[] {
  return releases.filter((release) => isUpcoming(release, now));
}
