/**
 * The studio's fans' part in words: every text in each language with the same placeholders as
 * the Portuguese, the counts' sentences for none, one and many, and an import's answer as the
 * artist reads it, each line it could not read quoted from what he sent.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/lib/languages.ts';
import type { FanImportAnswer } from '../../../src/lib/studio-fans.ts';
import { FANS_TEXTS } from '../../../studio/fans/texts.ts';
import { STUDIO_TEXTS } from '../../../studio/texts.ts';
import { countWords, importLines, importWords, INVALID_LISTED, lineProblem } from '../../../studio/fans/words.ts';
import { itWritesEveryText } from './every-language.ts';

const plain = String;

describe('the fans’ texts', () => {
  itWritesEveryText(FANS_TEXTS);

  it('name the part in the studio’s menu', () => {
    expect(LANGUAGES.map((lang) => STUDIO_TEXTS[lang].sections.fans)).toEqual(['Fãs', 'Fans', 'Fans']);
  });

  it('count none, one and many, in the studio’s way of writing numbers', () => {
    const format = (n: number) => new Intl.NumberFormat('pt').format(n);
    const words = FANS_TEXTS.pt.confirmed;
    expect(countWords(words, 0, format)).toBe('Ainda não há fãs confirmados.');
    expect(countWords(words, 1, format)).toBe('1 fã confirmado');
    expect(countWords(words, 1234, format)).toBe('1.234 fãs confirmados');
    // Without words of its own for none, a count says "0 …".
    expect(countWords(FANS_TEXTS.en.known, 0, plain)).toBe('0 were already on the list');
  });
});

describe('an import’s answer in words', () => {
  const sent = 'Email;Lang\r\nnew@example.org;en\r\nnot an address;pt\r\n;es\r\n\r\nold@example.org\r\n';
  const answer: FanImportAnswer = {
    queued: 12,
    known: 3,
    left: 1,
    invalid: [
      { line: 3, reason: 'email must be a valid address' },
      { line: 4, reason: 'email is required' },
    ],
  };

  it('tells what was done, then quotes each line it could not read', () => {
    expect(importWords(answer, importLines(sent), FANS_TEXTS.en, 'en', plain)).toEqual({
      summary:
        '12 will get a mail asking them to confirm; 3 were already on the list; 1 had left the list and was skipped; 2 lines could not be read.',
      invalid: ['Line 3 is not an address: “not an address;pt”', 'Line 4 holds no address: “;es”'],
    });
    expect(importWords(answer, importLines(sent), FANS_TEXTS.pt, 'pt', plain).summary).toBe(
      '12 vão receber um e-mail pedindo para confirmar; 3 já estavam na lista; 1 tinha saído da lista e foi ignorado; 2 linhas não puderam ser lidas.',
    );
    expect(importWords(answer, importLines(sent), FANS_TEXTS.es, 'es', plain).invalid[0]).toBe(
      'Línea 3 no es una dirección: «not an address;pt»',
    );
  });

  it('leaves out what did not happen, and starts with a capital when nobody new is asked', () => {
    const known = { queued: 0, known: 1, left: 0, invalid: [] };
    expect(importWords(known, [], FANS_TEXTS.en, 'en', plain)).toEqual({
      summary: 'No new address to ask; 1 was already on the list.',
      invalid: [],
    });
    expect(importWords({ ...known, known: 0, queued: 1 }, [], FANS_TEXTS.pt, 'pt', plain).summary).toBe(
      '1 vai receber um e-mail pedindo para confirmar.',
    );
  });

  it('lists at most a few refused lines, counting the rest, each quoted short', () => {
    const many = Array.from({ length: INVALID_LISTED + 5 }, (_, n) => ({
      line: n + 1,
      reason: 'email must be a valid address',
    }));
    const lines = many.map(() => 'x'.repeat(200));
    const words = importWords({ queued: 0, known: 0, left: 0, invalid: many }, lines, FANS_TEXTS.en, 'en', plain);
    expect(words.invalid).toHaveLength(INVALID_LISTED + 1);
    expect(words.invalid.at(-1)).toBe('… and 5 more line(s).');
    expect(words.invalid[0]?.length).toBeLessThan(100);
    expect(words.invalid[0]).toMatch(/x…”$/);
  });

  it('numbers the lines as the server does: a BOM left out, any line break, blank lines counted', () => {
    expect(importLines('\uFEFFa@example.org\r\n\nb\rc')).toEqual(['a@example.org', '', 'b', 'c']);
  });

  it('names each of the server’s reasons as a problem the artist can act on', () => {
    expect(lineProblem('email is required')).toBe('missing');
    expect(lineProblem('email must be at most 254 characters')).toBe('tooLong');
    expect(lineProblem('email must be a valid address')).toBe('notAddress');
    expect(lineProblem('email must not contain control characters')).toBe('notAddress');
  });
});
