import { describe, expect, it } from 'vitest';
import { createI18n, useTranslations } from '../../../src/i18n/index.ts';

describe('useTranslations', () => {
  it('translates each language from its own resources', () => {
    expect(useTranslations('pt')('player:empty')).toBe('Carregando playlist...');
    expect(useTranslations('en')('footer:rights')).toBe('all rights reserved');
    expect(useTranslations('es')('footer:rights')).toBe('todos los derechos reservados');
  });

  it('interpolates values without escaping them twice', () => {
    expect(useTranslations('en')('player:status_loading', { name: 'Cocktail Nº1 & more' })).toBe(
      'Loading playlist: Cocktail Nº1 & more',
    );
  });

  it('falls back to English for a key a language lacks, then to the default value', () => {
    const i18n = createI18n({ en: { seo: { only: 'English text' } }, pt: { seo: {} } });
    // Keys outside the site's messages, on purpose: `t` untyped.
    const t = i18n.getFixedT('pt') as unknown as (key: string, options?: { defaultValue: string }) => string;
    expect(t('seo:only')).toBe('English text');
    expect(t('seo:jobTitle', { defaultValue: 'Compositor e Desenvolvedor' })).toBe('Compositor e Desenvolvedor');
  });
});
