import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  poemSchema,
  RELEASE_HERO_KEYS,
  releaseSchema,
  siteSchema,
  trackTextsSchema,
  videosFileSchema,
  VIDEOS_FIELD,
} from '../../../src/lib/content-schemas.ts';
import { LANGUAGES } from '../../../src/lib/languages.ts';
import {
  cmsConfig,
  formFields,
  jsonSchemaOf,
  type CmsField,
  type JsonSchema,
} from '../../../studio/editor/cms-config.ts';
import { CONTENT_API, VIDEO_LINK_WIDGET } from '../../../studio/editor/cms-names.ts';

/** Every field path of a JSON Schema, nested ones as `a.b` (a record over fixed keys gives its keys). */
function schemaPaths(schema: JsonSchema, prefix = ''): string[] {
  const object = schema.type === 'array' ? (schema.items ?? {}) : schema;
  const keys = object.properties ? Object.keys(object.properties) : (object.propertyNames?.enum ?? []);
  return keys.flatMap((key) => {
    const child =
      object.properties?.[key] ?? (typeof object.additionalProperties === 'object' ? object.additionalProperties : {});
    return [`${prefix}${key}`, ...schemaPaths(child, `${prefix}${key}.`)];
  });
}

function fieldPaths(fields: readonly CmsField[], prefix = ''): string[] {
  return fields.flatMap((field) => [
    `${prefix}${field.name}`,
    ...fieldPaths(field.fields ?? [], `${prefix}${field.name}.`),
  ]);
}

function collection(lang: (typeof LANGUAGES)[number], name: string) {
  const found = cmsConfig(lang).collections.find((entry) => entry.name === name);
  if (!found) throw new Error(`no collection ${name}`);
  return found;
}

function fieldsOf(lang: (typeof LANGUAGES)[number], name: string): CmsField[] {
  const found = collection(lang, name);
  return 'files' in found ? (found.files[0]?.fields ?? []) : found.fields;
}

function find(fields: readonly CmsField[], path: string): CmsField {
  const [head, ...rest] = path.split('.');
  const field = fields.find((entry) => entry.name === head);
  if (!field) throw new Error(`no field ${path}`);
  return rest.length === 0 ? field : find(field.fields ?? [], rest.join('.'));
}

const SCHEMAS = {
  site: siteSchema,
  videos: videosFileSchema,
  releases: releaseSchema,
  tracks: trackTextsSchema,
  poems: poemSchema,
};

describe("the studio's CMS configuration", () => {
  it('has a form field for every schema field, and no field the schema lacks (but the poem itself)', () => {
    for (const lang of LANGUAGES)
      for (const [name, schema] of Object.entries(SCHEMAS)) {
        const expected = schemaPaths(jsonSchemaOf(schema));
        if (name === 'poems') expected.push('body');
        expect(fieldPaths(fieldsOf(lang, name)).sort(), `${lang} ${name}`).toEqual(expected.sort());
      }
  });

  it('labels every field in each language, and marks required what the schema requires', () => {
    for (const lang of LANGUAGES)
      for (const name of Object.keys(SCHEMAS)) {
        const walk = (fields: readonly CmsField[]): void => {
          for (const field of fields) {
            expect(field.label.trim(), `${lang} ${name}.${field.name}`).not.toBe('');
            walk(field.fields ?? []);
          }
        };
        walk(fieldsOf(lang, name));
      }
    const release = fieldsOf('pt', 'releases');
    expect(find(release, 'title').required).toBe(true);
    expect(find(release, 'shortTitle').required).toBe(false);
    expect(find(release, 'links').required).toBe(false);
    expect(find(release, 'links.spotify')).toMatchObject({ label: 'Spotify', required: false });
    expect(find(release, 'description.es')).toMatchObject({ label: 'Español', widget: 'text', required: true });
    expect(find(fieldsOf('en', 'releases'), 'title').label).toBe('Title');
    expect(find(fieldsOf('es', 'poems'), 'date').label).toBe('Fecha');
  });

  it("keeps a track's file in its release's folder, the release chosen among the releases by title", () => {
    for (const lang of LANGUAGES) {
      const tracks = collection(lang, 'tracks');
      expect(tracks).toMatchObject({ folder: 'releases', extension: 'json', path: '{{release}}/{{slug}}' });
      expect(find(fieldsOf(lang, 'tracks'), 'release')).toMatchObject({
        widget: 'relation',
        required: true,
        collection: 'releases',
        value_field: '{{slug}}',
      });
      expect(find(fieldsOf(lang, 'tracks'), 'release').pattern).toBeUndefined();
      expect(find(fieldsOf(lang, 'tracks'), 'translations.en').widget).toBe('text');
    }
  });

  it('offers the sung language by name in the studio’s language, the site’s three first, storing codes the schema takes', () => {
    const options = (lang: (typeof LANGUAGES)[number]) =>
      (find(fieldsOf(lang, 'tracks'), 'language').options ?? []).map((option) =>
        typeof option === 'string' ? { label: option, value: option } : option,
      );
    expect(find(fieldsOf('pt', 'tracks'), 'language')).toMatchObject({ widget: 'select', required: false });
    expect(options('pt').slice(0, 3)).toEqual([
      { value: 'pt-BR', label: 'Português (Brasil)' },
      { value: 'en', label: 'Inglês' },
      { value: 'es', label: 'Espanhol' },
    ]);
    expect(
      options('en')
        .slice(0, 3)
        .map((option) => option.label),
    ).toEqual(['Brazilian Portuguese', 'English', 'Spanish']);
    expect(options('es').find((option) => option.value === 'yo')?.label).toBe('Yoruba');
    expect(options('pt').find((option) => option.value === 'yo')?.label).toBe('Iorubá');
    for (const lang of LANGUAGES) {
      const rest = options(lang)
        .slice(3)
        .map((option) => option.label);
      expect(rest, lang).toEqual([...rest].sort((a, b) => a.localeCompare(b, lang)));
      for (const { value, label } of options(lang)) {
        expect(label, value).not.toBe(value);
        expect(trackTextsSchema.safeParse({ track: 'A', language: value, lyrics: 'la' }).success, value).toBe(true);
      }
    }
  });

  it("has a labelled form field for every field of a track's lyrics and credits file, in each language", () => {
    const schema = jsonSchemaOf(trackTextsSchema);
    for (const lang of LANGUAGES) {
      const fields = formFields(schema, lang);
      expect(fieldPaths(fields).sort(), lang).toEqual(schemaPaths(schema).sort());
      expect(find(fields, 'track').required).toBe(true);
      expect(find(fields, 'lyrics').required).toBe(false);
    }
  });

  it('refuses a schema field nobody labelled, and an override of a field that is gone', () => {
    const grown = jsonSchemaOf(poemSchema.extend({ mood: z.string() }));
    expect(() => formFields(grown, 'pt')).toThrow(/mood/);
    expect(() => formFields(jsonSchemaOf(poemSchema), 'pt', { gone: { widget: 'text' } })).toThrow(/gone/);
  });

  it('takes widgets, options and patterns from the schema', () => {
    const release = fieldsOf('pt', 'releases');
    expect(find(release, 'kind')).toMatchObject({ widget: 'select', options: ['EP', 'Single', 'Album'] });
    // A hero key is offered by its name on the home page, the id the file stores beside it.
    const heroKeys = (find(release, 'heroKey').options ?? []).map((option) =>
      typeof option === 'string' ? { value: option, label: option } : option,
    );
    expect(heroKeys.map((option) => option.value)).toEqual([...RELEASE_HERO_KEYS]);
    for (const option of heroKeys) expect(option.label).toMatch(new RegExp(`^.+ \\(${option.value}\\)$`));
    expect(find(release, 'heroKey').widget).toBe('select');
    expect(find(release, 'cover').widget).toBe('image');
    expect(find(release, 'trackCount')).toMatchObject({ widget: 'number', value_type: 'int' });
    expect(find(release, 'tracks')).toMatchObject({ widget: 'list', min: 1 });
    const released = find(release, 'released').pattern?.[0] ?? '';
    expect(new RegExp(released).test('2023-04')).toBe(true);
    expect(new RegExp(released).test('04/2023')).toBe(false);
    // A future release's moment, its pre-save links and teaser: optional, checked as the site reads them.
    const releaseAt = find(release, 'releaseAt');
    expect(releaseAt.required).toBe(false);
    expect(new RegExp(releaseAt.pattern?.[0] ?? '').test('2026-12-05T00:00-03:00')).toBe(true);
    expect(new RegExp(releaseAt.pattern?.[0] ?? '').test('2026-12-05')).toBe(false);
    expect(find(release, 'preSave.spotify')).toMatchObject({ label: 'Spotify', required: false });
    expect(find(release, 'teaser')).toMatchObject({ required: false });
    const site = fieldsOf('pt', 'site');
    expect(find(site, 'socials.icon').options).toContain('instagram');
    expect(find(site, 'socials')).toMatchObject({ widget: 'list', min: 1 });
    expect(find(fieldsOf('pt', 'videos'), `${VIDEOS_FIELD}.id`).widget).toBe(VIDEO_LINK_WIDGET);
  });

  it('stores a poem exactly as the site reads it: DD/MM/YYYY dates, the text line by line', () => {
    const poems = fieldsOf('pt', 'poems');
    expect(find(poems, 'date')).toMatchObject({ widget: 'datetime', format: 'DD/MM/YYYY', time_format: false });
    expect(find(poems, 'body').widget).toBe('text');
    expect(collection('pt', 'poems')).toMatchObject({
      folder: 'poems',
      extension: 'md',
      format: 'frontmatter',
    });
  });

  it('talks to the studio server through the proxy backend, in the language asked', () => {
    const config = cmsConfig('es');
    expect(config).toMatchObject({ load_config_file: false, locale: 'es' });
    expect(config.backend).toEqual({ name: 'proxy', proxy_url: CONTENT_API, branch: 'main' });
    expect(collection('pt', 'releases')).toMatchObject({
      folder: 'releases',
      extension: 'json',
      format: 'json',
    });
  });
});
