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
import { sampleReleaseJson } from './sample-release.ts';

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
    // Which link and which release the mistakes land on depends on the artist's files: found there.
    const { socials } = JSON.parse(readFileSync(join(dir, 'site.json'), 'utf8')) as { socials: { href: string }[] };
    const link = socials.findIndex((social) => social.href === NEW_FACEBOOK);
    const holder = keyHolder();
    edit('site.json', (text) => text.replace(NEW_FACEBOOK, 'https://www.instagram.com/x'));
    edit('videos.json', (text) =>
      text.replace('"videos": [', `"videos": [\n{ "id": "${ADDED_VIDEO}", "title": "Again" },`),
    );
    edit(`releases/${ADDED_RELEASE}.json`, (text) => text.replace('"kind"', `"heroKey": "${holder.key}",\n  "kind"`));
    // The later file by name is the one named, the earlier one keeps the key.
    const [first, later] = [holder.slug, ADDED_RELEASE].sort();
    expect(contentProblems(dir)).toEqual([
      `site.json: socials.${String(link)}.href: must be a link to facebook.com`,
      `videos.json: the video ${ADDED_VIDEO} is listed twice`,
      `content/releases/${String(later)}.json: heroKey: ${holder.key} is ${String(first)}.json's too; a key presents one release`,
    ]);
  });
});

/** A release of the folder that names a hero key, and the key; one is added where none does. */
function keyHolder(): { slug: string; key: string } {
  for (const name of readdirSync(join(dir, 'releases')).sort()) {
    if (!name.endsWith('.json')) continue;
    const { heroKey } = JSON.parse(readFileSync(join(dir, 'releases', name), 'utf8')) as { heroKey?: string };
    if (heroKey) return { slug: name.replace(/\.json$/, ''), key: heroKey };
  }
  const slug = 'key-holder';
  writeFileSync(join(dir, 'releases', `${slug}.json`), sampleReleaseJson({ kind: 'Album', heroKey: 'album' }));
  return { slug, key: 'album' };
}
