/**
 * The scheduled publish of a future release: under a controlled clock, a build is asked for
 * once the release moment has passed and not before, a moment months away is waited for in
 * steps, and the timer is set again from the files after each build; then the real app over a
 * stand-in project builds by itself when a release in its content comes out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AFTER_MOMENT_MS,
  MAX_TIMER_MS,
  readReleaseMoments,
  scheduleReleases,
  type ReleaseSchedule,
} from '../../../server/services/publish/release-schedule.ts';
import { createPublishFixture } from './publish-fixture.ts';

const START = Date.UTC(2026, 10, 1);
const log = pino({ level: 'silent' });
let folder = '';
let schedule: ReleaseSchedule | undefined;

/** Writes one release file holding only what the schedule reads. */
const release = (name: string, releaseAt?: string) =>
  writeFileSync(join(folder, `${name}.json`), JSON.stringify(releaseAt ? { title: name, releaseAt } : { title: name }));

/** The release moments the content gives, by file (in memory: the fake clock runs no real I/O). */
const moments = new Map<string, string>();

/** A schedule over `moments` whose publish counts the builds asked for. */
function counted() {
  const asked: number[] = [];
  schedule = scheduleReleases({
    readMoments: () => Promise.resolve([...moments.values()]),
    publish: () => {
      asked.push(Date.now());
      return Promise.resolve();
    },
    log,
  });
  return asked;
}

beforeEach(() => {
  moments.clear();
  folder = mkdtempSync(join(tmpdir(), 'release-schedule-'));
  vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  schedule?.close();
  vi.useRealTimers();
  rmSync(folder, { recursive: true, force: true });
});

describe('the release schedule', () => {
  it('asks for one build just after the moment, then waits for the next release', async () => {
    moments.set('past', '2026-10-01T00:00Z');
    moments.set('soon', '2026-11-01T01:00+01:00'); // midnight UTC: an hour's offset before
    moments.set('later', '2026-11-03T00:00-03:00');
    const asked = counted();
    await schedule?.rearm();
    expect(schedule?.next()).toBe(Date.UTC(2026, 10, 1, 0, 0) + AFTER_MOMENT_MS);
    await vi.advanceTimersByTimeAsync(AFTER_MOMENT_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual([START + AFTER_MOMENT_MS]);
    expect(schedule?.next()).toBe(Date.UTC(2026, 10, 3, 3) + AFTER_MOMENT_MS);
    await vi.advanceTimersByTimeAsync(3 * 86_400_000);
    expect(asked).toHaveLength(2);
    expect(schedule?.next()).toBeNull();
  });

  it('waits for a moment beyond the longest timer in steps, building only at the moment', async () => {
    moments.set('next-year', '2027-11-01T00:00Z');
    const asked = counted();
    await schedule?.rearm();
    await vi.advanceTimersByTimeAsync(MAX_TIMER_MS * 14);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(Date.UTC(2027, 10, 1) + AFTER_MOMENT_MS - Date.now());
    expect(asked).toEqual([Date.UTC(2027, 10, 1) + AFTER_MOMENT_MS]);
  });

  it('follows the files: a moment moved or removed before it comes builds nothing then', async () => {
    moments.set('soon', '2026-11-02T00:00Z');
    const asked = counted();
    await schedule?.rearm();
    moments.set('soon', '2026-11-05T00:00Z');
    await schedule?.rearm();
    await vi.advanceTimersByTimeAsync(2 * 86_400_000);
    expect(asked).toEqual([]);
    moments.delete('soon');
    await schedule?.rearm();
    expect(schedule?.next()).toBeNull();
    await vi.advanceTimersByTimeAsync(10 * 86_400_000);
    expect(asked).toEqual([]);
  });

  it('builds at start when a release came out while the server was down, after its site was built', async () => {
    moments.set('missed', '2026-10-31T12:00Z');
    moments.set('later', '2026-12-01T00:00Z');
    const asked = counted();
    expect(await schedule?.catchUp(Date.UTC(2026, 9, 31, 13))).toBe(false);
    expect(asked).toEqual([]);
    expect(await schedule?.catchUp(Date.UTC(2026, 9, 30))).toBe(true);
    expect(asked).toEqual([START]);
  });

  it('reads the moments of the release files it can: a broken file or a wrong moment is the build’s to report', async () => {
    writeFileSync(join(folder, 'broken.json'), '{ "releaseAt": ');
    writeFileSync(join(folder, 'notes.txt'), 'releaseAt');
    release('wrong', 'next Friday');
    release('real', '2026-12-01T00:00Z');
    expect((await readReleaseMoments(folder)).sort()).toEqual(['2026-12-01T00:00Z', 'next Friday']);
    expect(await readReleaseMoments(join(folder, 'missing'))).toEqual([]);
  });
});

describe('the app', () => {
  /** A moment `ms` from now, to the second, as the artist writes it. */
  const momentIn = (ms: number) =>
    new Date(Math.ceil(Date.now() / 1000) * 1000 + ms).toISOString().replace('.000Z', 'Z');
  const ends = (fixture: ReturnType<typeof createPublishFixture>) =>
    fixture.buildLog().filter((line) => line === 'end').length;

  it('builds by itself once a release of its content comes out, and waits for a moment a later build brings', async () => {
    vi.useRealTimers();
    const fixture = createPublishFixture();
    try {
      const releases = join(fixture.projectDir, 'content', 'releases');
      mkdirSync(releases);
      const releaseAt = momentIn(3000);
      writeFileSync(join(releases, 'soon.json'), JSON.stringify({ releaseAt }));
      const app = await fixture.app();
      await expect.poll(() => ends(fixture), { timeout: 20_000 }).toBe(1);
      expect(Date.now()).toBeGreaterThan(Date.parse(releaseAt));
      await app.publisher.whenIdle();
      // Published with nobody asking: the served site is the new build.
      expect((await app.publisher.status()).state).toBe('published');
      // A save brings another release's moment: once its build is live, the timer waits for it.
      const laterAt = momentIn(4000);
      writeFileSync(join(releases, 'later.json'), JSON.stringify({ releaseAt: laterAt }));
      await app.publisher.requestBuild();
      await app.publisher.whenIdle();
      expect(ends(fixture)).toBe(2);
      await expect.poll(() => ends(fixture), { timeout: 20_000 }).toBe(3);
      expect(Date.now()).toBeGreaterThan(Date.parse(laterAt));
    } finally {
      await fixture.cleanup();
    }
  }, 60_000);
});
