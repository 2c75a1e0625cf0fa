/**
 * What the lyrics tests expect, read from the content files: each demo track that has a
 * lyrics file, its release, its page's address and its texts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PLAYLISTS } from '../../scripts/demo-media/generate.ts';
import { trackTextsSchema, type TrackTexts } from '../../src/lib/content-schemas.ts';
import { stanzas } from '../../src/lib/lyrics-versions.ts';
import { findTrackByTitle } from '../../src/lib/track-titles.ts';
import { trackSlugs } from '../../src/lib/track-slug.ts';
import { RELEASES } from './home-helpers.ts';

const FOLDER = 'content/releases';

/** A demo track with its own lyrics file, and where its page is. */
export interface DemoTrackTexts {
  releaseSlug: string;
  release: (typeof RELEASES)[number];
  title: string;
  slug: string;
  texts: TrackTexts;
}

/** Every lyrics file whose track is in the demo music (the e2e media library). */
export const DEMO_TRACK_TEXTS: DemoTrackTexts[] = RELEASES.flatMap((release) => {
  const folder = join(FOLDER, release.slug);
  const titles = DEMO_PLAYLISTS.find((playlist) => playlist.name === release.playlist)?.titles ?? [];
  if (!existsSync(folder)) return [];
  const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  const slugs = trackSlugs(titles);
  return files.flatMap((name) => {
    const texts = trackTextsSchema.parse(JSON.parse(readFileSync(join(folder, name), 'utf8')));
    const index = findTrackByTitle(
      titles.map((title) => ({ title })),
      texts.track,
    );
    const title = titles[index];
    const slug = slugs[index];
    return title && slug ? [{ releaseSlug: release.slug, release, title, slug, texts }] : [];
  });
});

/** The first demo track with lyrics and at least one translation: the one the panel is tried on. */
export const TRANSLATED = DEMO_TRACK_TEXTS.find(
  (track) => track.texts.lyrics && Object.keys(track.texts.translations ?? {}).length > 0,
);

/** A text as the pages show it: its stanzas, each a paragraph whose line breaks are kept. */
export function shownStanzas(text: string): string[] {
  return stanzas(text);
}
