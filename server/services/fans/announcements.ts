/**
 * The artist's announcements to his fans: written in each language, sent now or at a release's
 * moment. Starting one queues a mail for every confirmed fan in one transaction, spaced so the
 * list's pace holds whichever instance sends them; the unique (announcement, fan) index keeps
 * each fan to one mail, however many instances start it.
 */
import { sql } from 'kysely';
import { LANGUAGES } from '../../../src/lib/languages.ts';
import type { AnnouncementDraft, StudioAnnouncement } from '../../../src/lib/studio-fans.ts';
import type { Db } from '../stores/database.ts';

export interface NewAnnouncement {
  release: string | null;
  texts: AnnouncementDraft;
  /** The release's cover made small for a mail (a JPEG), or null. */
  cover?: Uint8Array | null;
  sendAtMs: number;
  /** Waits, past `sendAtMs`, until the site serves the release as out. */
  afterRelease: boolean;
}

export interface AnnouncementStore {
  create(announcement: NewAnnouncement, now?: number): Promise<number>;
  /** Cancels an announcement that has not started; false when it has (or there is none). */
  cancel(id: number): Promise<boolean>;
  /** Every announcement, the newest first, with its progress. */
  list(): Promise<StudioAnnouncement[]>;
  /** The announcement's cover (a JPEG), or null when it has none. */
  cover(id: number): Promise<Uint8Array | null>;
  /**
   * Starts the announcements due at `now` (those after a release only once `releaseIsOut`
   * says so), each fan's mail `intervalMs` after the previous one: how many it started.
   */
  startDue(
    now: number,
    intervalMs: number,
    releaseIsOut: (release: string, sendAtMs: number) => boolean,
  ): Promise<number>;
  /**
   * When the next announcement scheduled after `now` is due, or null. One due already but
   * waiting for its release is looked at again when a build goes live, or at the next check.
   */
  nextStart(now: number): Promise<number | null>;
}

/** Parses the texts stored as JSON; the store wrote them, so a missing language is a bug to surface. */
export function storedTexts(json: string): AnnouncementDraft {
  const texts = JSON.parse(json) as Partial<AnnouncementDraft>;
  for (const lang of LANGUAGES) if (!texts[lang]) throw new Error(`an announcement lacks its ${lang} texts`);
  return texts as AnnouncementDraft;
}

export function announcementStore(db: Db): AnnouncementStore {
  return {
    async create(announcement, now = Date.now()) {
      const { id } = await db
        .insertInto('fan_announcements')
        .values({
          release: announcement.release,
          texts: JSON.stringify(announcement.texts),
          cover: announcement.cover ?? null,
          created_ms: now,
          send_at_ms: announcement.sendAtMs,
          after_release: announcement.afterRelease,
          state: 'scheduled',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async cancel(id) {
      const cancelled = await db
        .updateTable('fan_announcements')
        .set({ state: 'cancelled' })
        .where('id', '=', id)
        .where('state', '=', 'scheduled')
        .executeTakeFirst();
      return cancelled.numUpdatedRows > 0n;
    },

    async list() {
      const rows = await db
        .selectFrom('fan_announcements as a')
        .select([
          'a.id',
          'a.release',
          'a.texts',
          'a.state',
          'a.send_at_ms',
          'a.after_release',
          'a.created_ms',
          'a.finished_ms',
          'a.total',
          'a.sent',
          'a.refused',
          'a.failed',
        ])
        .select((eb) => eb('a.cover', 'is not', null).as('has_cover'))
        .select((eb) =>
          eb
            .selectFrom('fan_mails as m')
            .select((inner) => inner.fn.countAll<number>().as('waiting'))
            .whereRef('m.announcement_id', '=', 'a.id')
            .as('waiting'),
        )
        .orderBy('a.id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        release: row.release,
        texts: storedTexts(row.texts),
        hasCover: Boolean(row.has_cover),
        state: row.state,
        sendAt: new Date(row.send_at_ms).toISOString(),
        afterRelease: Boolean(row.after_release),
        createdAt: new Date(row.created_ms).toISOString(),
        finishedAt: row.finished_ms === null ? null : new Date(row.finished_ms).toISOString(),
        total: row.total,
        sent: row.sent,
        refused: row.refused,
        failed: row.failed,
        waiting: row.waiting ?? 0,
      }));
    },

    async cover(id) {
      const row = await db.selectFrom('fan_announcements').select('cover').where('id', '=', id).executeTakeFirst();
      return row?.cover ?? null;
    },

    async startDue(now, intervalMs, releaseIsOut) {
      const due = await db
        .selectFrom('fan_announcements')
        .select(['id', 'release', 'send_at_ms', 'after_release'])
        .where('state', '=', 'scheduled')
        .where('send_at_ms', '<=', now)
        .orderBy('id')
        .execute();
      let started = 0;
      for (const announcement of due) {
        if (
          announcement.after_release &&
          announcement.release &&
          !releaseIsOut(announcement.release, announcement.send_at_ms)
        ) {
          continue;
        }
        const didStart = await db.transaction().execute(async (trx) => {
          // Only one instance moves it on from 'scheduled'; the others find nothing to start.
          const claimed = await trx
            .updateTable('fan_announcements')
            .set({ state: 'sending' })
            .where('id', '=', announcement.id)
            .where('state', '=', 'scheduled')
            .executeTakeFirst();
          if (claimed.numUpdatedRows === 0n) return false;
          // The n-th fan's mail is due n intervals from now: the pace holds across instances.
          const queued = await trx
            .insertInto('fan_mails')
            .columns(['fan_id', 'kind', 'announcement_id', 'created_ms', 'next_attempt_ms'])
            .expression((eb) =>
              eb
                .selectFrom('fans')
                .select([
                  'id',
                  eb.cast<'announcement'>(eb.val('announcement'), 'text').as('kind'),
                  eb.cast<number>(eb.val(announcement.id), 'bigint').as('announcement_id'),
                  eb.cast<number>(eb.val(now), 'bigint').as('created_ms'),
                  sql<number>`${now} + (ROW_NUMBER() OVER (ORDER BY id) - 1) * ${intervalMs}`.as('next_attempt_ms'),
                ])
                .where('state', '=', 'confirmed'),
            )
            .onConflict((conflict) => conflict.columns(['announcement_id', 'fan_id']).doNothing())
            .executeTakeFirst();
          const total = Number(queued.numInsertedOrUpdatedRows ?? 0n);
          await trx
            .updateTable('fan_announcements')
            .set({ total, ...(total === 0 && { state: 'sent', finished_ms: now }) })
            .where('id', '=', announcement.id)
            .execute();
          return true;
        });
        if (didStart) started += 1;
      }
      return started;
    },

    async nextStart(now) {
      const row = await db
        .selectFrom('fan_announcements')
        .select((eb) => eb.fn.min<number | null>('send_at_ms').as('at'))
        .where('state', '=', 'scheduled')
        .where('send_at_ms', '>', now)
        .executeTakeFirst();
      return row?.at ?? null;
    },
  };
}
