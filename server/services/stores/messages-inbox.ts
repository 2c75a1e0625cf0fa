/** The contact messages as the studio's inbox and `npm run messages` see them: listing, reading, handling, erasing, retrying. */
import { sql } from 'kysely';
import { FAILED, toMessage, type ArtistStatus, type MessageStore, type ReplyStatus } from '../contact/message-store.ts';
import type { Db } from './database.ts';

type Inbox = Pick<
  MessageStore,
  'list' | 'get' | 'markRead' | 'markHandled' | 'remove' | 'unreadCount' | 'failedCount' | 'retryFailed'
>;

/** The inbox's side of the store, over `db`. */
export function messageInbox(db: Db): Inbox {
  const count = async (where: ReturnType<typeof sql.raw<boolean>>) => {
    const row = await db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(where)
      .executeTakeFirstOrThrow();
    return row.count;
  };
  /** Sets a moment column, keeping the first one, or clears it; false when there is no such message. */
  const mark = async (column: 'read_at' | 'handled_at', id: number, on: boolean, now: number) => {
    const result = await db
      .updateTable('messages')
      .set((eb) => ({ [column]: on ? eb.fn.coalesce(column, eb.val(new Date(now).toISOString())) : null }))
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  };
  return {
    list: async (page) =>
      (
        await db
          .selectFrom('messages')
          .selectAll()
          .$if(page !== undefined, (query) =>
            query.where('id', '<', page?.beforeId ?? Number.MAX_SAFE_INTEGER).limit(page?.limit ?? 0),
          )
          .orderBy('id', 'desc')
          .execute()
      ).map(toMessage),
    async get(id) {
      const found = await db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
      return found ? toMessage(found) : undefined;
    },
    markRead: (id, read, now = Date.now()) => mark('read_at', id, read, now),
    markHandled: (id, handled, now = Date.now()) => mark('handled_at', id, handled, now),
    async remove(id) {
      return (await db.deleteFrom('messages').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n;
    },
    unreadCount: () => count(sql.raw<boolean>('read_at IS NULL')),
    failedCount: () => count(sql.raw<boolean>(FAILED)),
    async retryFailed(now = Date.now()) {
      // A digest's mail given up goes again on its own, and counts as such.
      const result = await db
        .updateTable('messages')
        .set({
          attempts: 0,
          next_attempt_at: now,
          lease_until: null,
          artist_digest: sql<boolean>`(artist_digest AND artist_status != 'failed')`,
          artist_status: sql<ArtistStatus>`CASE WHEN artist_status = 'failed' THEN 'pending' ELSE artist_status END`,
          reply_status: sql<ReplyStatus>`CASE WHEN reply_status = 'failed' THEN 'pending' ELSE reply_status END`,
        })
        .where(sql.raw<boolean>(FAILED))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
