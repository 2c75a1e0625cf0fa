/**
 * The music API's GraphQL schema and its resolvers: a playlist's tracks by name (a key into the
 * media index, never a path) and the list of playlists.
 */
import type { IResolvers } from 'mercurius';
import mercurius from 'mercurius';
import { MISSING_NAME_ERROR } from '../../../src/lib/playlist-api.ts';
import type { MediaLibrary, Track } from '../media/media-library.ts';

const MAX_NAME_LENGTH = 200;

export const schema = /* GraphQL */ `
  "A track of a playlist."
  type Track {
    title: String!
    """
    The master's file name in its playlist: the track's identity, which the numbers count and
    shared links name, whichever rendition is streamed.
    """
    file: String!
    artist: String
    album: String
    "Where the audio is served."
    url: String!
    "Length in seconds."
    duration: Float
    trackNumber: Int
    "The embedded cover picture, when the file has one."
    coverUrl: String
    "The type of the file at url."
    mimeType: String!
    "Light renditions of the master, lightest first (Opus, then AAC); empty until they are made."
    sources: [AudioSource!]!
    "The waveform (BBC waveform-data JSON, version 2), once it is made."
    peaksUrl: String
    "The master's measured loudness and the gain the renditions carry, once measured."
    loudness: Loudness
  }

  "A file of the track's audio in one format."
  type AudioSource {
    url: String!
    "With its codec, for canPlayType."
    mimeType: String!
    "Bits a second."
    bitrate: Int!
    bytes: Float!
  }

  "EBU R128 loudness."
  type Loudness {
    "Integrated loudness of the master, LUFS."
    integrated: Float!
    "True peak of the master, dBTP."
    truePeak: Float!
    "The gain applied to the renditions, dB: min(-14 - integrated, -1 - truePeak)."
    gain: Float!
  }

  type PlaylistSummary {
    name: String!
    trackCount: Int!
  }

  type Query {
    """
    The tracks of a playlist, in order; empty for an unknown name. The name is nullable as
    the player's query declares it; a missing one is an error.
    """
    playlist(playlistName: String): [Track!]!
    "Every playlist with its number of tracks."
    playlists: [PlaylistSummary!]!
  }
`;

/** The resolvers over `library`, each track shown as `describe` makes it. */
export function resolversFor(library: MediaLibrary, describe: (track: Track) => unknown): IResolvers {
  return {
    Query: {
      playlist: (_root: unknown, { playlistName }: { playlistName?: string | null }) => {
        // The player treats an empty name as none: so does the API.
        if (playlistName == null || playlistName.trim() === '') {
          throw new mercurius.ErrorWithProps(MISSING_NAME_ERROR, { code: 'BAD_USER_INPUT' });
        }
        if (playlistName.length > MAX_NAME_LENGTH) {
          throw new mercurius.ErrorWithProps(`playlistName is longer than ${MAX_NAME_LENGTH} characters.`, {
            code: 'BAD_USER_INPUT',
          });
        }
        return library.tracks(playlistName).map(describe);
      },
      playlists: () => library.playlists(),
    },
  };
}
