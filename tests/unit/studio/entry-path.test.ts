import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cmsConfig } from '../../../studio/editor/cms-config.ts';
import { entryPath } from '../../../studio/editor/entry-path.ts';
import { studioLang } from '../../../studio/texts.ts';

const config = cmsConfig('pt');

describe('the file behind the editor page', () => {
  it('names the file of a folder entry and of a single-file form', () => {
    expect(entryPath('#/collections/poems/entries/mapa-de-volta', config)).toBe('poems/mapa-de-volta.md');
    expect(entryPath('#/collections/releases/entries/cocktail-n1', config)).toBe('releases/cocktail-n1.json');
    expect(entryPath('#/collections/site/entries/site', config)).toBe('site.json');
    expect(entryPath('#/collections/videos/entries/videos', config)).toBe('videos.json');
    expect(entryPath('#/collections/tracks/entries/cocktail-n1/primeiro-gole', config)).toBe(
      'releases/cocktail-n1/primeiro-gole.json',
    );
  });

  it('names none on other pages, for unknown collections or slugs that leave their folder', () => {
    for (const hash of [
      '',
      '#/collections/poems',
      '#/collections/poems/new',
      '#/collections/nope/entries/x',
      '#/collections/site/entries/other',
      '#/collections/poems/entries/..%2F..%2Fserver%2Fapp',
      '#/collections/poems/entries/.hidden',
      '#/collections/poems/entries/%E0%A4%A',
      '#/collections/poems/entries/a/b',
      '#/collections/tracks/entries/a/b/c',
      '#/collections/tracks/entries/..%2F..%2Fserver',
      '#/collections/tracks/entries/ep/.hidden',
      '#/collections/tracks/entries//x',
    ])
      expect(entryPath(hash, config), hash).toBeNull();
  });

  it('never throws, and any path it names is a content file, without a way up', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.constantFrom('poems', 'releases', 'tracks', 'site'),
        (text, name) => {
          const path = entryPath(`#/collections/${name}/entries/${text}`, config);
          if (path !== null) {
            expect(path).toMatch(
              /^(?:site\.json|videos\.json|poems\/[^/]+\.md|releases\/[^/]+\.json|releases\/[^/]+\/[^/]+\.json)$/,
            );
            expect(path.split('/')).not.toContain('..');
          }
        },
      ),
    );
  });
});

describe("the studio's language", () => {
  it("is the artist's choice, else the first of the browser's the studio speaks, else Portuguese", () => {
    expect(studioLang(['fr-FR', 'en'], 'es')).toBe('es');
    expect(studioLang(['es-AR', 'en'])).toBe('es');
    expect(studioLang(['en-GB'])).toBe('en');
    expect(studioLang(['fr-FR', 'en'])).toBe('en');
    expect(studioLang(['fr-FR'], 'de')).toBe('pt');
    expect(studioLang([])).toBe('pt');
  });
});
