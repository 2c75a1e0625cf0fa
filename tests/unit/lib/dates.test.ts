import { describe, expect, it } from 'vitest';
import { formatLongDate, parseDayMonthYear } from '../../../src/lib/dates.ts';

describe('parseDayMonthYear', () => {
  it('reads DD/MM/YYYY as a UTC date', () => {
    expect(parseDayMonthYear('05/12/2023')?.toISOString()).toBe('2023-12-05T00:00:00.000Z');
  });
  it.each(['31/02/2023', '2023-12-05', '5/12/2023', '00/01/2023', '12/13/2023', ''])('rejects %j', (text) => {
    expect(parseDayMonthYear(text)).toBeNull();
  });
});

describe('formatLongDate', () => {
  const date = new Date(Date.UTC(2023, 11, 5));
  it('uses a long month, numeric year and two-digit day in each language', () => {
    expect(formatLongDate(date, 'pt-BR')).toBe('05 de dezembro de 2023');
    expect(formatLongDate(date, 'en-US')).toBe('December 05, 2023');
    expect(formatLongDate(date, 'es-ES')).toBe('05 de diciembre de 2023');
  });
});
