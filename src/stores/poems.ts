/**
 * The poems' texts, loaded once for every island that shows them (the poem dialog). The
 * carousel starts the load when it hydrates, as it comes near the screen, so a text is there
 * by the time a card is clicked; a failed load is tried again on the next click.
 */
import { atom } from 'nanostores';
import { parsePoemTexts, type PoemTexts } from '../lib/poem-texts.ts';

export type PoemTextsStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface PoemTextsState {
  status: PoemTextsStatus;
  texts: PoemTexts;
}

export const $poemTexts = atom<PoemTextsState>({ status: 'idle', texts: {} });

/** Loads the texts from `url` unless they are loaded or loading; never throws. */
export async function loadPoemTexts(url: string): Promise<void> {
  const { status } = $poemTexts.get();
  if (status === 'loading' || status === 'ready') return;
  $poemTexts.set({ status: 'loading', texts: {} });
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
    $poemTexts.set({ status: 'ready', texts: parsePoemTexts(await response.json()) });
  } catch (error) {
    console.error('Erro ao carregar os poemas', error);
    $poemTexts.set({ status: 'failed', texts: {} });
  }
}
