/**
 * Whether a content folder is valid, by the project's own schemas and the rules the build
 * applies across files: what the content tests check, on the real folder or on an edited
 * copy. They check that content is valid, never what it says, so the artist's edits pass.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { heroKeyClashes } from '../../../src/lib/hero-releases.ts';
import * as schemas from '../../../src/lib/content-schemas.ts';

/** The frontmatter of a Markdown file, for the simple `key: "value"` lines the poems use. */
export function frontmatter(text: string): Record<string, string> {
  const block = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  return Object.fromEntries(
    block.split('\n').map((line) => {
      const [key = '', ...rest] = line.split(':');
      return [
        key.trim(),
        rest
          .join(':')
          .trim()
          .replace(/^(['"])(.*)\1$/, '$2'),
      ];
    }),
  );
}

/** One line per mistake in a parse: the file, the field, the message. */
function issues(file: string, result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((issue) => `${file}: ${issue.path.join('.')}: ${issue.message}`);
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const filesIn = (folder: string, extension: string) =>
  readdirSync(folder)
    .filter((name) => name.endsWith(extension))
    .sort();

/** Every mistake in the content folder `dir`, one line each; none for valid content. */
export function contentProblems(dir: string): string[] {
  const problems = [
    ...issues('site.json', schemas.siteSchema.safeParse(readJson(join(dir, 'site.json')))),
    ...issues('videos.json', schemas.videosFileSchema.safeParse(readJson(join(dir, 'videos.json')))),
  ];
  const videos = schemas.videosFileSchema.safeParse(readJson(join(dir, 'videos.json'))).data?.videos ?? [];
  const ids = videos.map((video) => video.id);
  for (const id of new Set(ids.filter((id, at) => ids.indexOf(id) !== at))) {
    problems.push(`videos.json: the video ${id} is listed twice`);
  }

  const poems = filesIn(join(dir, 'poems'), '.md');
  if (poems.length === 0) problems.push('poems/: no poem');
  for (const name of poems) {
    const poem = frontmatter(readFileSync(join(dir, 'poems', name), 'utf8'));
    problems.push(...issues(`poems/${name}`, schemas.poemSchema.safeParse(poem)));
  }

  const releases = [];
  for (const name of filesIn(join(dir, 'releases'), '.json')) {
    const result = schemas.releaseSchema.safeParse(readJson(join(dir, 'releases', name)));
    problems.push(...issues(`releases/${name}`, result));
    if (!result.data) continue;
    const { cover } = result.data;
    if (cover && !existsSync(join(dir, 'releases', cover)))
      problems.push(`releases/${name}: cover: ${cover} is missing`);
    releases.push({ slug: name.replace(/\.json$/, ''), ...result.data });
  }
  if (releases.length === 0) problems.push('releases/: no release');
  // A release's track files (lyrics, credits) sit in the folder named like it; covers/ holds images.
  for (const folder of readdirSync(join(dir, 'releases'), { withFileTypes: true })) {
    if (!folder.isDirectory() || folder.name === 'covers') continue;
    for (const name of filesIn(join(dir, 'releases', folder.name), '.json')) {
      const file = `releases/${folder.name}/${name}`;
      problems.push(...issues(file, schemas.trackTextsSchema.safeParse(readJson(join(dir, file)))));
    }
  }
  return [...problems, ...heroKeyClashes(releases)];
}
