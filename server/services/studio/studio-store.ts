/**
 * Who may edit the site, stored beside the contact messages: people, their passkeys, the
 * invitations that let someone register one, sessions and pending WebAuthn challenges. Written
 * once over a small SQL client that SQLite and PostgreSQL each provide (stores/studio-*.ts);
 * tokens are kept only as hashes (tokens.ts). Each job's queries live in their own module, and
 * the store is them together.
 */
import { challengeStore, type ChallengeStore } from './challenge-store.ts';
import { noticeStore, type NoticeStore } from './notice-store.ts';
import { passkeyStore, type PasskeyStore } from './passkey-store.ts';
import { peopleStore, type PeopleStore } from './people-store.ts';
import { sessionStore, type SessionStore } from './session-store.ts';
import { applyMigrations, type SqlClient } from './sql-client.ts';
import { STUDIO_MIGRATION_LOCK, STUDIO_MIGRATIONS } from './studio-migrations.ts';

export { applyMigrations, type SqlClient } from './sql-client.ts';
export type { PendingChallenge } from './challenge-store.ts';
export type { StudioNotice } from './notice-store.ts';
export type { PasskeyRemoval } from './passkey-store.ts';
export type { PersonListing } from './people-store.ts';
export type { NewPasskey, StoredPasskey, StoredPerson } from './studio-rows.ts';

export interface StudioStore extends PeopleStore, PasskeyStore, SessionStore, NoticeStore, ChallengeStore {
  close(): Promise<void>;
}

/** Migrates the database and returns the store over it. */
export async function createStudioStore(sql: SqlClient): Promise<StudioStore> {
  await applyMigrations(sql, 'studio_migrations', STUDIO_MIGRATION_LOCK, STUDIO_MIGRATIONS);
  return {
    ...peopleStore(sql),
    ...passkeyStore(sql),
    ...sessionStore(sql),
    ...noticeStore(sql),
    ...challengeStore(sql),
    close: () => sql.close(),
  };
}
