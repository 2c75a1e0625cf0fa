/**
 * The first migration: every store's tables as the code before Kysely left them at its latest
 * version, created only where missing, so a database that code made is adopted as it is and a
 * new one gets the same schema. The old ledgers (schema_migrations, studio_migrations,
 * numbers_migrations) are left in place: they are tiny, and the previous release still finds its
 * schema up to date should the site go back to it.
 */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { engineTypes, isPostgres } from './engine.ts';

/** The last version each old ledger recorded on each engine: a database behind them is refused. */
const OLD_LEDGERS = [
  { table: 'schema_migrations', sqlite: 6, postgres: 4 },
  { table: 'studio_migrations', sqlite: 2, postgres: 2 },
  { table: 'numbers_migrations', sqlite: 1, postgres: 1 },
];

/** Each table is created only where missing, so a database the old code made keeps its own. */
const newTable = (db: Kysely<unknown>, name: string) => db.schema.createTable(name).ifNotExists();

/** Refuses a database the old code left part-way: adopting it as it is would miss columns. */
async function refuseOldVersions(db: Kysely<unknown>): Promise<void> {
  const tables = new Set((await db.introspection.getTables()).map((table) => table.name));
  for (const ledger of OLD_LEDGERS) {
    if (!tables.has(ledger.table)) continue;
    const latest = isPostgres(db) ? ledger.postgres : ledger.sqlite;
    const { version } = await sql<{ version: number | null }>`SELECT MAX(version) AS version FROM ${sql.table(
      ledger.table,
    )}`
      .execute(db)
      .then((result) => result.rows[0] ?? { version: null });
    if ((version ?? 0) < latest) {
      throw new Error(
        `${ledger.table} is at version ${version ?? 0} of ${latest}: start the release before the query builder once to bring the database up to date`,
      );
    }
  }
}

/** The contact messages; the due index's predicate is repeated by every query for due messages. */
async function createMessages(db: Kysely<unknown>): Promise<void> {
  const { id, int, flag } = engineTypes(db);
  await newTable(db, 'messages')
    .addColumn('id', id.type, id.build)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_ms', int, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('artist_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reply_status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', int, (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('lease_until', int)
    .addColumn('reply_key', 'text')
    .addColumn('artist_digest', flag.type, (c) => c.notNull().defaultTo(flag.no))
    .addColumn('read_at', 'text')
    .addColumn('handled_at', 'text')
    .addColumn('reply_skip_reason', 'text')
    .execute();
  const index = (name: string) => db.schema.createIndex(name).ifNotExists().on('messages');
  await index('messages_due')
    .column('next_attempt_at')
    .where(sql.raw<boolean>("artist_status = 'pending' OR artist_status = 'held' OR reply_status = 'pending'"))
    .execute();
  await index('messages_fingerprint').columns(['fingerprint', 'created_ms']).execute();
  // Each engine kept its own form of this one; nothing queries by address any more (reply_key does).
  await index('messages_email')
    .expression(isPostgres(db) ? sql`lower(email), created_ms` : sql`email, created_ms`)
    .execute();
  await index('messages_created').column('created_ms').execute();
  await index('messages_reply_key').columns(['reply_key', 'created_ms']).execute();
  await index('messages_artist_mails').columns(['artist_status', 'artist_digest', 'delivered_at']).execute();
  await index('messages_unread').column('id').where(sql.raw<boolean>('read_at IS NULL')).execute();
}

/** The studio's people, passkeys, invitations, sessions, challenges and queued notices. */
async function createStudio(db: Kysely<unknown>): Promise<void> {
  const { id, int } = engineTypes(db);
  const person = (c: Parameters<typeof id.build>[0]) => c.notNull().references('studio_people.id').onDelete('cascade');
  const index = (name: string, table: string, column: string) =>
    db.schema.createIndex(name).ifNotExists().on(table).column(column).execute();
  await newTable(db, 'studio_people')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('user_handle', 'text', (c) => c.notNull().unique())
    .addColumn('created_ms', int, (c) => c.notNull())
    .addColumn('email', 'text')
    .execute();
  await newTable(db, 'studio_passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', int, person)
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', int, (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('created_ms', int, (c) => c.notNull())
    .addColumn('last_used_ms', int)
    .addColumn('name', 'text')
    .execute();
  await index('studio_passkeys_person', 'studio_passkeys', 'person_id');
  await newTable(db, 'studio_invitations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_ms', int, (c) => c.notNull())
    .addColumn('expires_ms', int, (c) => c.notNull())
    .addColumn('used_ms', int)
    .execute();
  await newTable(db, 'studio_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('person_id', int, person)
    .addColumn('created_ms', int, (c) => c.notNull())
    .addColumn('last_seen_ms', int, (c) => c.notNull())
    .addColumn('passkey_id', 'text')
    .addColumn('step_up_ms', int)
    .addColumn('step_up_passkey', 'text')
    .execute();
  await index('studio_sessions_person', 'studio_sessions', 'person_id');
  await index('studio_sessions_seen', 'studio_sessions', 'last_seen_ms');
  await newTable(db, 'studio_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('expires_ms', int, (c) => c.notNull())
    .execute();
  await newTable(db, 'studio_notices')
    .addColumn('id', id.type, id.build)
    .addColumn('person_id', int, person)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('created_ms', int, (c) => c.notNull())
    .addColumn('next_attempt_ms', int, (c) => c.notNull())
    .addColumn('attempts', int, (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until_ms', int, (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
}

/** The numbers' two tables, each a count per day and key: the events', and the vitals' histograms. */
const NUMBERS_TABLES = [
  { name: 'numbers_counts', key: { day: 'text', event: 'text', subject: 'text', detail: 'text' } },
  { name: 'numbers_vitals', key: { day: 'text', page: 'text', metric: 'text', bucket: 'integer' } },
] as const;

/** The numbers: each table's key columns, then its count, all required; the key is the primary key. */
async function createNumbers(db: Kysely<unknown>): Promise<void> {
  const { int } = engineTypes(db);
  for (const { name, key } of NUMBERS_TABLES) {
    let table: CreateTableBuilder<string, string> = newTable(db, name);
    for (const [column, type] of Object.entries(key)) table = table.addColumn(column, type, (c) => c.notNull());
    await table
      .addColumn('count', int, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${name}_pkey`, Object.keys(key))
      .execute();
  }
}

/** Creates what is missing of every store's tables. */
export async function createStores(db: Kysely<unknown>): Promise<void> {
  await refuseOldVersions(db);
  await createMessages(db);
  await createStudio(db);
  await createNumbers(db);
}
