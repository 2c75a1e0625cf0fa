/**
 * The pure rules of a track's own texts: its credits (the release's, with the track's own roles in their place), the order its lyrics'
 * versions are offered in, and their stanzas. Shared by the build and the player's panel.
 */
import { CREDIT_ROLES, type Credits, type CreditRole, type TrackTexts } from './content-schemas.ts';
import type { TrackLyrics } from './lyrics-versions.ts';
import { isUpcoming } from './pre-release.ts';
import { trackSlugs } from './track-slug.ts';
import { titleKey } from './track-titles.ts';

/** The credits of a track: the release's, each role the track names replaced by the track's list. */
export function trackCredits(release: Credits | undefined, track: Credits | undefined): Credits {
  return { ...release, ...track };
}

/** The roles a credits list fills, in the pages' order, each with its names. */
export function creditEntries(credits: Credits): { role: CreditRole; names: string[] }[] {
  return CREDIT_ROLES.flatMap((role) => {
    const names = credits[role];
    return names && names.length > 0 ? [{ role, names }] : [];
  });
}

/** `3:45` → 225: the seconds of a duration as the content files and the media library write it. */
export function durationSeconds(minutesSeconds: string): number {
  const [minutes = '0', seconds = '0'] = minutesSeconds.split(':');
  return Number(minutes) * 60 + Number(seconds);
}

/** A track's own file as the build reads it: `id` is `<release>/<file name>`. */
export interface TrackTextsFile {
  id: string;
  data: TrackTexts;
}

/** What of a release its tracks' pages need. */
export interface ReleaseWithTracks {
  slug: string;
  tracks?: readonly { title: string; duration?: string | undefined }[] | undefined;
  credits?: Credits | undefined;
  /** Its moment, when it is dated (lib/pre-release.ts). */
  releaseAt?: string | undefined;
}

/** One track of a release, with what its page, its release's page and the player show. */
export interface ReleaseTrack {
  title: string;
  duration?: string | undefined;
  /** Its page's last path segment: `/{lang}/music/{release}/{slug}`. */
  slug: string;
  /** 1 for the release's first track. */
  number: number;
  credits: Credits;
  lyrics?: TrackLyrics | undefined;
  /**
   * Whether it has a page of its own. A release still to come gets its tracks' pages and lyrics
   * with the build at its moment: its music is held back until then, so a page could not play it.
   */
  hasPage: boolean;
}

/**
 * Each release's tracks with their files' lyrics and credits. A file is matched to its track by
 * the title it names, as titles are compared (lib/track-titles.ts); a file whose release or
 * track is not known, or a second file for one track, is left out and named in `ignored`, so
 * the build warns and goes on (the music may just not be on this machine). A release still to
 * come at `now` (ms) lists its tracks without pages or lyrics.
 */
export function releaseTracks(
  releases: readonly ReleaseWithTracks[],
  files: readonly TrackTextsFile[],
  now: number,
): { tracks: Map<string, ReleaseTrack[]>; ignored: string[] } {
  const ignored: string[] = [];
  const byTrack = new Map<string, TrackTexts>();
  const known = new Map(
    releases.map((release) => [release.slug, new Set(release.tracks?.map((t) => titleKey(t.title)))]),
  );
  for (const file of [...files].sort((a, b) => a.id.localeCompare(b.id))) {
    const releaseSlug = file.id.split('/')[0] ?? '';
    const titles = known.get(releaseSlug);
    const key = `${releaseSlug}/${titleKey(file.data.track)}`;
    if (!titles) ignored.push(`${file.id}: no release file is named ${releaseSlug}.json`);
    else if (file.data.release !== undefined && file.data.release !== releaseSlug)
      ignored.push(`${file.id}: it names the release ${file.data.release}, not the one of its folder`);
    else if (!titles.has(titleKey(file.data.track)))
      ignored.push(`${file.id}: the release ${releaseSlug} has no track titled "${file.data.track}"`);
    else if (byTrack.has(key)) ignored.push(`${file.id}: another file already names the track "${file.data.track}"`);
    else byTrack.set(key, file.data);
  }
  const tracks = new Map(
    releases.map((release) => {
      const listed = release.tracks ?? [];
      const slugs = trackSlugs(listed.map((track) => track.title));
      const out = !isUpcoming(release, now);
      return [
        release.slug,
        listed.map((track, index): ReleaseTrack => {
          const texts = byTrack.get(`${release.slug}/${titleKey(track.title)}`);
          return {
            title: track.title,
            duration: track.duration,
            slug: slugs[index] ?? String(index + 1),
            number: index + 1,
            credits: trackCredits(release.credits, texts?.credits),
            lyrics:
              out && texts?.lyrics && texts.language
                ? { language: texts.language, text: texts.lyrics, translations: texts.translations ?? {} }
                : undefined,
            hasPage: out,
          };
        }),
      ];
    }),
  );
  return { tracks, ignored };
}
