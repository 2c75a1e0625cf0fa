/** Page-level SEO pieces shared by the pages: the JSON-LD (Person, MusicGroup, MusicAlbum) in the page's language. */
import type { TFunction } from 'i18next';
import type { MusicAlbum, MusicGroup, Person, WithContext } from 'schema-dts';
import type { Lang } from '../lib/languages.ts';
import { musicAlbumJsonLd, musicGroupJsonLd, personJsonLd, type AlbumInput } from '../lib/structured-data.ts';
import { absoluteUrl } from '../lib/site-urls.ts';
import type { Release, Site } from './site.ts';

/** The artist's job title and organisation in Portuguese, used when a translation is missing. */
const FALLBACK_JOB_TITLE = 'Compositor e Desenvolvedor';
const FALLBACK_ORGANISATION = 'Projeto de Música Independente';

/** The artist as a schema.org Person, with job title and organisation translated. */
export function artistJsonLd(site: Site, t: TFunction): WithContext<Person> {
  return personJsonLd({
    name: site.artist,
    url: site.siteUrl,
    image: absoluteUrl(site.siteUrl, site.seo.image),
    jobTitle: t('seo:jobTitle', { defaultValue: FALLBACK_JOB_TITLE }),
    organisation: t('seo:worksFor', { defaultValue: FALLBACK_ORGANISATION }),
    sameAs: site.socials.map((social) => social.href),
  });
}

/**
 * The home page's keywords: the translation's general ones, then each release's names from its
 * file, so a new release is a keyword as soon as its file is added.
 */
export function homeKeywords(general: string, releases: readonly Release[]): string {
  const names = releases.flatMap((release) => [release.title, release.shortTitle ?? []].flat());
  return [...new Set([...general.split(',').map((word) => word.trim()), ...names])].join(', ');
}

/** A release as the structured data describes it, in the page's language, every URL absolute. */
export function releaseAlbum(site: Site, release: Release, lang: Lang): AlbumInput {
  return {
    name: release.title,
    url: absoluteUrl(site.siteUrl, `/${lang}/music/${release.slug}`),
    image: absoluteUrl(site.siteUrl, `/cards/${release.slug}.jpg`),
    kind: release.kind,
    // A release dated to the minute is published then (in the future, before its moment).
    datePublished: release.releaseAt ?? release.released,
    description: release.description[lang],
    tracks: release.tracks,
    trackCount: release.trackCount,
  };
}

/** The project as a MusicGroup, with the artist as member, his profiles and the albums. */
export function groupJsonLd(site: Site, releases: readonly Release[], lang: Lang): WithContext<MusicGroup> {
  return musicGroupJsonLd({
    name: site.project,
    url: absoluteUrl(site.siteUrl, `/${lang}`),
    image: absoluteUrl(site.siteUrl, site.seo.image),
    member: { name: site.artist, url: site.siteUrl },
    sameAs: site.socials.map((social) => social.href),
    albums: releases.map((release) => releaseAlbum(site, release, lang)),
  });
}

/** A release page's MusicAlbum, by the project. */
export function albumJsonLd(site: Site, release: Release, lang: Lang): WithContext<MusicAlbum> {
  return musicAlbumJsonLd(releaseAlbum(site, release, lang), {
    name: site.project,
    url: absoluteUrl(site.siteUrl, `/${lang}`),
  });
}
