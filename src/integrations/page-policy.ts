/**
 * The pages' Content-Security-Policy hashes, as the source declares them. With `security.csp`
 * on, Astro writes a policy element into each page's head listing the hashes of what it emits
 * itself (its island runtime and directives, the component styles it inlines) and of the
 * inline scripts the config names. This integration takes those elements out of the pages (the
 * server and the CDN send the policy as a header, and the head's bytes come before the first
 * paint) and writes their union to one file the server reads. A page's contents can only take
 * a hash away (a declared script or style that no page writes is left out, to keep the header
 * short), never add one: a script that content smuggled into a page is never allowed.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { Parser } from 'htmlparser2';
import { PAGE_POLICY_FILE, type PagePolicy } from '../lib/page-policy.ts';
import { rewriteBuiltPages } from './built-pages.ts';

/** The element Astro writes first in a page's head. */
const POLICY_ELEMENT = /<meta http-equiv="content-security-policy" content="([^"]*)">/;

/**
 * Inline scripts the browser runs: no `src`, and no `type` but a classic or module script's.
 * A data block (`application/json`, `application/ld+json`) is never run, so the policy need
 * not name it.
 */
const RUNNABLE_SCRIPT_TYPES = new Set(['', 'module', 'text/javascript']);

function cspHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

/**
 * The hashes of what a page writes inline, to tell which declared hashes are used. The page is
 * read as a browser reads it: a text that merely looks like a tag (a title holding `<script>` in
 * an attribute) neither hides a real script nor counts as one.
 */
function inlineHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  let inline: { body: string } | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      const runs = name === 'script' && attributes['src'] === undefined;
      inline =
        name === 'style' || (runs && RUNNABLE_SCRIPT_TYPES.has((attributes['type'] ?? '').toLowerCase()))
          ? { body: '' }
          : null;
    },
    ontext(text) {
      if (inline) inline.body += text;
    },
    onclosetag() {
      if (inline) hashes.add(cspHash(inline.body));
      inline = null;
    },
  });
  parser.write(html);
  parser.end();
  return hashes;
}

/** The `'sha256-…'` sources one directive of a policy lists. */
function hashesOf(policy: string, directive: string): string[] {
  const sources = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1);
  return (sources ?? []).filter((source) => source.startsWith("'sha256-"));
}

/**
 * Removes the policy element from a page and returns what it declared. A page without one
 * fails the build: its scripts would be refused.
 */
export function takePagePolicy(html: string, file: string): { html: string; policy: PagePolicy } {
  const found = POLICY_ELEMENT.exec(html);
  if (!found) throw new Error(`${file} has no policy element: is security.csp on in astro.config.mjs?`);
  const content = found[1] ?? '';
  return {
    html: html.slice(0, found.index) + html.slice(found.index + found[0].length),
    policy: { scriptHashes: hashesOf(content, 'script-src'), styleHashes: hashesOf(content, 'style-src') },
  };
}

/** The integration: runs once every page is written. */
export function pagePolicy(): AstroIntegration {
  return {
    name: 'page-policy',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const used = new Set<string>();
        await rewriteBuiltPages(dir, (page, file) => {
          const { html, policy } = takePagePolicy(page, file);
          for (const hash of policy.scriptHashes) scripts.add(hash);
          for (const hash of policy.styleHashes) styles.add(hash);
          for (const hash of inlineHashes(html)) used.add(hash);
          return html;
        });
        const declaredAndUsed = (hashes: Set<string>) => [...hashes].filter((hash) => used.has(hash)).sort();
        const union: PagePolicy = { scriptHashes: declaredAndUsed(scripts), styleHashes: declaredAndUsed(styles) };
        await writeFile(join(fileURLToPath(dir), PAGE_POLICY_FILE), `${JSON.stringify(union, null, 2)}\n`);
      },
    },
  };
}
