/**
 * Announcing in words: every text in each language with the Portuguese's placeholders; each
 * refusal the server's own check writes, read back as the field and problem the artist can act
 * on ("Assunto (espanhol) está vazio."); the first field left to fill; a release as the choice
 * shows it; and an announcement's state and progress, with when the list is asked for again.
 */
import { describe, expect, it } from 'vitest';
import { validateDraft } from '../../../server/services/fans/release-announcement.ts';
import type { AnnouncementDraft, StudioAnnouncement } from '../../../src/lib/studio-fans.ts';
import { ANNOUNCE_TEXTS } from '../../../studio/fans/announce-texts.ts';
import {
  canCancel,
  faultOf,
  faultWords,
  firstFault,
  isUnderWay,
  isWebAddress,
  justSent,
  progressWords,
  releaseLabel,
  stateWords,
} from '../../../studio/fans/announce-words.ts';
import { FANS_TEXTS } from '../../../studio/fans/texts.ts';
import { itWritesEveryText } from './every-language.ts';

const plain = String;
const words = (lang: 'pt' | 'en' | 'es') => [ANNOUNCE_TEXTS[lang], FANS_TEXTS[lang].languages] as const;

const language = { subject: 'Novidade', text: 'Ouça.\nJá saiu.', link: 'https://example.org/pt/music/x' };
const DRAFT: AnnouncementDraft = { pt: language, en: language, es: language };

/** The server's own refusal of `draft`, as its API words it ("es.subject: …"). */
function refusal(draft: unknown): string {
  const checked = validateDraft(draft);
  if (checked.ok) throw new Error('the words were taken');
  return `${checked.field}: ${checked.error}`;
}

describe('the announcements’ texts', () => {
  itWritesEveryText(ANNOUNCE_TEXTS);

  it('name the composer and its actions as the artist asked for them', () => {
    expect(ANNOUNCE_TEXTS.pt).toMatchObject({
      open: 'Anunciar um lançamento',
      free: 'Anúncio livre',
      preview: 'Pré-visualizar',
      test: 'Enviar um teste para mim',
      tested: 'Enviado para o seu e-mail, nos três idiomas.',
      sendNow: 'Enviar agora',
      sendAtRelease: 'Enviar quando o lançamento sair',
    });
  });
});

describe('a field the server refuses, in words', () => {
  const changedIn = (lang: 'pt' | 'en' | 'es', changed: Partial<typeof language>) => ({
    ...DRAFT,
    [lang]: { ...language, ...changed },
  });

  it('reads the language, the field and the problem from each of the server’s own refusals', () => {
    expect(faultOf(refusal(changedIn('es', { subject: '  ' })))).toEqual({
      lang: 'es',
      field: 'subject',
      problem: 'required',
    });
    expect(faultOf(refusal(changedIn('en', { subject: 'Nova\r\nBcc: all@example.org' })))).toMatchObject({
      lang: 'en',
      field: 'subject',
      problem: 'oneLine',
    });
    expect(faultOf(refusal(changedIn('pt', { text: 'x'.repeat(5001) })))).toEqual({
      lang: 'pt',
      field: 'text',
      problem: 'tooLong',
      max: 5000,
    });
    expect(faultOf(refusal(changedIn('es', { text: 'Ouça\u0007' })))?.problem).toBe('plainText');
    expect(faultOf(refusal(changedIn('en', { link: 'ftp://example.org/' })))?.problem).toBe('address');
    expect(faultOf(refusal(changedIn('pt', { subject: 'Nova \ud800' })))?.problem).toBe('unreadable');
  });

  it('is none for a refusal that names no field of a language', () => {
    expect(faultOf(refusal({ pt: language }))).toBeNull();
    expect(faultOf('This release has no moment to send at: send it now.')).toBeNull();
    expect(faultOf('')).toBeNull();
  });

  it('says which field of which language, and what to do, in each of the studio’s languages', () => {
    const empty = { lang: 'es', field: 'subject', problem: 'required' } as const;
    expect(faultWords(empty, ...words('pt'), plain)).toBe('Assunto (espanhol) está vazio.');
    expect(faultWords(empty, ...words('en'), plain)).toBe('Subject (Spanish) is empty.');
    expect(faultWords(empty, ...words('es'), plain)).toBe('Asunto (español) está vacío.');
    const long = { lang: 'pt', field: 'text', problem: 'tooLong', max: 5000 } as const;
    const format = (n: number) => new Intl.NumberFormat('pt').format(n);
    expect(faultWords(long, ...words('pt'), format)).toBe('Texto (português) tem mais de 5.000 caracteres.');
    const link = { lang: 'en', field: 'link', problem: 'address' } as const;
    expect(faultWords(link, ...words('es'), plain)).toBe(
      'Enlace (inglés) debe ser la dirección completa de una página, que empiece por https://.',
    );
  });
});

describe('the first field left to fill', () => {
  it('is none when every language is written', () => {
    expect(firstFault(DRAFT)).toBeNull();
  });

  it('goes language by language, field by field; a link must be a page’s full address', () => {
    expect(firstFault({ ...DRAFT, es: { ...language, subject: ' ' }, en: { ...language, text: '' } })).toEqual({
      lang: 'en',
      field: 'text',
      problem: 'required',
    });
    expect(firstFault({ ...DRAFT, pt: { ...language, link: 'example.org/pt' } })).toEqual({
      lang: 'pt',
      field: 'link',
      problem: 'address',
    });
  });

  it('takes http and https addresses only, as the server does', () => {
    const links = [
      'https://example.org/pt/music/x',
      'http://example.org',
      'mailto:andre@example.com',
      'javascript:alert(1)',
      'www.example.org',
    ];
    expect(links.filter(isWebAddress)).toEqual(['https://example.org/pt/music/x', 'http://example.org']);
  });
});

const NOW = Date.parse('2026-06-01T12:00:00Z');
const date = (iso: string) => iso.slice(0, 10);

describe('a release to announce', () => {
  const coming = { slug: 'next', title: 'Next', releaseAt: '2026-12-05T03:00:00.000Z' };

  it('shows its moment while it is still to come, in each language', () => {
    expect(releaseLabel(coming, ANNOUNCE_TEXTS.pt, date, NOW)).toBe('Next (sai em 2026-12-05)');
    expect(releaseLabel(coming, ANNOUNCE_TEXTS.en, date, NOW)).toBe('Next (out 2026-12-05)');
    expect(releaseLabel(coming, ANNOUNCE_TEXTS.es, date, NOW)).toBe('Next (sale el 2026-12-05)');
  });

  it('is its title alone once out, or when dated by month only', () => {
    expect(releaseLabel(coming, ANNOUNCE_TEXTS.pt, date, Date.parse('2027-01-01'))).toBe('Next');
    expect(releaseLabel({ ...coming, releaseAt: null }, ANNOUNCE_TEXTS.pt, date, NOW)).toBe('Next');
  });
});

describe('an announcement’s state and progress', () => {
  const base: StudioAnnouncement = {
    id: 1,
    release: null,
    texts: DRAFT,
    hasCover: false,
    state: 'sending',
    sendAt: '2026-06-01T11:59:00.000Z',
    afterRelease: false,
    createdAt: '2026-06-01T11:59:00.000Z',
    finishedAt: null,
    total: 120,
    sent: 40,
    refused: 2,
    failed: 0,
    waiting: 78,
  };
  const later = '2026-12-05T03:00:00.000Z';

  it('says where it is in words', () => {
    const t = ANNOUNCE_TEXTS.pt;
    expect(stateWords(base, t, date, NOW)).toBe('enviando');
    expect(stateWords({ ...base, state: 'scheduled' }, t, date, NOW)).toBe('começando o envio');
    expect(stateWords({ ...base, state: 'scheduled', sendAt: later, afterRelease: true }, t, date, NOW)).toBe(
      'sai em 2026-12-05, assim que o site mostrar o lançamento',
    );
    expect(stateWords({ ...base, state: 'scheduled', afterRelease: true }, t, date, NOW)).toBe(
      'aguardando o site mostrar o lançamento, que saiu em 2026-06-01',
    );
    expect(stateWords({ ...base, state: 'sent', finishedAt: '2026-06-02T08:00:00.000Z' }, t, date, NOW)).toBe(
      'enviado em 2026-06-02',
    );
    expect(stateWords({ ...base, state: 'cancelled' }, ANNOUNCE_TEXTS.en, date, NOW)).toBe('cancelled');
    expect(stateWords({ ...base, state: 'scheduled', sendAt: later }, ANNOUNCE_TEXTS.es, date, NOW)).toBe(
      'programado para el 2026-12-05',
    );
  });

  it('gives the figures of a send in each language, those that failed only when any did', () => {
    const format = (n: number) => new Intl.NumberFormat('pt').format(n);
    expect(progressWords(base, ANNOUNCE_TEXTS.pt, plain)).toBe('enviados 40 de 120 · recusados 2 · aguardando 78');
    expect(progressWords(base, ANNOUNCE_TEXTS.en, plain)).toBe('sent 40 of 120 · refused 2 · waiting 78');
    expect(progressWords({ ...base, failed: 1, waiting: 77 }, ANNOUNCE_TEXTS.es, plain)).toBe(
      'enviados 40 de 120 · rechazados 2 · esperando 77 · fallidos 1',
    );
    expect(progressWords({ ...base, total: 1200, sent: 1200, waiting: 0 }, ANNOUNCE_TEXTS.pt, format)).toBe(
      'enviados 1.200 de 1.200 · recusados 2 · aguardando 0',
    );
    expect(progressWords({ ...base, total: 0, sent: 0, refused: 0, waiting: 0 }, ANNOUNCE_TEXTS.pt, plain)).toBe(
      'nenhum fã confirmado para receber',
    );
  });

  it('is followed while it goes out or is due to, and not while it waits for a later moment or is done', () => {
    expect(isUnderWay(base, NOW)).toBe(true);
    expect(isUnderWay({ ...base, state: 'scheduled' }, NOW)).toBe(true);
    expect(isUnderWay({ ...base, state: 'scheduled', sendAt: later, afterRelease: true }, NOW)).toBe(false);
    expect(isUnderWay({ ...base, state: 'sent' }, NOW)).toBe(false);
    expect(isUnderWay({ ...base, state: 'cancelled' }, NOW)).toBe(false);
  });

  it('can be cancelled while it waits for its moment or its release, not once due now or started', () => {
    expect(canCancel({ ...base, state: 'scheduled', sendAt: later, afterRelease: true }, NOW)).toBe(true);
    expect(canCancel({ ...base, state: 'scheduled', afterRelease: true }, NOW)).toBe(true);
    expect(canCancel({ ...base, state: 'scheduled', sendAt: later }, NOW)).toBe(true);
    expect(canCancel({ ...base, state: 'scheduled' }, NOW)).toBe(false);
    expect(canCancel(base, NOW)).toBe(false);
    expect(canCancel({ ...base, state: 'cancelled', sendAt: later, afterRelease: true }, NOW)).toBe(false);
  });

  it('is told once when a send it followed is over', () => {
    const before = [
      { ...base, id: 3, state: 'scheduled' as const },
      { ...base, id: 2 },
      { ...base, id: 1, state: 'sent' as const },
    ];
    const after = before.map((announcement) => ({ ...announcement, state: 'sent' as const }));
    expect(justSent(before, after).map((announcement) => announcement.id)).toEqual([3, 2]);
    expect(justSent(after, after)).toEqual([]);
    // One the list had not seen yet is not news of a send it followed.
    expect(justSent([], after)).toEqual([]);
  });
});
