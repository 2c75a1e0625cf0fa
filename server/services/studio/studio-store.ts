/**
 * Who may edit the site, stored beside the contact messages: people, their passkeys, the
 * invitations that let someone register one, sessions and pending WebAuthn challenges. Written
 * once over Kysely, for SQLite and PostgreSQL alike (stores/connect.ts opens either); tokens are kept only as hashes (tokens.ts). Each job's queries live in their own module, and
 * the store is them together.
 */
import type { Db } from '../stores/database.ts';
import { challengeStore, type ChallengeStore } from './challenge-store.ts';
import { noticeStore, type NoticeStore } from './notice-store.ts';
import { passkeyStore, type PasskeyStore } from './passkey-store.ts';
import { peopleStore, type PeopleStore } from './people-store.ts';
import { sessionStore, type SessionStore } from './session-store.ts';
export type { PendingChallenge } from './challenge-store.ts';
export type { StudioNotice } from './notice-store.ts';
export type { PasskeyRemoval } from './passkey-store.ts';
export type { PersonListing } from './people-store.ts';
export type { NewPasskey, StoredPasskey, StoredPerson } from './studio-rows.ts';

export interface StudioStore extends PeopleStore, PasskeyStore, SessionStore, NoticeStore, ChallengeStore {
  close(): Promise<void>;
}

/** The store over a database already migrated (stores/connect.ts). */
export function createStudioStore(db: Db): StudioStore {
  return {
    ...peopleStore(db),
    ...passkeyStore(db),
    ...sessionStore(db),
    ...noticeStore(db),
    ...challengeStore(db),
    close: () => db.destroy(),
  };
}
