/**
 * The JSON-LD a page carries for search engines, typed with schema-dts: the artist as a
 * schema.org Person, the project as a MusicGroup with its albums, and each release
 * as a MusicAlbum with its tracks.
 */
import type {
  CreativeWork,
  MusicAlbum,
  MusicAlbumReleaseType,
  MusicComposition,
  MusicGroup,
  MusicRecording,
  Person,
  WithContext,
} from 'schema-dts';

/** What a page's head carries: one JSON-LD document, or several (each its own script). */
export type JsonLd = object | readonly object[];

export interface PersonInput {
  name: string;
  url: string;
  image: string;
  jobTitle: string;
  organisation: string;
  sameAs: readonly string[];
}

/** Builds the artist's Person object, with links to the artist's social profiles. */
export function personJsonLd(input: PersonInput): WithContext<Person> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: input.name,
    url: input.url,
    image: input.image,
    jobTitle: input.jobTitle,
    worksFor: { '@type': 'Organization', name: input.organisation },
    sameAs: [...input.sameAs],
  };
}

/** The release kinds of the content files, as schema.org names them. */
export const RELEASE_TYPES = {
  EP: 'EPRelease',
  Single: 'SingleRelease',
  Album: 'AlbumRelease',
} as const satisfies Record<string, MusicAlbumReleaseType>;

/** A release as the structured data needs it; every URL absolute. */
export interface AlbumInput {
  name: string;
  url: string;
  image: string;
  kind: keyof typeof RELEASE_TYPES;
  /** `YYYY-MM` or `YYYY-MM-DD`, both valid ISO 8601 dates. */
  datePublished: string;
  description?: string | undefined;
  tracks?: readonly { title: string; duration?: string | undefined }[] | undefined;
  trackCount?: number | undefined;
}

/** `3:45` → `PT3M45S` (ISO 8601, what schema.org's `duration` takes). */
export function isoDuration(minutesSeconds: string): string {
  const [minutes = '0', seconds = '0'] = minutesSeconds.split(':');
  return `PT${String(Number(minutes))}M${String(Number(seconds))}S`;
}

function album(input: AlbumInput, byArtist?: MusicGroup): MusicAlbum {
  const numTracks = input.tracks?.length ?? input.trackCount;
  return {
    '@type': 'MusicAlbum',
    name: input.name,
    url: input.url,
    image: input.image,
    albumReleaseType: RELEASE_TYPES[input.kind],
    datePublished: input.datePublished,
    ...(input.description ? { description: input.description } : {}),
    ...(numTracks ? { numTracks } : {}),
    ...(byArtist ? { byArtist } : {}),
    ...(input.tracks
      ? {
          track: input.tracks.map((track): MusicRecording => ({
            '@type': 'MusicRecording',
            name: track.title,
            ...(track.duration ? { duration: isoDuration(track.duration) } : {}),
          })),
        }
      : {}),
  };
}

/** The project, for the home page: its member, its profiles and its albums. */
export interface GroupInput {
  name: string;
  url: string;
  image: string;
  member: { name: string; url: string };
  sameAs: readonly string[];
  albums: readonly AlbumInput[];
}

/** The MusicGroup of the home page. */
export function musicGroupJsonLd(input: GroupInput): WithContext<MusicGroup> {
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicGroup',
    name: input.name,
    url: input.url,
    image: input.image,
    member: { '@type': 'Person', name: input.member.name, url: input.member.url },
    sameAs: [...input.sameAs],
    album: input.albums.map((item) => album(item)),
  };
}

/** The MusicAlbum of a release page, by its group. */
export function musicAlbumJsonLd(input: AlbumInput, group: { name: string; url: string }): WithContext<MusicAlbum> {
  return {
    '@context': 'https://schema.org',
    ...album(input, { '@type': 'MusicGroup', name: group.name, url: group.url }),
  };
}

/** A track as its page's structured data needs it; every URL absolute. */
export interface RecordingInput {
  name: string;
  url: string;
  image: string;
  /** `M:SS`. */
  duration?: string | undefined;
  byArtist: { name: string; url: string };
  inAlbum: { name: string; url: string };
  /** Who wrote words and music (the credits' "written by"): the composition's composers and lyricists. */
  writtenBy?: readonly string[] | undefined;
  /** The words as sung, with their BCP 47 language, and their translations. */
  lyrics?:
    { text: string; inLanguage: string; translations: readonly { text: string; inLanguage: string }[] } | undefined;
}

const people = (names: readonly string[]): Person[] => names.map((name) => ({ '@type': 'Person', name }));

/**
 * The MusicRecording of a track page: the recording of a MusicComposition whose `lyrics` are a
 * CreativeWork in the language sung, each translation that work's `workTranslation`.
 */
export function musicRecordingJsonLd(input: RecordingInput): WithContext<MusicRecording> {
  const lyrics = input.lyrics;
  const writers = input.writtenBy && input.writtenBy.length > 0 ? people(input.writtenBy) : undefined;
  const composition: MusicComposition = {
    '@type': 'MusicComposition',
    name: input.name,
    ...(writers ? { composer: writers, lyricist: writers } : {}),
    ...(lyrics
      ? {
          lyrics: {
            '@type': 'CreativeWork',
            text: lyrics.text,
            inLanguage: lyrics.inLanguage,
            ...(lyrics.translations.length > 0
              ? {
                  workTranslation: lyrics.translations.map((translation): CreativeWork => ({
                    '@type': 'CreativeWork',
                    text: translation.text,
                    inLanguage: translation.inLanguage,
                  })),
                }
              : {}),
          },
        }
      : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicRecording',
    name: input.name,
    url: input.url,
    image: input.image,
    ...(input.duration ? { duration: isoDuration(input.duration) } : {}),
    byArtist: { '@type': 'MusicGroup', name: input.byArtist.name, url: input.byArtist.url },
    inAlbum: { '@type': 'MusicAlbum', name: input.inAlbum.name, url: input.inAlbum.url },
    recordingOf: composition,
  };
}
