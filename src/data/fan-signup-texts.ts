/** The fans' sign-up form's texts in one language (FanSignup.astro, and the landing page's switch). */
import type { Translate } from '../i18n/index.ts';
import type { FanSignupTexts } from '../lib/fan-signup.ts';
import type { Lang } from '../lib/languages.ts';

export function fanSignupTexts(t: Translate, lang: Lang): FanSignupTexts {
  return {
    lang,
    label: t('fans:signup.label'),
    submit: t('fans:signup.submit'),
  };
}
