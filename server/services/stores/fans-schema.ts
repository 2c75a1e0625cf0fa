/**
 * The mailing list of fans: each address (waiting for its confirmation, confirmed, or refused
 * by its mail server), the hashes of the mailboxes that left, the joins and leaves of each day
 * (counts only, for the studio's chart), the artist's announcements with their progress, and
 * the queue of the list's mails.
 */
import type { Kysely } from 'kysely';
import { engineTypes } from './engine.ts';

export async function createFans(db: Kysely<unknown>): Promise<void> {
  const { id, int, flag, bytes } = engineTypes(db);
  await db.schema
    .createTable('fans')
    .addColumn('id', id.type, id.build)
    .addColumn('email', 'text', (c) => c.notNull())
    // One row a mailbox: `Fan+1@gmail.com` and `f.a.n@gmail.com` are the same fan.
    .addColumn('mailbox', 'text', (c) => c.notNull().unique())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    // The secret of the fan's confirm and leave links; unique, as the links find the fan by it.
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_ms', int, (c) => c.notNull())
    .addColumn('confirm_sent_ms', int, (c) => c.notNull())
    .addColumn('confirmed_ms', int)
    .addColumn('refused_reason', 'text')
    .execute();
  await db.schema.createIndex('fans_confirm_sent').on('fans').column('confirm_sent_ms').execute();
  await db.schema
    .createTable('fans_gone')
    .addColumn('mailbox_hash', 'text', (c) => c.primaryKey())
    .addColumn('left_ms', int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('fan_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('joins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leaves', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('fan_announcements')
    .addColumn('id', id.type, id.build)
    // The release's file name (its address), or null for a free announcement.
    .addColumn('release', 'text')
    // Each language's subject, text and link, as JSON.
    .addColumn('texts', 'text', (c) => c.notNull())
    // The release's cover, made small for a mail (a JPEG), or null.
    .addColumn('cover', bytes)
    .addColumn('created_ms', int, (c) => c.notNull())
    .addColumn('send_at_ms', int, (c) => c.notNull())
    // Sent once the site serves the release as out (the build after its moment), not before.
    .addColumn('after_release', flag.type, (c) => c.notNull().defaultTo(flag.no))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished_ms', int)
    .execute();
  await db.schema
    .createTable('fan_mails')
    .addColumn('id', id.type, id.build)
    .addColumn('fan_id', int, (c) => c.notNull().references('fans.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('announcement_id', int, (c) => c.references('fan_announcements.id').onDelete('cascade'))
    .addColumn('created_ms', int, (c) => c.notNull())
    .addColumn('next_attempt_ms', int, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until_ms', int, (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('fan_mails_due').on('fan_mails').column('next_attempt_ms').execute();
  await db.schema.createIndex('fan_mails_fan').on('fan_mails').column('fan_id').execute();
  // One mail of an announcement a fan, however many instances start it.
  await db.schema
    .createIndex('fan_mails_announcement')
    .on('fan_mails')
    .columns(['announcement_id', 'fan_id'])
    .unique()
    .execute();
}
