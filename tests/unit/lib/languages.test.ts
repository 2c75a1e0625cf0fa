import { describe, expect, it } from 'vitest';
import { chooseLanguage, isLang, langFromPath, langFromTag, localizedPath } from '../../../src/lib/languages.ts';

describe('langFromTag', () => {
  it.each([
    ['en', 'en'],
    ['en-GB', 'en'],
    ['EN_us', 'en'],
    ['es', 'es'],
    ['es-419', 'es'],
    ['pt-BR', 'pt'],
    ['fr-FR', 'pt'],
    ['', 'pt'],
    [undefined, 'pt'],
  ])('maps %s to %s', (tag, expected) => {
    expect(langFromTag(tag)).toBe(expected);
  });
});

describe('chooseLanguage', () => {
  it('prefers the saved choice over the browser language', () => {
    expect(chooseLanguage('es', ['en-US'])).toBe('es');
  });
  it('ignores a saved value that is not a site language', () => {
    expect(chooseLanguage('fr', ['en-US'])).toBe('en');
  });
  it('uses the first browser language only', () => {
    expect(chooseLanguage(null, ['fr-FR', 'en-US'])).toBe('pt');
    expect(chooseLanguage(null, ['es-MX', 'en'])).toBe('es');
  });
  it('defaults to pt with nothing to go on', () => {
    expect(chooseLanguage(undefined, [])).toBe('pt');
  });
});

describe('langFromPath and localizedPath', () => {
  it('reads only pt, en and es as a language segment', () => {
    expect(langFromPath('/en/spotify')).toBe('en');
    expect(langFromPath('/samebloodscocktail')).toBeNull();
    expect(langFromPath('/fr')).toBeNull();
    expect(langFromPath('/')).toBeNull();
  });
  it('swaps the language segment', () => {
    expect(localizedPath('/pt/spotify', 'es')).toBe('/es/spotify');
    expect(localizedPath('/en', 'pt')).toBe('/pt');
  });
  it('inserts a language segment when there is none', () => {
    expect(localizedPath('/samebloodscocktail', 'en')).toBe('/en/samebloodscocktail');
    expect(localizedPath('/', 'es')).toBe('/es');
  });
  it('recognises site languages only', () => {
    expect(isLang('pt')).toBe(true);
    expect(isLang('PT')).toBe(false);
    expect(isLang(3)).toBe(false);
  });
});
