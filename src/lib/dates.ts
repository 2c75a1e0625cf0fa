/** Parses the content's DD/MM/YYYY dates; null when the text is not a real calendar date. */
export function parseDayMonthYear(value: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, day, month, year] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date : null;
}

/**
 * A poem's date as the page shows it: long month, numeric year, two-digit day, in the page's
 * language. Formatted in UTC so the day never shifts with the visitor's time zone.
 */
export function formatLongDate(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/**
 * A release date (`YYYY-MM` or `YYYY-MM-DD`) in the page's language: month and year, with the
 * day when the artist gave one. In UTC, like the poems.
 */
export function formatReleaseDate(released: string, locale: string): string {
  const withDay = released.length > 7;
  return new Intl.DateTimeFormat(locale, {
    ...(withDay ? { day: 'numeric' } : {}),
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${withDay ? released : `${released}-01`}T00:00:00Z`));
}
