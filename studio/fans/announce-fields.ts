/**
 * An announcement's words, one tab per language (one tab stop: the arrows, Home and End move
 * between them): a subject, a text and a link, each spell-checked in its own language, and
 * under each the problem found with it, in words, read out with the field.
 */
import { LANGUAGES, type Lang } from '../../src/lib/languages.ts';
import { ANNOUNCEMENT_MAX, type AnnouncementDraft } from '../../src/lib/studio-fans.ts';
import { h } from '../dom.ts';
import { ANNOUNCE_TEXTS, type AnnounceField } from './announce-texts.ts';
import { ANNOUNCE_FIELDS, type FieldFault } from './announce-words.ts';
import { FANS_TEXTS } from './texts.ts';
import { sentence } from './words.ts';

export interface LanguageFields {
  tablist: HTMLElement;
  panels: HTMLElement[];
  /** Every language's words as typed, without the spaces around them. */
  read: () => AnnouncementDraft;
  /** Fills every field (empties them with null), their problems cleared. */
  write: (texts: AnnouncementDraft | null) => void;
  showTab: (code: Lang, focus?: boolean) => void;
  /** Shows `words` under the field, on its tab, and puts the focus in it. */
  showFault: (fault: FieldFault, words: string) => void;
}

/** A language's field: what the artist types in, and where its problem is told. */
interface Field {
  control: HTMLInputElement | HTMLTextAreaElement;
  error: HTMLElement;
}

function clearFault({ control, error }: Field): void {
  control.removeAttribute('aria-invalid');
  error.textContent = '';
  error.hidden = true;
}

/** The tabs and their fields, in the studio's language `lang`; `typed` hears each keystroke. */
export function languageFields(lang: Lang, typed: () => void): LanguageFields {
  const t = ANNOUNCE_TEXTS[lang];
  const languageName = (code: Lang) => sentence(FANS_TEXTS[lang].languages[code], lang);

  function field(code: Lang, name: AnnounceField): { field: Field; element: HTMLElement } {
    const id = `announce-${code}-${name}`;
    const hint = name === 'link' ? h('p', { class: 'hint', id: `${id}-hint` }, t.linkHint) : null;
    const error = h('p', { class: 'field-error', id: `${id}-error`, hidden: '' });
    const described = [hint ? hint.id : '', error.id].join(' ').trim();
    // Each language's words are spell-checked in that language, whatever the studio's is.
    const common = { id, lang: code, 'aria-describedby': described, maxlength: String(ANNOUNCEMENT_MAX[name]) };
    const control =
      name === 'text'
        ? h('textarea', { ...common, rows: '6' })
        : name === 'link'
          ? h('input', { ...common, type: 'url', inputmode: 'url', autocomplete: 'off', spellcheck: 'false' })
          : h('input', { ...common, type: 'text', autocomplete: 'off' });
    control.addEventListener('input', () => {
      clearFault({ control, error });
      typed();
    });
    return {
      field: { control, error },
      element: h('div', { class: 'announce-field' }, h('label', { for: id }, t.fields[name]), control, hint, error),
    };
  }

  const built = LANGUAGES.map((code) => ({ code, made: ANNOUNCE_FIELDS.map((name) => field(code, name)) }));
  const fields = Object.fromEntries(
    built.map(({ code, made }) => [
      code,
      Object.fromEntries(ANNOUNCE_FIELDS.map((name, index) => [name, made[index]?.field])),
    ]),
  ) as Record<Lang, Record<AnnounceField, Field>>;

  const tabs = LANGUAGES.map((code) =>
    h(
      'button',
      {
        type: 'button',
        role: 'tab',
        class: 'announce-tab',
        id: `announce-tab-${code}`,
        'aria-controls': `announce-panel-${code}`,
      },
      languageName(code),
    ),
  );
  const panels = built.map(({ code, made }) =>
    h(
      'div',
      {
        role: 'tabpanel',
        class: 'announce-panel',
        id: `announce-panel-${code}`,
        'aria-labelledby': `announce-tab-${code}`,
      },
      ...made.map(({ element }) => element),
    ),
  );
  const tablist = h('div', { role: 'tablist', class: 'announce-tabs', 'aria-label': t.languages }, ...tabs);

  function showTab(code: Lang, focus = false): void {
    LANGUAGES.forEach((each, index) => {
      const selected = each === code;
      tabs[index]?.setAttribute('aria-selected', String(selected));
      tabs[index]?.setAttribute('tabindex', selected ? '0' : '-1');
      if (panels[index]) panels[index].hidden = !selected;
    });
    if (focus) tabs[LANGUAGES.indexOf(code)]?.focus();
  }
  tablist.addEventListener('keydown', (event) => {
    const current = tabs.findIndex((tab) => tab === document.activeElement);
    if (current < 0) return;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: LANGUAGES.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    showTab(LANGUAGES[(next + LANGUAGES.length) % LANGUAGES.length] ?? lang, true);
  });
  tabs.forEach((tab, index) => tab.addEventListener('click', () => showTab(LANGUAGES[index] ?? lang)));
  showTab(lang);

  return {
    tablist,
    panels,
    showTab,
    read() {
      const typedIn = (code: Lang) => {
        const value = (name: AnnounceField) => fields[code][name].control.value.trim();
        return { subject: value('subject'), text: value('text'), link: value('link') };
      };
      return { pt: typedIn('pt'), en: typedIn('en'), es: typedIn('es') };
    },
    write(texts) {
      for (const code of LANGUAGES) {
        for (const name of ANNOUNCE_FIELDS) {
          const one = fields[code][name];
          one.control.value = texts?.[code][name] ?? '';
          clearFault(one);
        }
      }
    },
    showFault(fault, words) {
      const one = fields[fault.lang][fault.field];
      showTab(fault.lang);
      one.control.setAttribute('aria-invalid', 'true');
      one.error.textContent = words;
      one.error.hidden = false;
      one.control.focus();
    },
  };
}
