/**
 * The message of a save's commit, in Portuguese, the artist's language: what changed, and who
 * changed it ("Poema mapa-de-volta.md atualizado por André").
 */
import type { ContentKind } from './content-paths.ts';

/** What happened to a file in a save. */
export type Change = 'created' | 'updated' | 'deleted' | 'restored';

const NOUNS: Record<ContentKind, string> = {
  site: 'Arquivo',
  videos: 'Arquivo',
  release: 'Lançamento',
  track: 'Arquivo da faixa',
  poem: 'Poema',
  image: 'Imagem',
};
/** Imagem is feminine, the others masculine. */
const VERBS: Record<Change, [masculine: string, feminine: string]> = {
  created: ['criado', 'criada'],
  updated: ['atualizado', 'atualizada'],
  deleted: ['apagado', 'apagada'],
  restored: ['restaurado', 'restaurada'],
};

export interface SavedFile {
  kind: ContentKind;
  path: string;
  change: Change;
}

const describe = ({ kind, path, change }: SavedFile, lower = false) => {
  const noun = lower ? NOUNS[kind].toLowerCase() : NOUNS[kind];
  return `${noun} ${path.split('/').pop() ?? path} ${VERBS[change][kind === 'image' ? 1 : 0]}`;
};

/** One line naming the first file, the others after it, and the person. */
export function commitMessage(files: readonly SavedFile[], personName: string, detail?: string): string {
  const [first, ...others] = files;
  const head = first ? describe(first) : 'Conteúdo atualizado';
  const rest = others.length > 0 ? `, ${others.map((file) => describe(file, true)).join(', ')}` : '';
  return `${head}${rest} por ${personName}${detail ? ` (${detail})` : ''}`;
}
