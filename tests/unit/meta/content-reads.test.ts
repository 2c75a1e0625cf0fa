/**
 * The artist edits content/ without a developer, so a test that reads it would turn red on an
 * ordinary edit as soon as it compares with what the files say today. Only the few tests that
 * exist to check the content itself (or that learn the real build's content from the files at
 * run time) may read it; every other test writes a content folder of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The tests that may read the real content/, each with its reason. */
const MAY_READ_CONTENT: Record<string, string> = {
  'tests/unit/content/':
    'the content tests: the files are valid, build, and still build after ordinary edits; they check validity, never what the files say',
  'tests/e2e/home-helpers.ts':
    'the journeys walk the real build, and learn its videos, poems and releases from the files',
  'tests/e2e/lyrics-helpers.ts': 'the same, for the track files with lyrics',
  'tests/e2e/numbers.test.ts': 'the same, for the releases whose plays are counted',
  'tests/e2e/hostile-site.ts': 'builds a copy of the real content with every text made hostile',
  'tests/e2e/pre-release-site.ts': 'builds a copy of the real content with two releases of its own added',
};

/** The guide to editing content lives in the folder but is the project's document, not content. */
const CONTENT_GUIDE = 'content/README.md';
const isContentPath = (text: string) => text === 'content' || (text.startsWith('content/') && text !== CONTENT_GUIDE);

/** A call's name: `readFileSync` for `readFileSync(…)` and `fs.readFileSync(…)`. */
function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return '';
}

/** Calls whose arguments are texts compared or looked up, never paths that are read. */
const NOT_A_READ = /^(expect|to[A-Z]\w*|getAttribute|startsWith|endsWith|includes|indexOf|replace|split)$/;

/** Whether `node` sits in an assertion or a text comparison (`expect(…).toEqual([…])`). */
function comparedOnly(node: ts.Node): boolean {
  return ts.findAncestor(node.parent, (at) => ts.isCallExpression(at) && NOT_A_READ.test(calleeName(at))) !== undefined;
}

/** Whether `node`, a text naming content/, is used as a path into the project's own folder. */
function readsContent(node: ts.Node): boolean {
  if (comparedOnly(node)) return false;
  const parent = node.parent;
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    const name = calleeName(parent);
    if (parent.arguments?.[0] === node) return true;
    // join(process.cwd(), 'content') and resolve('.', 'content'): the project's folder by another route.
    const base = parent.arguments?.[0];
    return (
      /^(join|resolve)$/.test(name) &&
      base !== undefined &&
      (base.getText() === 'process.cwd()' || base.getText() === "'.'")
    );
  }
  // A constant holding the path (`const FOLDER = 'content/releases'`), or a list of what to copy.
  return ts.isVariableDeclaration(parent) || ts.isArrayLiteralExpression(parent);
}

/** Whether a call copies the project with the artist's content in it. */
function copiesContent(node: ts.CallExpression): boolean {
  if (calleeName(node) !== 'copyProject') return false;
  const options = node.arguments[1];
  return !(options && ts.isObjectLiteralExpression(options) && /\bcontent:\s*false\b/.test(options.getText()));
}

/** Every place in the source `text` that reads the real content, as `line: code`. */
export function contentReads(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const note = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${String(line + 1)}: ${node.getText()}`);
  };
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isContentPath(node.text)) {
      if (readsContent(node)) note(node);
    } else if (ts.isTemplateExpression(node) && node.head.text.startsWith('content/')) {
      if (readsContent(node)) note(node);
    } else if (ts.isCallExpression(node) && copiesContent(node)) {
      note(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const root = process.cwd();
const testFiles = readdirSync(join(root, 'tests'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js)$/.test(entry.name))
  .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
  .sort();

const allowed = (path: string) => Object.keys(MAY_READ_CONTENT).some((entry) => path.startsWith(entry));

describe('the tests and the real content/', () => {
  it('only the declared content tests read it', () => {
    const readers = testFiles
      .filter((path) => !allowed(path))
      .flatMap((path) => contentReads(path, readFileSync(path, 'utf8')).map((read) => `${path}:${read}`));
    expect(readers, 'write a content folder of your own, or compare with the files at run time').toEqual([]);
  });

  it('keeps its list short and every entry in use', () => {
    expect(Object.keys(MAY_READ_CONTENT).length).toBeLessThanOrEqual(6);
    for (const entry of Object.keys(MAY_READ_CONTENT)) {
      const files = testFiles.filter((path) => path.startsWith(entry));
      const reads = files.flatMap((path) => contentReads(path, readFileSync(path, 'utf8')));
      expect(reads.length, `${entry} no longer reads content/: take it off the list`).toBeGreaterThan(0);
    }
  });

  it('finds the ways a test reads it, and leaves other uses of the word alone', () => {
    const reads = (code: string) => contentReads('x.ts', code).length;
    expect(reads("readFileSync('content/site.json', 'utf8')")).toBe(1);
    expect(reads("readFileSync('content/README.md', 'utf8')")).toBe(0);
    expect(reads("cpSync('content', dir, { recursive: true })")).toBe(1);
    expect(reads("const RELEASES = 'content/releases';")).toBe(1);
    expect(reads("new URL('content/poems/', root)")).toBe(1);
    expect(reads('readdirSync(`content/releases/${name}`)')).toBe(1);
    expect(reads("join(process.cwd(), 'content', 'site.json')")).toBe(1);
    expect(reads("for (const item of ['src', 'content']) cpSync(item, copy)")).toBe(1);
    expect(reads("copyProject('x-')")).toBe(1);
    expect(reads("copyProject('x-', { content: false })")).toBe(0);
    expect(reads("join(copy, 'content', 'videos.json')")).toBe(0);
    expect(reads("page.getAttribute('meta', 'content')")).toBe(0);
    expect(reads("el.getAttribute('content')")).toBe(0);
    expect(reads("expect(output).toContain('content/site.json')")).toBe(0);
    expect(reads("expect(paths).toEqual(['content/poems/a.md'])")).toBe(0);
    expect(reads("files.filter((path) => !path.startsWith('content/'))")).toBe(0);
  });
});
