import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { poemSchema, releaseSchema, siteSchema, videoSchema } from '../../../src/lib/content-schemas.ts';
import { contentProblems } from './content-validity.ts';
import { SAMPLE_RELEASE } from './sample-release.ts';

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

// Validated, never compared with what it says: the artist edits a link, adds a video, a poem
// or a release without a developer (content-edits.test.ts makes such edits).
describe('the content shipped in content/', () => {
  it('is valid by the project’s schemas, across files too', () => {
    expect(contentProblems('content')).toEqual([]);
  });
});

describe('the content schemas', () => {
  const valid = siteSchema.parse(readJson('content/site.json'));

  it('name the field that is wrong', () => {
    const result = siteSchema.safeParse({ ...valid, siteUrl: 'http://insecure.example' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['siteUrl']);
    expect(result.error?.issues[0]?.message).toBe('must be an https:// URL');
  });

  it('reject an unknown social icon', () => {
    const socials = [{ icon: 'myspace', label: 'MySpace', href: 'https://myspace.com/x' }];
    const result = siteSchema.safeParse({ ...valid, socials });
    expect(result.error?.issues[0]?.path).toEqual(['socials', 0, 'icon']);
  });

  it('reject a social link to another platform’s site, naming the sites it may be on', () => {
    const socials = [{ icon: 'facebook', label: 'Facebook', href: 'https://www.instagram.com/someone' }];
    const result = siteSchema.safeParse({ ...valid, socials });
    expect(result.error?.issues[0]?.path).toEqual(['socials', 0, 'href']);
    expect(result.error?.issues[0]?.message).toBe('must be a link to facebook.com');
    const elsewhere = { icon: 'facebook', label: 'Facebook', href: 'https://facebook.com.example.org/x' };
    expect(siteSchema.safeParse({ ...valid, socials: [elsewhere] }).success).toBe(false);
    const notAUrl = siteSchema.safeParse({ ...valid, socials: [{ icon: 'facebook', label: 'F', href: 'not a link' }] });
    expect(notAUrl.error?.issues.map((issue) => issue.message)).toEqual(['must be an https:// URL']);
    const subdomain = { icon: 'facebook', label: 'Facebook', href: 'https://m.facebook.com/someone' };
    expect(siteSchema.safeParse({ ...valid, socials: [subdomain] }).success).toBe(true);
  });

  it('reject a video id that is not one', () => {
    expect(videoSchema.safeParse({ id: 'https://youtu.be/x', title: 'T' }).success).toBe(false);
    expect(videoSchema.safeParse({ id: 'abcDEF123_-', title: '' }).success).toBe(false);
  });

  it('name the wrong field of a release', () => {
    const release = releaseSchema.parse(SAMPLE_RELEASE);
    const wrongDate = releaseSchema.safeParse({ ...release, released: '04/2023' });
    expect(wrongDate.error?.issues[0]?.path).toEqual(['released']);
    expect(wrongDate.error?.issues[0]?.message).toBe('must be YYYY-MM or YYYY-MM-DD');
    const unknownPlatform = releaseSchema.safeParse({ ...release, links: { myspace: 'https://myspace.com/x' } });
    expect(unknownPlatform.success).toBe(false);
    const missingSpanish = releaseSchema.safeParse({ ...release, description: { pt: 'a', en: 'b' } });
    expect(missingSpanish.error?.issues[0]?.path).toEqual(['description', 'es']);
    const badDuration = releaseSchema.safeParse({ ...release, tracks: [{ title: 'T', duration: '3m' }] });
    expect(badDuration.error?.issues[0]?.path).toEqual(['tracks', 0, 'duration']);
  });

  it('take a release’s cover as a JPG, PNG or WebP path relative to its file, as content/README.md says', () => {
    const release = releaseSchema.parse(SAMPLE_RELEASE);
    expect(releaseSchema.safeParse({ ...release, cover: './covers/cocktail-n1.jpg' }).success).toBe(true);
    const notAnImage = releaseSchema.safeParse({ ...release, cover: './covers/cocktail-n1.gif' });
    expect(notAnImage.error?.issues[0]?.path).toEqual(['cover']);
    expect(releaseSchema.safeParse({ ...release, cover: 'https://example.org/cover.jpg' }).success).toBe(false);
  });

  it('reject an impossible poem date', () => {
    const result = poemSchema.safeParse({ title: 'T', date: '30/02/2024' });
    expect(result.error?.issues[0]?.message).toBe('must be a real date written DD/MM/YYYY');
  });
});
