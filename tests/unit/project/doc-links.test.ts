import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The documents a newcomer follows from the README: a link that leads nowhere loses them. */
function documents(): string[] {
  const inDocs = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return inDocs(path);
      return name.endsWith('.md') ? [path] : [];
    });
  return ['README.md', 'content/README.md', ...inDocs('docs')];
}

/** The text outside fenced code blocks and inline code: a link shown as code is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every `[text](target)` and `![alt](target)`, without a title in quotes or angle brackets. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces as hyphens,
 * and `-1`, `-2` after an anchor already taken (the rules of github-slugger).
 */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const words = (match[1] ?? '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]/g, '')
      .replace(/(^|\s)_+|_+(?=\s|$)/g, '$1');
    const base = words
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${String(n)}`;
    anchors.add(anchor);
  }
  // Anchors written by hand in HTML count too.
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  return anchors;
}

/** What is wrong with each relative link of one Markdown file: the target, and why. */
function brokenLinks(file: string): string[] {
  const problems: string[] = [];
  for (const target of linkTargets(readFileSync(file, 'utf8'))) {
    if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http(s), mailto and the like
    const [pathPart = '', anchor] = target.split('#', 2);
    const path = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    if (!existsSync(path)) {
      problems.push(`${target}: no file ${relative('.', path)}`);
      continue;
    }
    if (anchor === undefined || !path.endsWith('.md')) continue;
    if (!headingAnchors(readFileSync(path, 'utf8')).has(decodeURIComponent(anchor))) {
      problems.push(`${target}: no heading #${anchor} in ${relative('.', path)}`);
    }
  }
  return problems;
}

describe('links in the documentation', () => {
  const files = documents();

  it('reads the README, the content guide and the pages of docs/', () => {
    // Guards the file list: were it to find nothing, every check below would pass vacuously.
    expect(files).toEqual(expect.arrayContaining(['README.md', 'content/README.md', 'docs/security.md']));
    expect(linkTargets(readFileSync('README.md', 'utf8')).length).toBeGreaterThan(5);
  });

  it.each(files)('%s links only to files and headings that exist', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});

describe('the link check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'doc-links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names a link to a missing file and to a missing heading', () => {
    writeFileSync(join(dir, 'other.md'), '# Other page\n\n## The studio’s inbox\n');
    const file = join(dir, 'page.md');
    writeFileSync(
      file,
      [
        '# Page',
        '[fine](other.md) [fine too](other.md#the-studios-inbox) [here](#page)',
        '[gone](no-such-page.md) [no heading](other.md#made-up-heading)',
        '`[code](not-a-link.md)` [site](https://example.com/missing.md)',
      ].join('\n'),
    );
    expect(brokenLinks(file)).toEqual([
      `no-such-page.md: no file ${relative('.', join(dir, 'no-such-page.md'))}`,
      `other.md#made-up-heading: no heading #made-up-heading in ${relative('.', join(dir, 'other.md'))}`,
    ]);
  });

  it('takes GitHub’s anchors: punctuation dropped, repeated headings numbered', () => {
    const anchors = headingAnchors(
      '# Links e playlist inicial (`site.json`)\n## Tests\n## Tests\n```\n# not a heading\n```\n',
    );
    expect([...anchors]).toEqual(['links-e-playlist-inicial-sitejson', 'tests', 'tests-1']);
  });
});
