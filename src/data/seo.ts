/** Page-level SEO pieces shared by the pages: the Person JSON-LD in the page's language. */
import type { TFunction } from 'i18next';
import { personJsonLd } from '../lib/structured-data.ts';
import { absoluteUrl } from '../lib/site-urls.ts';
import type { Site } from './site.ts';

/** SPEC §1 fallbacks, used when a translation is missing. */
const FALLBACK_JOB_TITLE = 'Compositor e Desenvolvedor';
const FALLBACK_ORGANISATION = 'Projeto de Música Independente';

/** The artist as a schema.org Person, with job title and organisation translated. */
export function artistJsonLd(site: Site, t: TFunction): Record<string, unknown> {
  return personJsonLd({
    name: site.artist,
    url: site.siteUrl,
    image: absoluteUrl(site.siteUrl, site.seo.image),
    jobTitle: t('seo:jobTitle', { defaultValue: FALLBACK_JOB_TITLE }),
    organisation: t('seo:worksFor', { defaultValue: FALLBACK_ORGANISATION }),
    sameAs: site.socials.map((social) => social.href),
  });
}
