/**
 * One data file as the editor sends it, checked as the build reads it: JSON files parsed and
 * given to their schema, a poem's header read by Astro's own front-matter parser. An accepted
 * file is formatted with the project's Prettier settings, and only when that changes none of
 * its values; a poem's text after its header is kept byte for byte (it is shown as written).
 */
import { isDeepStrictEqual } from 'node:util';
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter';
import * as prettier from 'prettier';
import { isAlias, isPair, parseDocument, visit } from 'yaml';
import type { z } from 'zod';
import type { Lang } from '../../../src/lib/languages.ts';
import { CONTENT_FILE_SCHEMAS, VIDEOS_FIELD } from '../../../src/lib/content-schemas.ts';
import type { ContentKind } from './content-paths.ts';
import { listedTwice, MESSAGES, schemaReason, zodErrorMap } from './messages.ts';

/** A data file larger than this is no content file (the largest today is 3 KB). */
export const MAX_DATA_FILE_BYTES = 256 * 1024;

/** A refusal: the file, the field (dotted, like `socials.2.href`; empty for the whole file) and why. */
export interface Issue {
  file: string;
  field: string;
  message: string;
}

export type CheckedFile = { ok: true; text: string; data: Record<string, unknown> } | { ok: false; issues: Issue[] };

/** Control characters other than tab and line breaks: invisible, and some cut files short. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** The fields of `value` holding a text that could not be stored and read back as it is. */
function badTexts(value: unknown, at: string[] = []): string[] {
  if (typeof value === 'string') return !value.isWellFormed() || CONTROL.test(value) ? [at.join('.')] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => badTexts(item, [...at, String(index)]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => [
      ...(badTexts(key).length > 0 ? [[...at, key].join('.')] : []),
      ...badTexts(item, [...at, key]),
    ]);
  return [];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const refuse = (file: string, field: string, message: string): CheckedFile => ({
  ok: false,
  issues: [{ file, field, message }],
});

/** The schema's issues, each naming its field, in `lang`. */
function schemaIssues(file: string, schema: z.ZodType, data: unknown, lang: Lang): Issue[] {
  const result = schema.safeParse(data, { error: zodErrorMap(lang) });
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    file,
    field: issue.path.map(String).join('.'),
    message: schemaReason(issue.message, lang),
  }));
}

/** The rules inside one file that the schema does not hold: a video listed twice. */
function fileRules(kind: ContentKind, file: string, data: Record<string, unknown>, lang: Lang): Issue[] {
  if (kind !== 'videos') return [];
  const { videos } = CONTENT_FILE_SCHEMAS.videos.parse(data);
  const issues: Issue[] = [];
  videos.forEach(({ id }, index) => {
    if (videos.findIndex((video) => video.id === id) !== index)
      issues.push({ file, field: `videos.${String(index)}.id`, message: listedTwice(id)[lang] });
  });
  return issues;
}

let prettierOptions: Promise<prettier.Options> | undefined;

/** The project's Prettier settings (its `.prettierrc.json`), without plugins: data files need none. */
function projectPrettierOptions(): Promise<prettier.Options> {
  const projectFile = new URL('../../../package.json', import.meta.url).pathname;
  prettierOptions ??= prettier.resolveConfig(projectFile).then((options) => ({ ...options, plugins: [] }));
  return prettierOptions;
}

/** The JSON text as Prettier writes it. */
async function formatJson(text: string): Promise<string> {
  return prettier.format(text, { ...(await projectPrettierOptions()), parser: 'json' });
}

/**
 * The first header field holding an anchor (`&`) or an alias (`*`). Aliases let a few hundred
 * bytes stand for a tree of millions of values, which every later step would walk; a poem's
 * header never needs them. The header is read as a syntax tree here, where no alias is expanded.
 */
function aliasedField(rawHeader: string): string | null {
  let field: string | null = null;
  visit(parseDocument(rawHeader), {
    Node: (_key, node, path) => {
      if (!isAlias(node) && node.anchor === undefined) return undefined;
      const top = path[2];
      field = isPair(top) ? String(top.key) : '';
      return visit.BREAK;
    },
  });
  return field;
}

/** A poem as the build reads it: its header's values and its text. */
function readPoem(text: string): { header: unknown; body: string; rawHeader: string } | null {
  const { frontmatter, rawFrontmatter, content } = parseFrontmatter(text);
  if (!text.startsWith('---') || rawFrontmatter === '') return null;
  return { header: frontmatter, body: content, rawHeader: rawFrontmatter };
}

/** The poem with its header formatted by Prettier, when that keeps every value; else as it came. */
async function formatPoem(text: string, rawHeader: string, body: string): Promise<string> {
  const header = await prettier.format(rawHeader, { ...(await projectPrettierOptions()), parser: 'yaml' });
  const formatted = `---\n${header}---${body}`;
  const before = readPoem(text);
  const after = readPoem(formatted);
  return after && before && isDeepStrictEqual(after.header, before.header) && after.body === before.body
    ? formatted
    : text;
}

/**
 * An image path as Decap's media library writes it: `covers/x.jpg` (it joins its public folder
 * `./covers` with the name, which drops the `./`). The build reads an image relative to its file
 * only with the `./`, which the studio then adds.
 */
const withDot = (path: unknown) =>
  typeof path === 'string' && /^[\w-]+(?:\/[\w-]+)*\/[^/]+$/.test(path) ? `./${path}` : path;

/** The values with a release's cover and the videos' own pictures written as the build reads them. */
function withRelativeImages(kind: ContentKind, data: Record<string, unknown>): Record<string, unknown> {
  if (kind === 'release' && withDot(data['cover']) !== data['cover']) return { ...data, cover: withDot(data['cover']) };
  const videos = data[VIDEOS_FIELD];
  if (kind !== 'videos' || !Array.isArray(videos)) return data;
  const dotted = videos.map((video: unknown) =>
    isObject(video) && withDot(video['thumb']) !== video['thumb']
      ? { ...video, thumb: withDot(video['thumb']) }
      : video,
  );
  return dotted.some((video, index) => video !== videos[index]) ? { ...data, [VIDEOS_FIELD]: dotted } : data;
}

/** Checks one data file's new text; on success gives the text to write and its values. */
export async function checkDataFile(
  kind: Exclude<ContentKind, 'image'>,
  file: string,
  raw: string,
  lang: Lang,
): Promise<CheckedFile> {
  if (Buffer.byteLength(raw) > MAX_DATA_FILE_BYTES) return refuse(file, '', MESSAGES.tooLarge[lang]);
  if (!raw.isWellFormed()) return refuse(file, '', MESSAGES.badCharacter[lang]);

  if (kind === 'poem') {
    let poem;
    try {
      poem = readPoem(raw);
    } catch {
      return refuse(file, '', MESSAGES.badYaml[lang]);
    }
    if (!poem || !isObject(poem.header)) return refuse(file, '', MESSAGES.noFrontMatter[lang]);
    const aliased = aliasedField(poem.rawHeader);
    if (aliased !== null) return refuse(file, aliased, MESSAGES.yamlAlias[lang]);
    const bad = [...badTexts(poem.header), ...(badTexts(poem.body).length > 0 ? ['body'] : [])];
    if (bad.length > 0)
      return { ok: false, issues: bad.map((field) => ({ file, field, message: MESSAGES.badCharacter[lang] })) };
    const issues = schemaIssues(file, CONTENT_FILE_SCHEMAS.poem, poem.header, lang);
    if (issues.length > 0) return { ok: false, issues };
    return { ok: true, text: await formatPoem(raw, poem.rawHeader, poem.body), data: poem.header };
  }

  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return refuse(file, '', MESSAGES.notJson[lang]);
  }
  if (!isObject(data)) return refuse(file, '', MESSAGES.notObject[lang]);
  const values = withRelativeImages(kind, data);
  const text = values === data ? raw : JSON.stringify(values, null, 2);
  const bad = badTexts(values);
  if (bad.length > 0)
    return { ok: false, issues: bad.map((field) => ({ file, field, message: MESSAGES.badCharacter[lang] })) };
  const issues = schemaIssues(file, CONTENT_FILE_SCHEMAS[kind], values, lang);
  if (issues.length > 0) return { ok: false, issues };
  const ruleIssues = fileRules(kind, file, values, lang);
  if (ruleIssues.length > 0) return { ok: false, issues: ruleIssues };
  const formatted = await formatJson(text);
  return { ok: true, text: isDeepStrictEqual(JSON.parse(formatted), values) ? formatted : text, data: values };
}
