/**
 * Reads a built page (or feed) as a browser's parser would and lists every place where a
 * hostile text did more than read as text: a text that did not stay whole in one text node or
 * attribute value, any part of one in a tag or attribute name, a comment, a script or a style,
 * an event-handler attribute, a script or style the build did not declare, a data block that
 * no longer parses.
 */
import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import type { PagePolicy } from '../../src/lib/page-policy.ts';
import { MARK_END, MARK_START } from './hostile-site.ts';

const MARKS = new RegExp(`[${MARK_START}${MARK_END}]`);
const DATA_BLOCK_TYPES = new Set(['application/json', 'application/ld+json']);
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript']);

const cspHash = (content: string) => `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;

/** True when every end mark in `value` closes a start mark before it: the text was not cut apart. */
function staysWhole(value: string): boolean {
  let open = 0;
  for (const character of value) {
    if (character === MARK_START) open += 1;
    else if (character === MARK_END) {
      if (open === 0) return false;
      open -= 1;
    }
  }
  return true;
}

/** The problems of one document; `xml` for a feed. */
export function markupProblems(source: string, policy: PagePolicy, xml = false): string[] {
  const problems: string[] = [];
  let element: { name: string; type: string } | null = null;
  let raw = '';
  /** Ends a run of text at a tag: the text since the last tag, which must hold whole texts. */
  const flush = (at: string) => {
    const text = raw;
    raw = '';
    if (!staysWhole(text)) problems.push(`a hostile text was cut apart before ${at}`);
    return text;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flush(`<${name}>`);
        if (MARKS.test(name)) problems.push(`a hostile text became the element <${name}>`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (MARKS.test(attribute)) problems.push(`a hostile text became the attribute ${attribute} on <${name}>`);
          if (/^on/i.test(attribute)) problems.push(`<${name}> has an event handler ${attribute}`);
          if (!staysWhole(value)) problems.push(`<${name} ${attribute}> holds a hostile text cut apart`);
        }
        element = { name, type: (attributes['type'] ?? '').toLowerCase() };
        if (name === 'script' && attributes['src'] !== undefined) element.type = 'external';
      },
      ontext(text) {
        raw += text;
      },
      onclosetag(name) {
        const open = element;
        element = null;
        const text = flush(`</${name}>`);
        if (!open || xml) return;
        if (name === 'script' && DATA_BLOCK_TYPES.has(open.type)) {
          try {
            JSON.parse(text);
          } catch {
            problems.push(`a ${open.type} block no longer parses: ${text.slice(0, 120)}`);
          }
        } else if (name === 'script' && SCRIPT_TYPES.has(open.type) && text.trim()) {
          if (MARKS.test(text)) problems.push(`a hostile text runs inside a script: ${text.slice(0, 120)}`);
          if (!policy.scriptHashes.includes(cspHash(text)))
            problems.push(`an inline script the build did not declare: ${text.slice(0, 120)}`);
        } else if (name === 'style') {
          if (MARKS.test(text)) problems.push(`a hostile text became style rules`);
          if (!policy.styleHashes.includes(cspHash(text))) problems.push('an inline style the build did not declare');
        }
      },
      oncomment(comment) {
        if (MARKS.test(comment)) problems.push(`a hostile text became a comment: ${comment.slice(0, 120)}`);
      },
      oncdatastart() {
        if (!xml) problems.push('a CDATA section in an HTML page');
      },
    },
    { xmlMode: xml, decodeEntities: true, recognizeCDATA: xml },
  );
  parser.write(source);
  parser.end();
  return problems;
}
