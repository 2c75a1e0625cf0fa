/**
 * JSON written inside a `<script>` element (a data block or JSON-LD). The HTML parser ends the
 * element at the first `</script` and treats `<!--` specially, whatever the JSON means, so
 * every character that could start markup is written as a JSON escape: the text reads the same
 * to `JSON.parse`, and no content can close the element or open another. U+2028 and U+2029 are
 * escaped too, so the text stays valid wherever it is later read as JavaScript.
 */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

function escapeForScript(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Serialises data for a `<script type="application/json">` or `application/ld+json` element. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(UNSAFE_IN_SCRIPT, escapeForScript);
}
