/** The joins and leaves of each day (counts only, no address), for the studio's weekly chart. */
import type { Db } from '../stores/database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** The UTC day of a moment, YYYY-MM-DD. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday (UTC) of the week holding a moment, YYYY-MM-DD. */
function mondayOf(ms: number): string {
  const daysSinceMonday = (new Date(ms).getUTCDay() + 6) % 7;
  return utcDay(ms - daysSinceMonday * DAY_MS);
}

/** Joins (confirmations) and leaves of one week, Monday to Sunday in UTC. */
export interface FanWeek {
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  joins: number;
  leaves: number;
}

export interface FanDays {
  /** The joins and leaves of the `count` weeks up to the one holding `now`, the oldest first. */
  weeks: (count: number, now?: number) => Promise<FanWeek[]>;
}

export function fanDays(db: Db): FanDays & { count: (column: 'joins' | 'leaves', now: number) => Promise<unknown> } {
  return {
    /** Adds a join or a leave to the day's counts. */
    count: (column, now) =>
      db
        .insertInto('fan_days')
        .values({ day: utcDay(now), [column]: 1 })
        .onConflict((conflict) =>
          conflict.column('day').doUpdateSet((eb) => ({ [column]: eb(eb.ref(`fan_days.${column}`), '+', 1) })),
        )
        .execute(),

    async weeks(count, now = Date.now()) {
      const mondays = Array.from({ length: count }, (_, n) => mondayOf(now - (count - 1 - n) * WEEK_MS));
      const first = mondays[0] ?? utcDay(now);
      const days = await db.selectFrom('fan_days').selectAll().where('day', '>=', first).execute();
      const weeks = new Map(mondays.map((week) => [week, { week, joins: 0, leaves: 0 }]));
      for (const day of days) {
        const week = weeks.get(mondayOf(Date.parse(`${day.day}T00:00:00Z`)));
        if (!week) continue;
        week.joins += day.joins;
        week.leaves += day.leaves;
      }
      return [...weeks.values()];
    },
  };
}
