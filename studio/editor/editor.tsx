/**
 * Decap CMS set up for the studio: the generated configuration, the video link widget, the
 * phone styles, and the studio's bar for history and publishing beside the CMS's own root.
 */
import CMS from './decap.ts';
import { createRoot } from 'react-dom/client';
import type { Lang } from '../../src/lib/languages.ts';
import type { StudioCmsConfig } from './cms-config.ts';
import { VIDEO_LINK_WIDGET } from './cms-names.ts';
import { EDITOR_STYLES } from './editor-styles.ts';
import { keepFormAndAddressTogether } from './entry-navigation.ts';
import { watchForMarks } from './field-mark.ts';
import { withSaveWords } from './save-words.ts';
import { CONTENT_SAVED_EVENT } from './publish-panel.tsx';
import { watchSaveNotices } from './save-notices.ts';
import { StudioBar } from './studio-bar.tsx';
import { TEXTS } from './texts.ts';
import { videoLinkControl } from './video-link-widget.tsx';

/** The CMS configuration in each language, generated from the content schemas by the build. */
declare const __STUDIO_CMS_CONFIGS__: Record<Lang, StudioCmsConfig>;

/** Where Decap keeps its signed-in user, and the element id it renders into. */
const DECAP_USER_KEY = 'decap-cms-user';
const DECAP_ROOT_ID = 'nc-root';

/**
 * Decap's own login screen is skipped: the studio's session cookie already vouches for the
 * artist on every request, and Decap shows its forms once it finds a stored user.
 */
function skipDecapLogin(person: { name: string }): void {
  localStorage.setItem(DECAP_USER_KEY, JSON.stringify({ backendName: 'proxy', name: person.name, login: person.name }));
}

/** Mounts the CMS and the studio's bar in `root`. */
export function mountEditor(root: HTMLElement, person: { name: string }, lang: Lang): void {
  const config = __STUDIO_CMS_CONFIGS__[lang];
  const texts = TEXTS[lang];
  const style = document.createElement('style');
  style.textContent = EDITOR_STYLES;
  const cmsRoot = document.createElement('div');
  cmsRoot.id = DECAP_ROOT_ID;
  const barRoot = document.createElement('div');
  barRoot.className = 'studio-bar-root';
  root.replaceChildren(style, cmsRoot, barRoot);
  document.documentElement.lang = lang;

  skipDecapLogin(person);
  watchSaveNotices();
  // Decap's own phrases for the language, its entry button saying save (the bar publishes).
  CMS.registerLocale(lang, withSaveWords(CMS.getLocale(lang) as Record<string, unknown> | undefined, lang));
  CMS.registerWidget(VIDEO_LINK_WIDGET, videoLinkControl(texts));
  CMS.registerEventListener({
    name: 'postSave',
    handler: () => {
      dispatchEvent(new Event(CONTENT_SAVED_EVENT));
    },
  });
  // Before Decap's router, so it sees each change of address first.
  keepFormAndAddressTogether();
  watchForMarks(cmsRoot);
  // @ts-expect-error Decap's declared config type lists every backend's options as required.
  CMS.init({ config });
  createRoot(barRoot).render(<StudioBar texts={texts} lang={lang} person={person} config={config} />);
}
