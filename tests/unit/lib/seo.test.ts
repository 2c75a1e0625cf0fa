import { describe, expect, it } from 'vitest';
import { languageAlternates } from '../../../src/lib/site-urls.ts';
import { personJsonLd } from '../../../src/lib/structured-data.ts';

describe('languageAlternates', () => {
  it('lists every language plus x-default as absolute URLs', () => {
    expect(languageAlternates('https://example.com', (lang) => `/${lang}/spotify`, '/samebloodscocktail')).toEqual([
      { hreflang: 'pt-BR', href: 'https://example.com/pt/spotify' },
      { hreflang: 'en-US', href: 'https://example.com/en/spotify' },
      { hreflang: 'es-ES', href: 'https://example.com/es/spotify' },
      { hreflang: 'x-default', href: 'https://example.com/samebloodscocktail' },
    ]);
  });
});

describe('personJsonLd', () => {
  it('describes a Person with profiles, job title and organisation', () => {
    const data = personJsonLd({
      name: 'A',
      url: 'https://example.com',
      image: 'https://example.com/i.png',
      jobTitle: 'Songwriter',
      organisation: 'Project',
      sameAs: ['https://a.example', 'https://b.example'],
    });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      jobTitle: 'Songwriter',
      worksFor: { '@type': 'Organization', name: 'Project' },
      sameAs: ['https://a.example', 'https://b.example'],
    });
  });
});
