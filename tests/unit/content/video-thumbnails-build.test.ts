/**
 * The build serves every video's thumbnail from the site: the one `npm run thumbnails` kept as
 * content/thumbs/<id>.jpg, the artist's own (`thumb`), else a drawn stand-in. Runs the real
 * `astro build` on a copy of the project, with three videos of the test's own added: one of each.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCopy, copyProject } from '../../../perf/harness/project-copy.ts';
import { builtPageWithProps } from './built-page.ts';

let copy = '';

// Videos of the test's own, added to the artist's (which may change): one with a fetched
// picture, one with his own, one with neither.
const FETCHED = 'TestFetch01';
const OWN = 'TestOwnPic1';
const DRAWN = 'TestDrawn01';
const GREEN = { r: 0, g: 200, b: 0 };
const BLUE = { r: 0, g: 0, b: 220 };

const solid = (colour: typeof GREEN, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).jpeg();

/** The colour in the middle of a built thumbnail. */
async function middle(file: string) {
  const { data } = await sharp(file).extract({ left: 200, top: 150, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  });
  return { r: data[0] ?? 0, g: data[1] ?? 0, b: data[2] ?? 0 };
}

const near = (a: typeof GREEN, b: typeof GREEN) =>
  Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b)) < 24;

beforeAll(async () => {
  copy = copyProject('thumbnails-build-');
  await solid(GREEN, 480, 360).toFile(join(copy, 'content', 'thumbs', `${FETCHED}.jpg`));
  await solid(BLUE, 1280, 720).toFile(join(copy, 'content', 'thumbs', 'own-picture.jpg'));
  const videosFile = join(copy, 'content', 'videos.json');
  const { videos } = JSON.parse(readFileSync(videosFile, 'utf8')) as { videos: { id: string; thumb?: string }[] };
  const added = [
    { id: FETCHED, title: 'Fetched picture' },
    { id: OWN, title: 'His own picture', thumb: './thumbs/own-picture.jpg' },
    { id: DRAWN, title: 'No picture' },
  ];
  writeFileSync(videosFile, JSON.stringify({ videos: [...videos, ...added] }));
  await buildCopy(copy);
}, 240_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('the built video thumbnails', () => {
  const built = () => readdirSync(join(copy, 'dist', 'thumbs'));

  it('are one 480x360 WebP per video, all of one version', async () => {
    const { videos } = JSON.parse(readFileSync(join(copy, 'content', 'videos.json'), 'utf8')) as {
      videos: { id: string }[];
    };
    const names = built();
    const version = /\.([0-9a-f]{10})\.webp$/.exec(names[0] ?? '')?.[1] ?? '';
    expect(names.sort()).toEqual(videos.map((video) => `${video.id}.${version}.webp`).sort());
    const { format, width, height } = await sharp(join(copy, 'dist', 'thumbs', names[0] ?? '')).metadata();
    expect({ format, width, height }).toEqual({ format: 'webp', width: 480, height: 360 });
    // The home page passes the version to the island, which derives the URLs from it.
    expect(builtPageWithProps(join(copy, 'dist'), 'pt.html')).toContain(version);
  });

  it('show the fetched file, the artist’s own, and a drawn stand-in for the others', async () => {
    const file = (id: string) => join(copy, 'dist', 'thumbs', built().find((name) => name.startsWith(`${id}.`)) ?? '');
    expect(near(await middle(file(FETCHED)), GREEN)).toBe(true);
    expect(near(await middle(file(OWN)), BLUE)).toBe(true);
    // The stand-in: the site's dark ground in its corner, the light piano keys at its foot.
    const standIn = file(DRAWN);
    const { data } = await sharp(standIn).extract({ left: 4, top: 4, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect(Math.max(...data)).toBeLessThan(32);
    const { data: key } = await sharp(standIn).extract({ left: 20, top: 350, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect(Math.min(...key)).toBeGreaterThan(200);
  });

  it('ask no other host for any image: the build names none', () => {
    const pages = readdirSync(join(copy, 'dist'), { recursive: true })
      .map(String)
      .filter((name) => /\.(?:html|js|css)$/.test(name));
    for (const name of pages) expect(readFileSync(join(copy, 'dist', name), 'utf8'), name).not.toContain('ytimg');
  });
});
