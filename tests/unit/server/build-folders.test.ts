/**
 * Which builds BUILDS_DIR keeps after a publish, and where a request for a hashed file missing
 * from the served build looks: on real folders and links in a temporary BUILDS_DIR.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildsToKeep,
  earlierBuildDirs,
  MAX_RETAINED_BUILDS,
  PREVIOUS,
} from '../../../server/services/publish/build-folders.ts';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-29T12:00:00Z');

/** A build folder's name for a build started `hoursAgo` before NOW. */
function buildAt(hoursAgo: number, tag = 'a1b2c3'): string {
  const stamp = new Date(NOW - hoursAgo * HOUR)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${tag}`;
}

describe('the builds kept after a publish', () => {
  it('keeps the builds replaced within the retention, the newest, and those named', () => {
    // Built 72, 30, 20 and 1 hours ago: each was replaced when the next one started.
    const [replaced30HoursAgo, replaced20HoursAgo, replacedAnHourAgo, newest] = [72, 30, 20, 1].map((hours) =>
      buildAt(hours),
    ) as [string, string, string, string];
    const names = [
      newest,
      replaced30HoursAgo,
      'current',
      'previous',
      'notes.txt',
      replacedAnHourAgo,
      replaced20HoursAgo,
    ];
    expect(buildsToKeep(names, [], NOW, 24 * HOUR)).toEqual(new Set([replaced20HoursAgo, replacedAnHourAgo, newest]));
    // The current and previous builds stay whatever their age.
    expect(buildsToKeep(names, [replaced30HoursAgo, null], NOW, 24 * HOUR)).toEqual(
      new Set([replaced30HoursAgo, replaced20HoursAgo, replacedAnHourAgo, newest]),
    );
    // No retention: only the named and the newest.
    expect(buildsToKeep(names, [replacedAnHourAgo], NOW, 0)).toEqual(new Set([replacedAnHourAgo, newest]));
  });

  it(`keeps at most ${String(MAX_RETAINED_BUILDS)} for the pages still open, the newest`, () => {
    const names = Array.from({ length: MAX_RETAINED_BUILDS + 5 }, (_unused, index) => buildAt(index / 60));
    const kept = buildsToKeep(names, [], NOW, 24 * HOUR);
    expect(kept.size).toBe(MAX_RETAINED_BUILDS);
    expect([...kept].sort()).toEqual([...names].sort().slice(-MAX_RETAINED_BUILDS));
  });
});

describe('the earlier builds a hashed file is looked for in', () => {
  let buildsDir = '';
  const distDir = '/srv/site/dist';
  beforeEach(() => {
    buildsDir = mkdtempSync(join(tmpdir(), 'builds-'));
  });
  afterEach(() => rmSync(buildsDir, { recursive: true, force: true }));

  const made = (...names: string[]) => {
    for (const name of names) mkdirSync(join(buildsDir, name));
  };

  it('tries the previous build first, then the older ones newest first, then DIST_DIR; never one being made', () => {
    const [older, old, previous, current, beingMade] = [40, 30, 20, 10, 0].map((hours) => buildAt(hours)) as [
      string,
      string,
      string,
      string,
      string,
    ];
    made(older, old, previous, current, beingMade);
    symlinkSync(previous, join(buildsDir, PREVIOUS));
    return expect(earlierBuildDirs(buildsDir, distDir, join(buildsDir, current))).resolves.toEqual([
      join(buildsDir, previous),
      join(buildsDir, old),
      join(buildsDir, older),
      distDir,
    ]);
  });

  it('after a rollback, tries first the newer build it replaced', async () => {
    const [before, current, replaced] = [30, 20, 10].map((hours) => buildAt(hours)) as [string, string, string];
    made(before, current, replaced);
    symlinkSync(replaced, join(buildsDir, PREVIOUS));
    expect(await earlierBuildDirs(buildsDir, distDir, join(buildsDir, current))).toEqual([
      join(buildsDir, replaced),
      join(buildsDir, before),
      distDir,
    ]);
  });

  it('has nothing earlier while DIST_DIR is served, whatever a build being made holds', async () => {
    made(buildAt(0));
    expect(await earlierBuildDirs(buildsDir, distDir, distDir)).toEqual([]);
    expect(await earlierBuildDirs(join(buildsDir, 'missing'), distDir, distDir)).toEqual([]);
  });
});
