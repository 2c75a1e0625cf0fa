/**
 * What the studio's music page and its server routes share: the routes' paths, the shape of
 * the listing they exchange, and the size of the upload's chunks (the proxy's body limit in
 * deploy/nginx must fit it).
 */
import { STUDIO_API_PREFIX } from './studio-auth.ts';

/** The music routes, under the studio's API. */
export const MUSIC_ROUTES = {
  listing: `${STUDIO_API_PREFIX}music`,
  events: `${STUDIO_API_PREFIX}music/events`,
  playlists: `${STUDIO_API_PREFIX}music/playlists`,
  order: `${STUDIO_API_PREFIX}music/order`,
  remove: `${STUDIO_API_PREFIX}music/remove`,
  restore: `${STUDIO_API_PREFIX}music/restore`,
  title: `${STUDIO_API_PREFIX}music/title`,
  attach: `${STUDIO_API_PREFIX}music/attach`,
  uploads: `${STUDIO_API_PREFIX}uploads`,
} as const;

/** Each upload request's body at most: a failed chunk costs little to send again, even on a phone. */
export const UPLOAD_CHUNK_BYTES = 6 * 1024 * 1024;

/** The longest playlist name the studio takes (before it is made safe). */
export const MAX_PLAYLIST_NAME_LENGTH = 120;

/** Where a track's renditions stand. */
export type TrackStatus = 'ready' | 'pending' | 'failed';

export interface Level {
  /** LUFS. */
  integrated: number;
  /** dBTP. */
  truePeak: number;
}

export interface TrackListing {
  /** The master's file name in its playlist folder. */
  file: string;
  /** The title visitors see: the file's title tag, else its name, without a leading track number. */
  title: string;
  /** Seconds. */
  duration: number;
  /** The master's format, from its extension: `WAV`, `FLAC`, … */
  format: string;
  /** The master's bytes. */
  size: number;
  status: TrackStatus;
  /** Why the last failed step failed. */
  failure: string | null;
  /** The master's loudness, what the renditions' gain makes of it, and that gain in dB (null until measured). */
  loudness: { before: Level; after: Level; gain: number } | null;
  /** The renditions made so far. */
  renditions: { format: string; bytes: number }[];
  /** The waveform's file among the renditions (null until made). */
  peaks: { hash: string; file: string } | null;
}

export interface PlaylistListing<T extends TrackListing = TrackListing> {
  name: string;
  tracks: T[];
}

/** A track in the studio's list: its facts and its waveform's bars (0 to 1), once made. */
export type StudioTrack = TrackListing & { waveform: number[] | null };

export interface TrashedTrack {
  id: string;
  playlist: string;
  file: string;
  /** ISO 8601. */
  removedAt: string;
}

/** `GET /studio/api/music`. */
export interface MusicAnswer {
  playlists: PlaylistListing<StudioTrack>[];
  trash: TrashedTrack[];
  /** The largest master the server takes, in bytes. */
  maxUploadBytes: number;
  /** Days a removed track stays in the trash. */
  trashDays: number;
  /** Every release and the tracks its button plays. */
  releases: ReleasePlays[];
}

/** A release as the music page shows it: what its play button plays, from the media library now. */
export interface ReleasePlays {
  /** Its file's name in `content/releases/`: its page's address. */
  slug: string;
  title: string;
  kind: 'EP' | 'Single' | 'Album';
  /** The playlist folder its button plays. */
  playlist: string;
  /** The files its button plays, in order: a single's own track, or the whole playlist. */
  plays: string[];
  /**
   * False for a single whose playlist has no track of its title: its button then starts the
   * playlist at its first track, another song.
   */
  found: boolean;
}
