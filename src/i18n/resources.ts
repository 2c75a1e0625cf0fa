/**
 * The bundled translation resources: one JSON file per language and namespace under
 * `locales/`. Bundled, never fetched, so a page's texts need no request of their own.
 */
import type { Lang } from '../lib/languages.ts';

export const NAMESPACES = [
  'common',
  'keys',
  'menu',
  'player',
  'footer',
  'seo',
  'spotify',
  'music',
  'embed',
  'fans',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** A namespace's messages: nested objects of strings. */
export interface Messages {
  [key: string]: string | Messages;
}

const files = import.meta.glob<Messages>('./locales/*/*.json', { eager: true, import: 'default' });

/** `resources[lang][namespace]`, in the shape i18next takes. */
export const resources = {} as Record<Lang, Record<Namespace, Messages>>;
for (const [path, messages] of Object.entries(files)) {
  const [, lang, namespace] = /\.\/locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
  if (!lang || !namespace) continue;
  ((resources as Record<string, Record<string, Messages>>)[lang] ??= {})[namespace] = messages;
}
