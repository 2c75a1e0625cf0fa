/**
 * The files of the tiny fixture site, shaped like Astro's output. Free of the test runner, so
 * a fixture build (a plain Node program) writes them too.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { PAGE_POLICY_FILE } from '../../../src/lib/page-policy.ts';

export const INLINE_SCRIPT = "console.log('inline')";
export const INLINE_STYLE = 'body{color:red}';
export const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The inline script of a site written with `edition` (the plain fixture's without one). */
export const inlineScript = (edition = '') => (edition ? `console.log('inline ${edition}')` : INLINE_SCRIPT);

/** A script that content smuggled into one page: the build never declared it. */
export const INJECTED_SCRIPT = 'window.__injected = 1';

function siteFiles(edition: string): Record<string, string> {
  const script = inlineScript(edition);
  const page = (lang: string, text: string) => {
    const body = edition ? `${text} ${edition}` : text;
    return (
      `<!doctype html><html lang="${lang}"><head><title>${body}</title><style>${INLINE_STYLE}</style>` +
      `<script>${script}</script><script type="module" src="/_astro/app.abc123.js"></script>` +
      `<script type="application/ld+json">{"@type":"Person"}</script>` +
      `<script type="application/json" id="texts">{"title":"${body}"}</script></head><body>${body}</body></html>`
    );
  };
  return {
    'pt.html': page('pt-BR', 'home pt'),
    'en.html': page('en-US', 'home en'),
    'es.html': page('es-ES', 'home es'),
    'pt/spotify.html': page('pt-BR', 'landing pt').replace('</body>', `<script>${INJECTED_SCRIPT}</script></body>`),
    'samebloodscocktail.html': page('pt-BR', 'landing'),
    // The same URL built once per language, as the build writes it.
    'samebloodscocktail.pt.html': page('pt-BR', 'landing in pt'),
    'samebloodscocktail.en.html': page('en-US', 'landing in en'),
    'samebloodscocktail.es.html': page('es-ES', 'landing in es'),
    'index.html': page('pt-BR', 'root'),
    '404.html': page('pt-BR', 'not found'),
    '_astro/app.abc123.js': `export const app = "${'x'.repeat(2000)}";`,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    '.env': 'SECRET=1',
    _headers: '/*\n  X-Internal: 1\n',
    // What the build declares: its own inline script and style, as Astro records them.
    [PAGE_POLICY_FILE]: JSON.stringify({ scriptHashes: [sha256(script)], styleHashes: [sha256(INLINE_STYLE)] }),
  };
}

/**
 * Writes the fixture site into `dir`, with brotli and gzip variants of the script and pages as
 * `npm run build` does. An `edition` is added to every page's text and inline script.
 */
export function writeFixtureFiles(dir: string, edition = ''): void {
  const files = siteFiles(edition);
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  for (const path of Object.keys(files).filter((name) => /\.(?:html|js)$/.test(name))) {
    const content = Buffer.from(files[path] ?? '');
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(content));
  }
}
