/**
 * The studio's Decap CMS configuration, generated from the content schemas the build and the
 * server validate with: every schema field becomes a form field (its kind, whether it is
 * required, its options and pattern taken from the schema), labelled from `field-labels.ts`.
 * Plain data, so the unit tests compare it with the schemas in Node.
 */
import { z } from 'zod';
import { CONTENT_FILE_SCHEMAS, COVERS_FOLDER, VIDEOS_FIELD } from '../../src/lib/content-schemas.ts';
import { LANGUAGE_NAMES, isLang, type Lang } from '../../src/lib/languages.ts';
import { PLATFORMS } from '../../src/lib/release-links.ts';
import { COLLECTION_LABELS, ENTRY_LABELS, FIELD_LABELS, type FieldText } from './field-labels.ts';
import { sungLanguageOptions } from './sung-languages.ts';

import { CONTENT_API, VIDEO_LINK_WIDGET } from './cms-names.ts';
import enKeys from '../../src/i18n/locales/en/keys.json' with { type: 'json' };
import esKeys from '../../src/i18n/locales/es/keys.json' with { type: 'json' };
import ptKeys from '../../src/i18n/locales/pt/keys.json' with { type: 'json' };

export { CONTENT_API, VIDEO_LINK_WIDGET };

/** The part of JSON Schema that `z.toJSONSchema` gives for the content schemas. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: string[];
  pattern?: string;
  format?: string;
  minItems?: number;
  propertyNames?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
}

/** One Decap form field (the subset of its options the studio uses). */
export interface CmsField {
  name: string;
  label: string;
  hint?: string;
  widget: string;
  required: boolean;
  fields?: CmsField[];
  options?: (string | { label: string; value: string })[];
  pattern?: [string, string];
  min?: number;
  value_type?: string;
  collapsed?: boolean;
  format?: string;
  date_format?: string;
  time_format?: boolean;
  picker_utc?: boolean;
  choose_url?: boolean;
  allow_multiple?: boolean;
  multiple?: boolean;
  summary?: string;
  /** A list's new item goes first, where the artist sees it, rather than last. */
  add_to_top?: boolean;
  /** Where an image field's uploads go, and how the file names them, when not the site's defaults. */
  media_folder?: string;
  public_folder?: string;
  /** A relation widget's collection, the value it stores, and what it shows and searches. */
  collection?: string;
  value_field?: string;
  display_fields?: string[];
  search_fields?: string[];
}

/** How a field differs from what its schema type gives, by its path in the file (`a.b.c`). */
type Overrides = Record<string, Partial<CmsField>>;

/** The format the site reads a poem's date in (`lib/dates.ts`), as the date picker writes it. */
const DAY_MONTH_YEAR = 'DD/MM/YYYY';
/** Covers go beside the release files; their paths are relative to the file, as the build reads them. */
const COVERS_PUBLIC = './covers';

const multiline: Partial<CmsField> = { widget: 'text' };

/** A track's file names its release by the release file's name, chosen among the releases by title. */
const RELEASE_CHOICE: Partial<CmsField> = {
  widget: 'relation',
  required: true,
  collection: 'releases',
  value_field: '{{slug}}',
  display_fields: ['title'],
  search_fields: ['title'],
};

const OVERRIDES: Record<'site' | 'videos' | 'releases' | 'tracks' | 'poems', Overrides> = {
  site: { socials: { summary: '{{fields.label}}' } },
  // The newest video is shown first on the site, and added where the artist sees it.
  videos: {
    [VIDEOS_FIELD]: { summary: '{{fields.title}}', add_to_top: true },
    [`${VIDEOS_FIELD}.id`]: { widget: VIDEO_LINK_WIDGET },
    // Uploaded where the covers go; named from videos.json, where the build reads it.
    [`${VIDEOS_FIELD}.thumb`]: {
      widget: 'image',
      choose_url: false,
      allow_multiple: false,
      media_folder: `/${COVERS_FOLDER}`,
      public_folder: `./${COVERS_FOLDER}`,
    },
  },
  releases: {
    tracks: { summary: '{{fields.title}}' },
    cover: { widget: 'image', choose_url: false, allow_multiple: false },
    'description.pt': multiline,
    'description.en': multiline,
    'description.es': multiline,
  },
  tracks: {
    release: RELEASE_CHOICE,
    lyrics: multiline,
    'translations.pt': multiline,
    'translations.en': multiline,
    'translations.es': multiline,
  },
  poems: {
    date: {
      widget: 'datetime',
      format: DAY_MONTH_YEAR,
      date_format: DAY_MONTH_YEAR,
      time_format: false,
      picker_utc: true,
    },
  },
};

/** A schema's JSON Schema, as the form fields read it (inputs: defaults and optionals not required). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function textOf(name: string, path: string, lang: Lang): FieldText {
  const texts = FIELD_LABELS[name];
  if (!texts) throw new Error(`The studio has no label for the content field ${path}: add one to field-labels.ts`);
  return texts[lang];
}

/** The label of a field whose name is itself a name: a platform, a language. */
function nameText(name: string): FieldText | null {
  if (name in PLATFORMS) return { label: PLATFORMS[name as keyof typeof PLATFORMS].name };
  if (isLang(name)) return { label: LANGUAGE_NAMES[name] };
  return null;
}

/** The hero keys' names on the home page, in each language: how the artist knows them. */
const KEY_TITLES: Record<Lang, typeof ptKeys> = { pt: ptKeys, en: enKeys, es: esKeys };

/** A select's options; a hero key shown by its name on the home page, its id beside it. */
function optionsOf(name: string, values: readonly string[], lang: Lang): CmsField['options'] {
  if (name !== 'heroKey') return [...values];
  return values.map((value) => {
    const keys = KEY_TITLES[lang];
    const title = value in keys ? (keys[value as keyof typeof keys] as { title?: string }).title : undefined;
    return { value, label: title ? `${title} (${value})` : value };
  });
}

interface Walk {
  lang: Lang;
  overrides: Overrides;
  used: Set<string>;
}

/**
 * `within` is whether the object itself is required: the form checks the fields of an optional
 * object (a release's key text) only as optional, or it could never be left empty; the server
 * still refuses one filled in part.
 */
function fieldsOf(schema: JsonSchema, prefix: string, walk: Walk, within = true): CmsField[] {
  // A record over fixed keys (a release's links): one optional field per key.
  const keys = schema.properties ? Object.keys(schema.properties) : (schema.propertyNames?.enum ?? []);
  const valueOf = (key: string): JsonSchema =>
    schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {});
  return keys.map((key) =>
    fieldOf(key, valueOf(key), within && (schema.required?.includes(key) ?? false), `${prefix}${key}`, walk),
  );
}

function fieldOf(name: string, schema: JsonSchema, required: boolean, path: string, walk: Walk): CmsField {
  const text = nameText(name) ?? textOf(name, path, walk.lang);
  const field: CmsField = { name, ...text, required, widget: 'string' };
  if (schema.enum) Object.assign(field, { widget: 'select', options: optionsOf(name, schema.enum, walk.lang) });
  else if (schema.type === 'object')
    Object.assign(field, { widget: 'object', collapsed: false, fields: fieldsOf(schema, `${path}.`, walk, required) });
  else if (schema.type === 'array' && schema.items?.type === 'object')
    Object.assign(field, { widget: 'list', fields: fieldsOf(schema.items, `${path}.`, walk) });
  else if (schema.type === 'array') field.widget = 'list';
  else if (schema.type === 'integer') Object.assign(field, { widget: 'number', value_type: 'int', min: 1 });
  if (schema.type === 'array' && schema.minItems) field.min = schema.minItems;
  const pattern = schema.pattern ?? (schema.format === 'uri' ? '^https://' : undefined);
  if (pattern) field.pattern = [pattern, field.hint ?? field.label];
  const override = walk.overrides[path];
  if (override) {
    walk.used.add(path);
    Object.assign(field, override);
  }
  // The media library writes an image's path itself (./covers/<name>), and a relation the
  // chosen entry's name: no pattern to meet.
  if (field.widget === 'image' || field.widget === 'relation') delete field.pattern;
  return field;
}

/** The form fields of one content file's schema; throws on a field without a label or a stale override. */
export function formFields(schema: JsonSchema, lang: Lang, overrides: Overrides = {}): CmsField[] {
  const walk: Walk = { lang, overrides, used: new Set() };
  const fields = fieldsOf(schema, '', walk);
  const stale = Object.keys(overrides).filter((path) => !walk.used.has(path));
  if (stale.length > 0) throw new Error(`The studio's overrides name fields the schema lacks: ${stale.join(', ')}`);
  return fields;
}

/** A poem's text after its frontmatter: the one field no schema describes, kept line by line. */
function poemBody(lang: Lang): CmsField {
  return { name: 'body', ...textOf('body', 'body', lang), widget: 'text', required: true };
}

/**
 * Where a track's file goes inside the releases' folder: its release's folder, its title's
 * slug. `{{release}}` is the field's value (Decap turns the dot of `{{fields.release}}` into a
 * hyphen in a path).
 */
const TRACK_FILE_PATH = '{{release}}/{{slug}}';

/** The whole Decap configuration in `lang`. */
export function cmsConfig(lang: Lang) {
  const collectionText = (name: keyof typeof COLLECTION_LABELS) => COLLECTION_LABELS[name][lang];
  // The sung language is chosen by its name in the studio's language, so its options are per language.
  const byLanguage: Partial<Record<keyof typeof OVERRIDES, Overrides>> = {
    tracks: { language: { widget: 'select', options: sungLanguageOptions(lang) } },
  };
  const fields = (name: keyof typeof OVERRIDES, schema: z.ZodType) =>
    formFields(jsonSchemaOf(schema), lang, { ...OVERRIDES[name], ...byLanguage[name] });
  const single = (name: 'site' | 'videos', file: string, schema: z.ZodType) => ({
    name,
    ...collectionText(name),
    format: 'json',
    editor: { preview: false },
    files: [{ name, ...collectionText(name), file, fields: fields(name, schema) }],
  });
  const folder = (name: 'releases' | 'tracks' | 'poems', extension: string, format: string) => ({
    name,
    ...collectionText(name),
    label_singular: ENTRY_LABELS[name][lang].label,
    folder: name === 'tracks' ? 'releases' : name,
    extension,
    format,
    create: true,
    delete: true,
    slug: '{{slug}}',
    identifier_field: 'title',
    summary: '{{title}}',
    editor: { preview: false },
  });
  return {
    load_config_file: false,
    locale: lang,
    backend: { name: 'proxy', proxy_url: CONTENT_API, branch: 'main' },
    media_folder: COVERS_FOLDER,
    public_folder: COVERS_PUBLIC,
    publish_mode: 'simple',
    show_preview_links: false,
    // File names from titles: lower case, no accents, hyphens, as content/README.md asks.
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: [
      single('site', 'site.json', CONTENT_FILE_SCHEMAS.site),
      single('videos', 'videos.json', CONTENT_FILE_SCHEMAS.videos),
      { ...folder('releases', 'json', 'json'), fields: fields('releases', CONTENT_FILE_SCHEMAS.release) },
      {
        ...folder('tracks', 'json', 'json'),
        // Each in the folder of its release: `releases/<release>/<track>.json`.
        path: TRACK_FILE_PATH,
        identifier_field: 'track',
        summary: '{{track}} · {{dirname}}',
        fields: fields('tracks', CONTENT_FILE_SCHEMAS.track),
      },
      {
        ...folder('poems', 'md', 'frontmatter'),
        fields: [...fields('poems', CONTENT_FILE_SCHEMAS.poem), poemBody(lang)],
      },
    ],
  };
}

export type StudioCmsConfig = ReturnType<typeof cmsConfig>;
