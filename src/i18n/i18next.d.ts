/**
 * Translation keys are typed: `t('keys:intro.title')` is checked against the Portuguese
 * messages (the source language; the i18n test checks en and es have the same keys), so a
 * misspelt key fails the typecheck instead of showing the key on the page.
 */
import type common from './locales/pt/common.json';
import type embed from './locales/pt/embed.json';
import type fans from './locales/pt/fans.json';
import type footer from './locales/pt/footer.json';
import type keys from './locales/pt/keys.json';
import type menu from './locales/pt/menu.json';
import type music from './locales/pt/music.json';
import type player from './locales/pt/player.json';
import type seo from './locales/pt/seo.json';
import type spotify from './locales/pt/spotify.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      embed: typeof embed;
      fans: typeof fans;
      footer: typeof footer;
      keys: typeof keys;
      menu: typeof menu;
      music: typeof music;
      player: typeof player;
      seo: typeof seo;
      spotify: typeof spotify;
    };
  }
}
