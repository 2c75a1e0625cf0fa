/**
 * Plays counted by the master through the real app with real renditions: the API names each
 * track's master file beside the rendition it streams, and a play event naming either the
 * master or (from a page built before) the streamed rendition's URL counts for the master.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { PageEvent } from '../../../../src/lib/numbers-events.ts';
import { PLAYLIST_QUERY, type PlaylistTrack } from '../../../../src/lib/playlist-api.ts';
import { postEvents } from '../events-fixture.ts';
import { useMediaApp } from '../media-fixture.ts';

let app: FastifyInstance;

useMediaApp({ FFMPEG_PATH: 'ffmpeg', EVENTS_RATE_LIMIT: '100000', EVENTS_FLUSH_MS: '3600000' }, (served) => {
  ({ app } = served);
});

/** The playlist as the player asks for it, once every track streams its renditions. */
async function rendered(name: string): Promise<PlaylistTrack[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: PLAYLIST_QUERY, variables: { playlistName: name } },
    });
    const tracks = response.json<{ data: { playlist: PlaylistTrack[] } }>().data.playlist;
    if (tracks.every((track) => track.url.includes('/renditions/'))) return tracks;
    if (Date.now() > deadline) throw new Error(`${name} was not rendered in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many plays the store holds for each (playlist, file), the tally written first. */
async function plays(): Promise<Map<string, number>> {
  const numbers = app.numbers;
  if (!numbers) throw new Error('the numbers are not open');
  await numbers.tally.flush();
  const { counts } = await numbers.store.since('0000-00-00');
  const totals = new Map<string, number>();
  for (const row of counts.filter((one) => one.event === 'play')) {
    const key = `${row.subject}/${row.detail}`;
    totals.set(key, (totals.get(key) ?? 0) + row.count);
  }
  return totals;
}

const send = (events: PageEvent[]) => postEvents(app, events);

describe('plays of rendered tracks', { timeout: 40_000 }, () => {
  it('are counted by the master, named by the player or by the rendition it streamed', async () => {
    const tracks = await rendered('Singles');
    const masters = app.library.tracks('Singles').map((track) => track.file);
    expect(tracks.map((track) => track.file)).toEqual(masters);
    const [first, second] = tracks;
    if (!first || !second) throw new Error('Singles has tracks');
    expect(first.url).toMatch(/\/aac-[0-9a-f]{10}\.m4a$/);

    const before = await plays();
    expect((await send([{ type: 'play', playlist: 'Singles', file: first.file }])).statusCode).toBe(204);
    // A page built before the player named the master sends the URL it streams, or its last part.
    await send([{ type: 'play', playlist: 'Singles', file: second.url }]);
    await send([{ type: 'play', playlist: 'Singles', file: second.url.split('/').pop() ?? '' }]);
    const after = await plays();
    const added = (file: string) => (after.get(`Singles/${file}`) ?? 0) - (before.get(`Singles/${file}`) ?? 0);
    expect(added(first.file)).toBe(1);
    // The bare name counts only when no other track of the playlist has a rendition of that name.
    const shared = tracks.filter((track) => track.url.split('/').pop() === second.url.split('/').pop()).length;
    expect(added(second.file)).toBe(shared === 1 ? 2 : 1);
    expect([...after.keys()].every((key) => !key.includes('/renditions/') && !/\.m4a$/.test(key))).toBe(true);
  });
});
