/** A language's feed: the releases, poems and videos, newest first, with absolute links. */
import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { getPoems, getReleases, getSite, getVideos } from '../../data/site.ts';
import { useTranslations } from '../../i18n/index.ts';
import { feedPath, newestFirst, releaseDate, rssXml, type FeedItem } from '../../lib/feeds.ts';
import { pathsPerLanguage } from '../../lib/languages.ts';
import { absoluteUrl } from '../../lib/site-urls.ts';

export const getStaticPaths = pathsPerLanguage;

type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props: { lang } }) => {
  const t = useTranslations(lang);
  const [site, releases, poems, videos] = await Promise.all([getSite(), getReleases(), getPoems(), getVideos()]);
  const url = (path: string) => absoluteUrl(site.siteUrl, path);
  const items: FeedItem[] = [
    ...releases.map((release) => ({
      id: `release:${release.slug}`,
      title: t('embed:releaseEntry', { kind: t(`music:kind.${release.kind}`), title: release.title }),
      link: url(`/${lang}/music/${release.slug}`),
      description: release.description[lang],
      date: releaseDate(release.released),
    })),
    ...poems.map((poem) => ({
      id: `poem:${poem.id}`,
      title: t('embed:poemEntry', { title: poem.title }),
      link: url(`/${lang}#poems`),
      description: poem.body.trim(),
      date: poem.published,
    })),
    ...videos.map((video) => ({
      id: `video:${video.id}`,
      title: t('embed:videoEntry', { title: video.title }),
      link: url(`/${lang}#videos`),
      description: video.title,
      date: null,
    })),
  ];
  const xml = rssXml(
    {
      lang,
      title: t('embed:feedTitle', { name: site.project }),
      description: t('embed:feedDescription', { name: site.project }),
      link: url(`/${lang}`),
      self: url(feedPath(lang)),
    },
    newestFirst(items),
  );
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};
