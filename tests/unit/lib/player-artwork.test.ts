import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseOf, trackPicture, type PlayerCovers, type ReleaseArtwork } from '../../../src/lib/player-artwork.ts';
import type { PlaylistTrack } from '../../../src/lib/playlist-api.ts';
import { createPlayer } from '../../../src/stores/player.ts';
import { FakeAudio } from '../stores/fake-audio.ts';
import { describedTo, stubMediaMetadata } from '../stores/fake-media-metadata.ts';

const release = (title: string, playlist: string): ReleaseArtwork => ({
  title,
  playlist,
  type: 'image/webp',
  images: [
    { src: `/_astro/${title}-160.webp`, width: 160 },
    { src: `/_astro/${title}-320.webp`, width: 320 },
  ],
});

/** What the player and the lock screen get of a release's cover, written out. */
const artworkOf = (title: string) => [
  { src: `/_astro/${title}-160.webp`, sizes: '160x160', type: 'image/webp' },
  { src: `/_astro/${title}-320.webp`, sizes: '320x320', type: 'image/webp' },
];

const COVERS: PlayerCovers = {
  releases: [
    release('Cocktail Nº1', 'Cocktail Nº1'),
    release('Suburban Ride', 'Singles'),
    release('Sometimes Rock', 'Singles'),
  ],
  logo: { src: '/logo.svg', artwork: [{ src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }] },
};

describe('the picture of what plays', () => {
  it('is the track’s embedded cover first', () => {
    const picture = trackPicture({ title: '01-One', coverUrl: '/media/cover/1' }, 'Cocktail Nº1', COVERS);
    expect(picture).toMatchObject({ src: '/media/cover/1', source: 'track' });
  });

  it('else its release’s cover: the playlist’s only release, or the single named like the track', () => {
    expect(trackPicture({ title: '03-Three', coverUrl: null }, 'Cocktail Nº1', COVERS)?.src).toBe(
      '/_astro/Cocktail Nº1-160.webp',
    );
    expect(releaseOf('02 - suburban ride', 'Singles', COVERS.releases)?.title).toBe('Suburban Ride');
    expect(trackPicture({ title: '01-Sometimes Rock', coverUrl: null }, 'Singles', COVERS)).toEqual({
      src: '/_astro/Sometimes Rock-160.webp',
      srcSet: '/_astro/Sometimes Rock-160.webp 160w, /_astro/Sometimes Rock-320.webp 320w',
      artwork: artworkOf('Sometimes Rock'),
      source: 'release',
    });
  });

  it('else the project’s logo (a playlist of several releases, none named like the track)', () => {
    expect(trackPicture({ title: 'Demo', coverUrl: null }, 'Singles', COVERS)).toMatchObject({
      src: '/logo.svg',
      source: 'logo',
    });
    expect(trackPicture({ title: 'Demo', coverUrl: null }, 'Bloods Cocktail', COVERS)?.source).toBe('logo');
  });
});

describe('the lock screen (Media Session)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The artwork the player gives the lock screen for a track of `playlist`. */
  async function lockScreenArtwork(coverUrl: string | null, playlist = 'Cocktail Nº1') {
    stubMediaMetadata();
    const session = { metadata: null as unknown, setActionHandler: () => undefined } as unknown as MediaSession;
    const track: PlaylistTrack = {
      title: '01-One',
      file: '01-One.wav',
      artist: 'Same Bloods Cocktail',
      album: null,
      url: '/media/one.wav',
      duration: 10,
      trackNumber: 1,
      coverUrl,
    };
    const player = createPlayer({
      audio: new FakeAudio(),
      fetchPlaylist: async () => [track],
      mediaSession: session,
    });
    player.setCovers(COVERS);
    await player.loadPlaylist(playlist);
    return describedTo(session)?.artwork;
  }

  it('gets the release’s cover in its sizes when the track has none', async () => {
    expect(await lockScreenArtwork(null)).toEqual(artworkOf('Cocktail Nº1'));
  });

  it('gets the release’s files, each with its type and size, for a track with an embedded cover', async () => {
    // The embedded picture's type and size are known to no one before it is fetched; the
    // release's files, the same cover, were made by the build at sizes it knows.
    expect(await lockScreenArtwork('/media-covers/Cocktail%20N%C2%BA1/01.flac?v=1')).toEqual(artworkOf('Cocktail Nº1'));
  });

  it('gets the embedded cover alone when no release is known for the track', async () => {
    const embedded = '/media-covers/Bloods%20Cocktail/01.flac?v=1';
    expect(await lockScreenArtwork(embedded, 'Bloods Cocktail')).toEqual([{ src: embedded }]);
  });
});
