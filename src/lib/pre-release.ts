/**
 * A release dated in the future: whether it still gets its pre-release page, the time left
 * until it comes out, and the moments worth announcing. Pure, shared by the build, the
 * browser's countdown and the server's scheduled publish.
 */

/** A release moment as the artist writes it: date, time and the time zone's offset. */
export const RELEASE_MOMENT =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** The instant of a release moment in ms, or null when the text is not one. */
export function releaseInstant(releaseAt: string | undefined): number | null {
  if (releaseAt === undefined || !RELEASE_MOMENT.test(releaseAt)) return null;
  // Date.parse rolls 31 February over into March; the artist meant a day that does not exist.
  const [year, month, day] = releaseAt.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  const instant = Date.parse(releaseAt);
  return Number.isNaN(instant) ? null : instant;
}

/** Whether the release, at `now` (ms), is still to come: its page is then the pre-release one. */
export function isUpcoming(release: { releaseAt?: string | undefined }, now: number): boolean {
  const instant = releaseInstant(release.releaseAt);
  return instant !== null && instant > now;
}

/** The earliest release moment after `now` among the given ones, or null when none is to come. */
export function nextReleaseInstant(releaseAts: Iterable<string | undefined>, now: number): number | null {
  let next: number | null = null;
  for (const releaseAt of releaseAts) {
    const instant = releaseInstant(releaseAt);
    if (instant !== null && instant > now && (next === null || instant < next)) next = instant;
  }
  return next;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The time left in whole units, the seconds rounded up so that 0 is shown only at the moment. */
export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** `ms` left split into days, hours, minutes and seconds (all zero once the moment has come). */
export function timeLeft(ms: number): TimeLeft {
  const total = Math.max(0, Math.ceil(ms / SECOND));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * The moments a screen reader hears about, not every second's change: a day left, an hour
 * left, a minute left, and the release itself.
 */
export type Milestone = 'day' | 'hour' | 'minute' | 'out';

const MILESTONES: readonly [Milestone, number][] = [
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/** The last milestone reached with `ms` left, or null while more than a day is left. */
export function milestoneOf(ms: number): Milestone | null {
  if (ms <= 0) return 'out';
  let reached: Milestone | null = null;
  for (const [milestone, span] of MILESTONES) if (ms <= span) reached = milestone;
  return reached;
}

/** How long to wait before the countdown's next change: to the next whole second left. */
export function untilNextTick(ms: number): number {
  if (ms <= 0) return 0;
  const rest = ms % SECOND;
  return rest === 0 ? SECOND : rest;
}

/** The time zone a release moment was written in, as Intl takes it (`-03:00`, `UTC`). */
export function zoneOf(releaseAt: string): string {
  const offset = /([+-]\d{2}:\d{2})$/.exec(releaseAt)?.[1];
  return offset ?? 'UTC';
}

/**
 * The release moment in words, in `locale`: weekday, date, time and zone. In the visitor's own
 * time zone when `timeZone` is not given (the browser), else in that one (the build).
 */
export function formatReleaseMoment(releaseAt: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(releaseInstant(releaseAt) ?? Number.NaN));
}

/** The countdown's units, largest first. */
export const COUNTDOWN_UNITS = ['day', 'hour', 'minute', 'second'] as const;
export type CountdownUnit = (typeof COUNTDOWN_UNITS)[number];

/** One box of the countdown: the number, and its unit's word in `locale` (plural as the number wants). */
export interface CountdownPart {
  unit: CountdownUnit;
  value: string;
  label: string;
}

/** Which field of TimeLeft each unit counts. */
const TIME_LEFT_FIELD: Record<CountdownUnit, keyof TimeLeft> = {
  day: 'days',
  hour: 'hours',
  minute: 'minutes',
  second: 'seconds',
};

/** The countdown's boxes for `ms` left, worded by Intl in `locale` (no dictionary needed). */
export function countdownParts(ms: number, locale: string): CountdownPart[] {
  const left = timeLeft(ms);
  return COUNTDOWN_UNITS.map((unit) => {
    const parts = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).formatToParts(
      left[TIME_LEFT_FIELD[unit]],
    );
    const text = (type: string) =>
      parts
        .filter((part) => part.type === type)
        .map((part) => part.value)
        .join('')
        .trim();
    return { unit, value: text('integer'), label: text('unit') };
  });
}
