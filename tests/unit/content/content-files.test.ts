import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { poemSchema, releaseSchema, siteSchema, videoSchema } from '../../../src/lib/content-schemas.ts';

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** The frontmatter of a Markdown file, for the simple `key: "value"` lines the poems use. */
function frontmatter(path: string): Record<string, string> {
  const block = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path, 'utf8'))?.[1] ?? '';
  return Object.fromEntries(
    block.split('\n').map((line) => {
      const [key = '', ...rest] = line.split(':');
      return [
        key.trim(),
        rest
          .join(':')
          .trim()
          .replace(/^(['"])(.*)\1$/, '$2'),
      ];
    }),
  );
}

describe('the content shipped in content/', () => {
  const site = siteSchema.parse(readJson('content/site.json'));

  it('has valid site settings with the site’s fixed facts: nine socials, the playlists, six tracks on EP 2', () => {
    expect(site.siteUrl).toBe('https://andremourapassos.com');
    expect(site.socials).toHaveLength(9);
    expect(Object.values(site.playlists).sort()).toEqual(
      ['Bloods Cocktail', 'Cocktail Nº1', 'Cocktail Nº2', 'Singles', 'TTMM'].sort(),
    );
    expect(site.playlists.default).toBe('Bloods Cocktail');
    expect(site.releases.ep2.tracks).toBe(6);
  });

  // Validated, never counted: the artist adds a video or a poem without a developer.
  it('has valid videos with unique ids', () => {
    const videos = (readJson('content/videos.json') as unknown[]).map((video) => videoSchema.parse(video));
    expect(videos.length).toBeGreaterThan(0);
    expect(new Set(videos.map((video) => video.id)).size).toBe(videos.length);
    // The artist's real catalogue, not the placeholders the site started with.
    expect(videos).toContainEqual({ id: 'LtGSIGwBkrM', title: 'Return with the Cocktail (Animated Video)' });
    expect(videos.filter((video) => /demo/i.test(video.title))).toEqual([]);
  });

  it('links the project’s real Facebook page', () => {
    const facebook = site.socials.find((social) => social.icon === 'facebook');
    expect(facebook?.href).toBe('https://www.facebook.com/people/Same-Bloods-Cocktail/100091738507321/');
  });

  it('has poems, each with a title and a real date', () => {
    const files = readdirSync('content/poems').filter((name) => name.endsWith('.md'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) expect(() => poemSchema.parse(frontmatter(`content/poems/${name}`)), name).not.toThrow();
  });
});

describe('the releases in content/releases/', () => {
  const releases = readdirSync('content/releases')
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({
      slug: name.replace(/\.json$/, ''),
      ...releaseSchema.parse(readJson(`content/releases/${name}`)),
    }));

  it('are the six releases of the catalogue, each with a generated stand-in cover', () => {
    expect(releases.map((release) => release.slug).sort()).toEqual(
      [
        'cocktail-n1',
        'cocktail-n2',
        'sometimes-rock',
        'strange-way-to-know-me',
        'suburban-ride',
        'tasty-themes-for-mono-myths',
      ].sort(),
    );
    for (const { slug } of releases) expect(existsSync(`src/assets/covers/${slug}.png`), slug).toBe(true);
  });

  it('play playlists the site knows, and present each hero key at most once', () => {
    const site = siteSchema.parse(readJson('content/site.json'));
    const playlists = Object.values(site.playlists);
    for (const release of releases) expect(playlists, release.slug).toContain(release.playlist);
    const keys = releases.flatMap((release) => (release.heroKey ? [release.heroKey] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keep only the links we know, never a guessed one', () => {
    const links = releases.flatMap((release) => Object.values(release.links));
    expect(links).toEqual(['https://samebloodscocktail.bandcamp.com/album/cocktail-1']);
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

  it('reject a video id that is not one', () => {
    expect(videoSchema.safeParse({ id: 'https://youtu.be/x', title: 'T' }).success).toBe(false);
    expect(videoSchema.safeParse({ id: 'abcDEF123_-', title: '' }).success).toBe(false);
  });

  it('name the wrong field of a release', () => {
    const release = releaseSchema.parse(readJson('content/releases/cocktail-n1.json'));
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

  it('reject an impossible poem date', () => {
    const result = poemSchema.safeParse({ title: 'T', date: '30/02/2024' });
    expect(result.error?.issues[0]?.message).toBe('must be a real date written DD/MM/YYYY');
  });
});
