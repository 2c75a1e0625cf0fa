/**
 * Decap's entry button saves a file; only the studio's bar publishes the site. The words the
 * studio gives Decap must land on keys Decap really reads, in every language, and leave its
 * other phrases as they were.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Lang } from '../../../src/lib/languages.ts';
import { SAVE_WORDS, withSaveWords, type DecapPhrases } from '../../../studio/editor/save-words.ts';

/** Decap's own phrases for `lang`, one plain module per language (the package's index needs a browser). */
async function decapPhrases(lang: Lang): Promise<DecapPhrases> {
  const module = (await import(`decap-cms-locales/dist/esm/${lang}/index.js`)) as { default: DecapPhrases };
  return module.default;
}

/** The object at `path` in Decap's nested phrases. */
const at = (phrases: DecapPhrases, ...path: string[]): DecapPhrases =>
  path.reduce<DecapPhrases>((object, key) => object[key] as DecapPhrases, phrases);

describe.each(LANGUAGES)('Decap’s phrases in %s', async (lang) => {
  const decap = await decapPhrases(lang);
  const merged = withSaveWords(decap, lang);

  it('are replaced on keys Decap has, so a renamed key in a Decap update shows here', () => {
    for (const key of Object.keys(SAVE_WORDS[lang].toolbar))
      expect(at(decap, 'editor', 'editorToolbar')).toHaveProperty(key);
    for (const key of Object.keys(SAVE_WORDS[lang].editor)) expect(at(decap, 'editor', 'editor')).toHaveProperty(key);
  });

  it('name saving, never publishing, on the entry’s button and its menu', () => {
    const toolbar = at(merged, 'editor', 'editorToolbar');
    for (const key of Object.keys(SAVE_WORDS[lang].toolbar)) expect(String(toolbar[key])).not.toMatch(/publi/i);
    expect(toolbar['publish']).toBe({ pt: 'Salvar', en: 'Save', es: 'Guardar' }[lang]);
  });

  it('keep the rest of Decap’s phrases, and Decap’s own object untouched', () => {
    expect(at(merged, 'editor', 'editorToolbar')['changesSaved']).toBe(
      at(decap, 'editor', 'editorToolbar')['changesSaved'],
    );
    expect(merged['collection']).toBe(decap['collection']);
    expect(String(at(decap, 'editor', 'editorToolbar')['publish'])).toMatch(/publi/i);
  });
});
