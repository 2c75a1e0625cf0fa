/**
 * i18next, set up once for the build. Pages and static components translate at build time;
 * islands receive the strings they need as props, so no translation engine ships to the
 * browser.
 */
import i18next, { type i18n as I18n, type Resource, type TFunction } from 'i18next';
import { FALLBACK_LANG, LANGUAGES, type Lang } from '../lib/languages.ts';
import { NAMESPACES, resources } from './resources.ts';

/** An i18next instance over the given resources, with the site's settings. */
export function createI18n(bundle: Resource): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: bundle,
    lng: FALLBACK_LANG,
    fallbackLng: FALLBACK_LANG,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    // Resources are bundled, so initialise synchronously.
    initAsync: false,
    // Astro and React escape what they render; escaping here would double it.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const i18n = createI18n(resources);

/** The site's `t`: every namespace, keys checked against the messages. */
export type Translate = TFunction<typeof NAMESPACES>;

/**
 * A `t` bound to one language; keys are `namespace:path.to.key` (default namespace `common`),
 * typed by i18next.d.ts.
 */
export function useTranslations(lang: Lang): Translate {
  return i18n.getFixedT(lang, NAMESPACES);
}

/** What a component translated into the page's language takes, among its other props. */
export interface LangProps {
  lang: Lang;
}

/** A component's props, with the `t` of their language beside them. */
export function withTranslations<Props extends LangProps>(props: Props): Props & { t: Translate } {
  return { ...props, t: useTranslations(props.lang) };
}
