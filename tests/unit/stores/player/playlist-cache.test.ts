/** Each playlist is fetched once for the page; a failed fetch is tried again. */
import { describe, expect, it } from 'vitest';
import { playlistCache } from '../../../../src/stores/player/playlist-cache.ts';
import { track } from './fake-controller.ts';

describe('the playlist cache', () => {
  it('shares one request between calls, knows the tracks once fetched, and forgets a failure', async () => {
    const requests: string[] = [];
    let fail = true;
    const cache = playlistCache(async (name) => {
      requests.push(name);
      if (fail) throw new Error('offline');
      return [track('01-One', 1)];
    });
    await expect(cache.get('Album')).rejects.toThrow('offline');
    expect(cache.known('Album')).toBeUndefined();
    fail = false;
    const [first, second] = await Promise.all([cache.get('Album'), cache.get('Album')]);
    expect(second).toBe(first);
    expect(cache.known('Album')).toBe(first);
    await cache.get('Album');
    expect(requests).toEqual(['Album', 'Album']);
  });
});
