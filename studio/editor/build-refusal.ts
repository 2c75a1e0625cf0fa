/**
 * A build refused by the site's content rules, in the artist's words: which entry, which field
 * (its label in the form), the rule's message, and the editor's address that opens the entry.
 * Read from the build's log, where Astro names the collection, the entry and each field's path.
 */
import type { CmsField, StudioCmsConfig } from './cms-config.ts';

export interface RefusedField {
  /** The field's label in the form, or its path when the form has none. */
  label: string;
  message: string;
}

export interface BuildRefusal {
  /** The collection's label in the form. */
  collection: string;
  entry: string;
  /** The editor's address of the entry. */
  href: string;
  fields: RefusedField[];
}

/** Astro's words for an entry its schema refused, followed by one indented line per field. */
const REFUSAL =
  /\[InvalidContentEntryDataError\] (\S+) → (\S+) data does not match collection schema\.\n((?:[ \t]*\n| {2,}\S.*\n?)*)/g;
const FIELD_LINE = /^ {2,}([^:\s]+): (.+)$/gm;
/** The site's collections whose name in the editor differs. */
const EDITOR_NAMES: Record<string, string> = { trackTexts: 'tracks' };

/** The label of the field at `path` (`links.spotify`, `videos.0.title`), looked for at any depth. */
function labelAt(fields: readonly CmsField[], path: readonly string[]): string | null {
  const [name, ...rest] = path.filter((segment) => !/^\d+$/.test(segment));
  if (name === undefined) return null;
  const field = fields.find((candidate) => candidate.name === name);
  if (field) return rest.length === 0 ? field.label : labelAt(field.fields ?? [], rest);
  for (const parent of fields) {
    const found = parent.fields ? labelAt(parent.fields, path) : null;
    if (found) return found;
  }
  return null;
}

/** Every refusal the build's log holds, named as the forms name them. */
export function buildRefusals(log: string, config: Pick<StudioCmsConfig, 'collections'>): BuildRefusal[] {
  return [...log.matchAll(REFUSAL)].flatMap(([, site = '', entry = '', lines = '']) => {
    const name = EDITOR_NAMES[site] ?? site;
    const collection = config.collections.find((candidate) => candidate.name === name);
    if (!collection) return [];
    const slug = 'files' in collection ? (collection.files[0]?.name ?? entry) : entry;
    const fields: readonly CmsField[] = 'files' in collection ? (collection.files[0]?.fields ?? []) : collection.fields;
    return [
      {
        collection: collection.label,
        entry,
        href: `#/collections/${name}/entries/${slug}`,
        fields: [...lines.matchAll(FIELD_LINE)].map(([, path = '', message = '']) => ({
          label: labelAt(fields, path.split('.')) ?? path,
          message,
        })),
      },
    ];
  });
}
