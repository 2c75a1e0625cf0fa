/**
 * Decap's words for saving an entry. In the simple publishing mode its button only saves the
 * file, while the studio's own bar is what puts the site live: Decap's "Publish" beside the
 * bar's "Publishing" made two buttons sound alike. Decap's button says save, and only the bar
 * speaks of publishing.
 */
import type { Lang } from '../../src/lib/languages.ts';

/** Decap's phrases for one language (its locale files are plain nested objects). */
export type DecapPhrases = Record<string, unknown>;

/** The `editor.editorToolbar` phrases that name what the entry's button does. */
interface ToolbarWords {
  publish: string;
  publishing: string;
  publishNow: string;
  publishAndCreateNew: string;
  publishAndDuplicate: string;
  published: string;
  deletePublishedEntry: string;
}

/** The `editor.editor` phrases that ask before deleting an entry. */
interface EditorWords {
  onDeletePublishedEntry: string;
  onDeleteWithUnsavedChanges: string;
}

/** The `editor.editorToolbar` and `editor.editor` phrases the studio gives Decap, in each language. */
export const SAVE_WORDS: Record<Lang, { toolbar: ToolbarWords; editor: EditorWords }> = {
  pt: {
    toolbar: {
      publish: 'Salvar',
      publishing: 'Salvando…',
      publishNow: 'Salvar agora',
      publishAndCreateNew: 'Salvar e criar outro',
      publishAndDuplicate: 'Salvar e duplicar',
      published: 'Salvo',
      deletePublishedEntry: 'Excluir',
    },
    editor: {
      onDeletePublishedEntry: 'Excluir esta entrada?',
      onDeleteWithUnsavedChanges: 'Excluir esta entrada, com as alterações ainda não salvas?',
    },
  },
  en: {
    toolbar: {
      publish: 'Save',
      publishing: 'Saving…',
      publishNow: 'Save now',
      publishAndCreateNew: 'Save and create another',
      publishAndDuplicate: 'Save and duplicate',
      published: 'Saved',
      deletePublishedEntry: 'Delete',
    },
    editor: {
      onDeletePublishedEntry: 'Delete this entry?',
      onDeleteWithUnsavedChanges: 'Delete this entry, with the changes not saved yet?',
    },
  },
  es: {
    toolbar: {
      publish: 'Guardar',
      publishing: 'Guardando…',
      publishNow: 'Guardar ahora',
      publishAndCreateNew: 'Guardar y crear otro',
      publishAndDuplicate: 'Guardar y duplicar',
      published: 'Guardado',
      deletePublishedEntry: 'Eliminar',
    },
    editor: {
      onDeletePublishedEntry: '¿Eliminar esta entrada?',
      onDeleteWithUnsavedChanges: '¿Eliminar esta entrada, con los cambios aún sin guardar?',
    },
  },
};

const objectAt = (value: unknown): DecapPhrases =>
  typeof value === 'object' && value !== null ? (value as DecapPhrases) : {};

/** Decap's phrases `base` for `lang` with the studio's words for saving in place; `base` is left as it was. */
export function withSaveWords(base: DecapPhrases | undefined, lang: Lang): DecapPhrases {
  const phrases = objectAt(base);
  const editor = objectAt(phrases['editor']);
  const words = SAVE_WORDS[lang];
  return {
    ...phrases,
    editor: {
      ...editor,
      editor: { ...objectAt(editor['editor']), ...words.editor },
      editorToolbar: { ...objectAt(editor['editorToolbar']), ...words.toolbar },
    },
  };
}
