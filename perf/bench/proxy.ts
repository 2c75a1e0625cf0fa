/**
 * The server behind the reference nginx (deploy/nginx/site.conf, run by perf/harness/nginx.ts
 * with a free port and a temporary cache, no TLS): the same 50-connection load on a page, the
 * player's playlist GET and an audio Range request, each from a cold cache. nginx's access log
 * tells which requests (and audio slices) it had to fetch from the server.
 */
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { playlistPath, PREFLIGHT_HEADER } from '../../src/lib/playlist-api.ts';
import { findNginx, NGINX_INSTALL_HINT, startNginx } from '../harness/nginx.ts';
import { CONNECTIONS, summarise, type LoadResult } from './load.ts';

/** The playlist the player asks for most: the default one's first EP. */
const PLAYLIST = 'Cocktail Nº1';
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';
/** What a browser's <audio> asks first. */
const AUDIO_RANGE = 'bytes=0-';

export interface ProxyLoadResult extends LoadResult {
  /** Requests (or audio slices) nginx fetched from the server during the run. */
  originRequests: number;
  /** originRequests / responses. */
  originShare: number;
}

export type ProxyResult = { skipped: string } | { nginx: string; workers: number; runs: ProxyLoadResult[] };

function nginxVersion(path: string): string {
  const found = spawnSync(path, ['-v'], { encoding: 'utf8' });
  return (found.stderr || found.stdout).trim().replace(/^nginx version: /, '');
}

/** Measures page, playlist and audio through nginx; skips (saying how to install it) without nginx. */
export async function measureBehindProxy(originUrl: string, seconds: number): Promise<ProxyResult> {
  const path = findNginx();
  if (!path) return { skipped: `nginx is not installed (${NGINX_INSTALL_HINT})` };
  const workers = 1;
  const nginx = await startNginx({ originPort: Number(new URL(originUrl).port), workers });
  try {
    const playlist = playlistPath(PLAYLIST);
    const tracks = (await (
      await fetch(`${originUrl}${playlist}`, { headers: { [PREFLIGHT_HEADER]: 'Playlist' } })
    ).json()) as { data?: { playlist?: { url: string }[] } };
    const audio = tracks.data?.playlist?.[0]?.url;
    if (!audio) throw new Error(`the playlist ${PLAYLIST} has no tracks`);

    const kinds: { name: string; path: string; headers: Record<string, string>; expected: number; match: string }[] = [
      {
        name: 'Page /pt',
        path: '/pt',
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        expected: 200,
        match: '/pt',
      },
      {
        name: 'Playlist GET',
        path: playlist,
        headers: { [PREFLIGHT_HEADER]: 'Playlist' },
        expected: 200,
        match: '/graphql',
      },
      {
        name: `Audio ${AUDIO_RANGE}`,
        path: audio,
        headers: { range: AUDIO_RANGE },
        expected: 206,
        match: audio.split('?')[0] ?? audio,
      },
    ];
    const runs: ProxyLoadResult[] = [];
    for (const kind of kinds) {
      await nginx.clearLog();
      const result = await autocannon({
        url: `${nginx.url}${kind.path}`,
        headers: kind.headers,
        connections: CONNECTIONS,
        duration: seconds,
      });
      const summary = summarise(`${kind.name} via nginx`, 'GET', kind.path, seconds, result, kind.expected);
      const originRequests = (await nginx.log()).filter(
        (line) => line.reachedOrigin && line.uri.split('?')[0] === kind.match,
      ).length;
      runs.push({
        ...summary,
        originRequests,
        originShare: summary.responses > 0 ? originRequests / summary.responses : 1,
      });
    }
    return { nginx: nginxVersion(path), workers, runs };
  } finally {
    await nginx.close();
  }
}
