/**
 * The studio's content backend under arbitrary Unicode (test hook as the signed-in person, a
 * copy of the project with the tests' own content in a temporary Git repository): whatever an
 * entry is called, nothing is written outside the content folder or outside the files the
 * studio edits; whatever a field holds, an accepted text is stored and read back unchanged, and
 * a refused one is one the site could not keep as it is.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentPath } from '../../../server/services/studio-content/content-paths.ts';
import { createStudioContentFixture, MEDIA_FOLDER, type StudioContentFixture } from './studio-content-fixture.ts';

let f: StudioContentFixture;
beforeAll(async () => {
  f = await createStudioContentFixture();
});
afterAll(async () => {
  await f.cleanup();
});

/** The copy's folders that are not the project's files: Git's own, and the linked installation. */
const NOT_THE_PROJECT = new Set(['.git', 'node_modules']);

/**
 * Every file under `root` but those folders', relative to it. They are never entered: the
 * installation is shared with every other test, whose builds write and delete Vite's caches in it.
 */
function filesUnder(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      const skipped = dir === root && NOT_THE_PROJECT.has(entry.name);
      if (entry.isDirectory()) return skipped ? [] : filesUnder(root, path);
      return entry.isFile() ? [relative(root, path)] : [];
    })
    .sort();
}

const OPTIONS = { commitMessage: 'x', useWorkflow: false, status: '' };
const POEM_BODY = '\nUm verso\noutro verso\n';
const poem = (title: string, body = POEM_BODY) => `---\n${stringify({ title, date: '01/02/2024' })}---\n${body}`;
const unicode = fc.string({ unit: 'binary', maxLength: 60 });
/** Names with the path characters that matter mixed in. */
const entryName = fc.oneof(
  unicode,
  fc
    .array(fc.constantFrom('..', '.', '/', '\\', 'poems', 'x.md', '.hidden', '%2e', '\0', '~', 'C:'), { maxLength: 6 })
    .map((parts) => parts.join('')),
  fc
    .tuple(unicode, fc.constantFrom('.md', '.json', '.jpg', ''))
    .map(([name, extension]) => `poems/${name}${extension}`),
);

it('writes nothing outside the content folder, nor any file the studio does not edit, whatever the entry is called', async () => {
  const outsideBefore = filesUnder(f.root).filter((path) => !path.startsWith('content/'));
  await fc.assert(
    fc.asyncProperty(entryName, async (name) => {
      for (const path of [name, `poems/${name}.md`, `releases/${name}.json`]) {
        await f.content('persistEntry', {
          dataFiles: [{ slug: name, path, raw: poem('Título') }],
          assets: [],
          options: OPTIONS,
        });
        await f.content('getEntry', { path });
        await f.content('deleteFile', { path, options: { commitMessage: 'x' } });
      }
      const outsideNow = filesUnder(f.root).filter((path) => !path.startsWith('content/'));
      expect(outsideNow).toEqual(outsideBefore);
      for (const path of filesUnder(f.contentDir)) {
        // Files the artist keeps by hand (README.md, thumbs/) stay; anything new is a content file.
        if (path === 'README.md' || path.startsWith('thumbs/')) continue;
        expect(contentPath(path, MEDIA_FOLDER), path).not.toBeNull();
      }
    }),
    { numRuns: 25 },
  );
}, 120_000);

/** Characters the site cannot keep as they are: half a surrogate pair, or an invisible control. */
const unkeepable = (text: string) => !text.isWellFormed() || /(?![\t\n\r])\p{Cc}/u.test(text);

it('stores a poem’s title and text and reads them back unchanged, or refuses only what the site cannot keep', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.string({ unit: 'binary', maxLength: 220 }),
      fc.string({ unit: 'binary', maxLength: 400 }),
      async (title, text) => {
        const raw = poem(title, `\n${text}`);
        const response = await f.content('persistEntry', {
          dataFiles: [{ slug: 'prova', path: 'poems/prova.md', raw }],
          assets: [],
          options: OPTIONS,
        });
        const readable = title.length >= 1 && title.length <= 200 && !unkeepable(title) && !unkeepable(text);
        if (!readable) {
          expect(response.statusCode, response.body).toBe(422);
          return;
        }
        expect(response.statusCode, response.body).toBe(200);
        const stored = (await f.content('getEntry', { path: 'poems/prova.md' })).json<{ data: string }>().data;
        const read = parseFrontmatter(stored);
        expect(read.frontmatter).toEqual({ title, date: '01/02/2024' });
        expect(read.content).toBe(parseFrontmatter(raw).content);
      },
    ),
    { numRuns: 60 },
  );
}, 60_000);

it('stores a video’s title in videos.json and reads it back unchanged, or refuses only what the site cannot keep', async () => {
  const videos = JSON.parse(f.read('videos.json')) as { videos: { id: string; title: string }[] };
  await fc.assert(
    fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 220 }), async (title) => {
      const edited = { videos: videos.videos.map((video, index) => (index === 0 ? { ...video, title } : video)) };
      const response = await f.content('persistEntry', {
        dataFiles: [{ slug: 'videos', path: 'videos.json', raw: JSON.stringify(edited, null, 2) }],
        assets: [],
        options: OPTIONS,
      });
      if (title.length < 1 || title.length > 200 || unkeepable(title)) {
        expect(response.statusCode, response.body).toBe(422);
        return;
      }
      expect(response.statusCode, response.body).toBe(200);
      const stored = (await f.content('getEntry', { path: 'videos.json' })).json<{ data: string }>().data;
      expect(JSON.parse(stored)).toEqual(edited);
    }),
    { numRuns: 60 },
  );
}, 60_000);
