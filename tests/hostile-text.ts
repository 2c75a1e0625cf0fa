/**
 * Text a stranger (or a file from one) could put in any field: arbitrary Unicode, weighted
 * toward what breaks out of HTML, attributes, scripts, comments, CDATA and JSON, and toward
 * the controls that turn text around.
 */
import fc from 'fast-check';

/** Pieces that end or open an element, attribute, comment, CDATA section or JSON string. */
const BREAKOUTS = [
  '</script>',
  '</SCRIPT >',
  '<script>window.__injected=1</script>',
  '<img src=x onerror="window.__injected=1">',
  '<!--',
  '-->',
  '<!--<script>',
  ']]>',
  '<![CDATA[',
  '</style>',
  '</title>',
  '</textarea>',
  '"',
  "'",
  '`',
  '&',
  '&amp;',
  '&lt;',
  '<',
  '>',
  '\\',
  '${',
  '{{',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u2066',
  '\u200f',
  '\u0000',
  'javascript:',
];

/** One hostile string, at most `maxLength` pieces long. */
export function hostileText(maxLength = 12): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...BREAKOUTS) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
  );
  return fc.array(piece, { minLength: 1, maxLength }).map((pieces) => pieces.join(''));
}

/** A hostile string that still has a visible character, for fields that refuse blank text. */
export function hostileTitle(maxLength = 12): fc.Arbitrary<string> {
  return hostileText(maxLength).map((text) => `x${text}`);
}
