/**
 * A copy of the project with two fixture releases, built for real and served by the real
 * server: one dated three days after the build (its pre-release page), one whose moment has
 * passed, each listing one track with lyrics of its own. For the pre-release tests in Chromium and in the other engines.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCopy, copyProject } from '../../perf/harness/project-copy.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { releaseInstant } from '../../src/lib/pre-release.ts';

export const UPCOMING = { slug: 'upcoming-fixture', title: 'Upcoming Fixture' };
export const PASSED = { slug: 'passed-fixture', title: 'Passed Fixture' };
/** The one track each fixture release lists, with lyrics of its own: its page's slug and a line of them. */
export const FIXTURE_TRACK = { title: 'Fixture Song', slug: 'fixture-song', line: 'a fixture line to sing' };
export const PRE_SAVE = {
  spotify: 'https://distrokid.com/hyperfollow/samebloodscocktail/upcoming',
  'apple-music': 'https://music.apple.com/us/album/upcoming/1?pre-add',
};
export const TEASER = 'aqz-KE-bpKQ';
const DAY = 86_400_000;

/** A release file as the artist writes one; `releaseAt` decides which page it gets. */
function releaseFile(title: string, releaseAt: string, extra: object = {}) {
  return {
    title,
    kind: 'Single',
    released: releaseAt.slice(0, 7),
    releaseAt,
    playlist: 'Singles',
    description: { pt: `${title} (pt)`, en: `${title} (en)`, es: `${title} (es)` },
    tracks: [{ title: FIXTURE_TRACK.title }],
    ...extra,
  };
}

/** The lyrics file of a fixture release's track, beside its release file. */
function writeTrackTexts(releases: string, release: string): void {
  mkdirSync(join(releases, release));
  writeFileSync(
    join(releases, release, `${FIXTURE_TRACK.slug}.json`),
    JSON.stringify({ release, track: FIXTURE_TRACK.title, language: 'en', lyrics: FIXTURE_TRACK.line }),
  );
}

/** What a test needs of the served copy (global setup starts it once; files `inject('preRelease')`). */
export interface PreReleaseServed {
  url: string;
  /** The upcoming release's moment as its file gives it, and that instant in ms. */
  moment: string;
  instant: number;
}

export interface PreReleaseSite {
  served: PreReleaseServed;
  close: () => Promise<void>;
}

export async function startPreReleaseSite(): Promise<PreReleaseSite> {
  // Three days on, to the minute, written in São Paulo's offset as the artist would.
  const moment = new Date(Math.ceil((Date.now() + 3 * DAY) / 60_000) * 60_000 - 3 * 3_600_000)
    .toISOString()
    .replace(/:\d{2}\.\d{3}Z$/, '-03:00');
  const copy = copyProject('pre-release-');
  const releases = join(copy, 'content', 'releases');
  writeFileSync(
    join(releases, `${UPCOMING.slug}.json`),
    JSON.stringify(releaseFile(UPCOMING.title, moment, { preSave: PRE_SAVE, teaser: TEASER })),
  );
  writeFileSync(join(releases, `${PASSED.slug}.json`), JSON.stringify(releaseFile(PASSED.title, '2020-01-10T12:00Z')));
  for (const release of [UPCOMING.slug, PASSED.slug]) writeTrackTexts(releases, release);
  await buildCopy(copy);
  const dataDir = mkdtempSync(join(tmpdir(), 'pre-release-data-'));
  const app = await buildApp(
    loadConfig({
      ...process.env,
      DIST_DIR: join(copy, 'dist'),
      MEDIA_DIR: join(copy, 'no-music'),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    }),
    { watchMedia: false },
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    served: { url, moment, instant: releaseInstant(moment) ?? Number.NaN },
    close: async () => {
      await app.close();
      rmSync(copy, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
