/** The music page's calls to the studio's API. */
import { MUSIC_ROUTES, type MusicAnswer } from '../../src/lib/studio-music.ts';
import { get, post } from '../api.ts';

export const loadMusic = (): Promise<MusicAnswer> => get<MusicAnswer>(MUSIC_ROUTES.listing);

export const createPlaylist = (name: string): Promise<{ name: string }> => post(MUSIC_ROUTES.playlists, { name });

export const saveOrder = (playlist: string, files: readonly string[]): Promise<unknown> =>
  post(MUSIC_ROUTES.order, { playlist, files });

export const removeTrack = (playlist: string, file: string): Promise<unknown> =>
  post(MUSIC_ROUTES.remove, { playlist, file });

export const restoreTrack = (id: string): Promise<{ restored: { playlist: string; file: string } }> =>
  post(MUSIC_ROUTES.restore, { id });

export const setTitle = (playlist: string, file: string, title: string): Promise<{ title: string }> =>
  post(MUSIC_ROUTES.title, { playlist, file, title });

export const attachTrack = (playlist: string, file: string, release: string): Promise<{ title: string }> =>
  post(MUSIC_ROUTES.attach, { playlist, file, release });
