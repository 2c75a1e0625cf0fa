/**
 * Reading the entity-tags a request names (If-Match, If-None-Match), one way for the pages, the
 * GraphQL answers and the audio files.
 */

/** The entity-tags of an If-Match or If-None-Match list (commas may sit inside quotes). */
export const entityTagsIn = (header: string): string[] => header.match(/(?:W\/)?"[^"]*"/g) ?? [];

/**
 * True when an If-None-Match header matches the answer tagged `etag`: it names that tag,
 * compared weakly (`W/"x"` names `"x"`), or it is `*` (any current answer) and `wildcard` says
 * the caller knows this answer is a current one.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string, { wildcard = true } = {}): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return wildcard;
  return entityTagsIn(header).some((tag) => tag.replace(/^W\//, '') === etag);
}
