/**
 * The content tests pass whatever the content says, as long as it is valid: the artist's
 * ordinary edits, made on a copy of content/, leave the very checks content-files.test.ts
 * runs green, and a real mistake still fails them.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADDED_RELEASE, ADDED_VIDEO, applyArtistEdits, NEW_FACEBOOK } from './artist-edits.ts';
import { contentProblems } from './content-validity.ts';

let dir = '';
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'content-edits-')), 'content');
  cpSync('content', dir, { recursive: true });
});
afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

const edit = (path: string, change: (text: string) => string) =>
  writeFileSync(join(dir, path), change(readFileSync(join(dir, path), 'utf8')));

describe('the artist’s edits', () => {
  it('another Facebook link, one more poem, video and release leave the content valid', () => {
    const counts = () => ({
      poems: readdirSync(join(dir, 'poems')).length,
      videos: (JSON.parse(readFileSync(join(dir, 'videos.json'), 'utf8')) as { videos: unknown[] }).videos.length,
      releases: readdirSync(join(dir, 'releases')).filter((name) => name.endsWith('.json')).length,
    });
    const before = counts();
    applyArtistEdits(dir);
    expect(counts()).toEqual({ poems: before.poems + 1, videos: before.videos + 1, releases: before.releases + 1 });
    expect(contentProblems(dir)).toEqual([]);
  });

  it('a link to another platform, a duplicated video or a hero key given twice are mistakes, named', () => {
    applyArtistEdits(dir);
    edit('site.json', (text) => text.replace(NEW_FACEBOOK, 'https://www.instagram.com/x'));
    edit('videos.json', (text) =>
      text.replace('"videos": [', `"videos": [\n{ "id": "${ADDED_VIDEO}", "title": "Again" },`),
    );
    edit(`releases/${ADDED_RELEASE}.json`, (text) => text.replace('"kind"', '"heroKey": "album",\n  "kind"'));
    expect(contentProblems(dir)).toEqual([
      'site.json: socials.8.href: must be a link to facebook.com',
      `videos.json: the video ${ADDED_VIDEO} is listed twice`,
      `content/releases/tasty-themes-for-mono-myths.json: heroKey: album is ${ADDED_RELEASE}.json's too; a key presents one release`,
    ]);
  });
});
