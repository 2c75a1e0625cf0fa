/**
 * The counts of the last few seconds, added up in memory and written to the store together
 * every `flushMs` (and when the app closes): a burst of events is a few upserts, not a burst of
 * writes. The pending keys are valid ones only (event-validation.ts), so memory stays bounded.
 */
import type { ValidEvents } from './event-validation.ts';
import type { CountRow, NumbersStore, VitalRow } from './numbers-store.ts';

/** How often the counts are written, by default. */
export const DEFAULT_FLUSH_MS = 5_000;

export interface Tally {
  /** Adds the events to the counts of the day `now` falls in (UTC). */
  record(events: ValidEvents, now?: number): void;
  /** Writes what is pending; a failed write keeps it for the next try. */
  flush(): Promise<void>;
  /** How many keys are waiting to be written. */
  pending(): number;
  /** Writes what is pending and stops. */
  close(): Promise<void>;
}

/** YYYY-MM-DD of a moment, in UTC. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const SEPARATOR = '\u0000';

/** Adds `rows` into `into`, by their key fields. */
function merge<T extends { count: number }>(into: Map<string, T>, key: string, row: T): void {
  const known = into.get(key);
  if (known) known.count += row.count;
  else into.set(key, { ...row });
}

export interface TallyOptions {
  flushMs?: number;
  /** Told when a write fails (the counts wait for the next one). */
  onError?: (error: unknown) => void;
}

export function createTally(store: NumbersStore, options: TallyOptions = {}): Tally {
  let counts = new Map<string, CountRow>();
  let vitals = new Map<string, VitalRow>();
  let writing: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    const takenCounts = counts;
    const takenVitals = vitals;
    if (takenCounts.size === 0 && takenVitals.size === 0) return;
    counts = new Map();
    vitals = new Map();
    try {
      await store.add([...takenCounts.values()], [...takenVitals.values()]);
    } catch (error) {
      for (const [key, row] of takenCounts) merge(counts, key, row);
      for (const [key, row] of takenVitals) merge(vitals, key, row);
      options.onError?.(error);
    }
  }

  // One write at a time: a slow database never has two batches of the same keys in flight.
  const flush = () => {
    writing = writing.then(write);
    return writing;
  };
  const timer = setInterval(() => void flush(), options.flushMs ?? DEFAULT_FLUSH_MS);
  timer.unref();

  return {
    record(events, now = Date.now()) {
      const day = utcDay(now);
      for (const key of events.counts) {
        merge(counts, [day, key.event, key.subject, key.detail].join(SEPARATOR), { day, ...key, count: 1 });
      }
      for (const key of events.vitals) {
        merge(vitals, [day, key.page, key.metric, key.bucket].join(SEPARATOR), { day, ...key, count: 1 });
      }
    },
    flush,
    pending: () => counts.size + vitals.size,
    async close() {
      clearInterval(timer);
      await flush();
      await store.close();
    },
  };
}
