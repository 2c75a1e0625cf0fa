/**
 * The tables of every store as Kysely types them: the contact messages, the studio's people
 * and sessions, the numbers and the fans. One database (a SQLite file or a PostgreSQL database) holds
 * them all; migrations.ts makes them. 64-bit columns come back as numbers on both engines
 * (milliseconds and ids stay far below 2^53).
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { ArtistStatus, ReplyStatus } from '../contact/message-store.ts';
import type { ReplySkipReason } from '../../../src/lib/studio-messages.ts';
import type { Lang } from '../../../src/lib/languages.ts';
import type { AnnouncementState, FanState } from '../../../src/lib/studio-fans.ts';
import type { CountedEvent, Vital } from '../../../src/lib/numbers-events.ts';

/** A column with a default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface MessagesTable {
  id: Generated<number>;
  created_at: string;
  created_ms: number;
  name: string;
  email: string;
  message: string;
  lang: Lang;
  fingerprint: string;
  artist_status: Defaulted<ArtistStatus>;
  reply_status: ReplyStatus;
  attempts: Defaulted<number>;
  last_error: string | null;
  next_attempt_at: number;
  delivered_at: string | null;
  lease_until: number | null;
  reply_key: string | null;
  /** A boolean in PostgreSQL, 0 or 1 in SQLite. */
  artist_digest: ColumnType<boolean | number, boolean | undefined, boolean>;
  read_at: string | null;
  handled_at: string | null;
  reply_skip_reason: ReplySkipReason | null;
}

export interface StudioPeopleTable {
  id: Generated<number>;
  name: string;
  user_handle: string;
  created_ms: number;
  email: string | null;
}

export interface StudioPasskeysTable {
  id: string;
  person_id: number;
  public_key: string;
  counter: number;
  /** A JSON array of strings. */
  transports: string;
  created_ms: number;
  last_used_ms: number | null;
  name: string | null;
}

export interface StudioInvitationsTable {
  token_hash: string;
  name: string;
  created_ms: number;
  expires_ms: number;
  used_ms: number | null;
}

export interface StudioSessionsTable {
  token_hash: string;
  person_id: number;
  created_ms: number;
  last_seen_ms: number;
  passkey_id: string | null;
  step_up_ms: number | null;
  step_up_passkey: string | null;
}

export interface StudioChallengesTable {
  token_hash: string;
  challenge: string;
  purpose: 'invitation' | 'sign-in' | 'add-passkey' | 'step-up';
  subject: string;
  expires_ms: number;
}

export interface StudioNoticesTable {
  id: Generated<number>;
  person_id: number;
  kind: 'passkey-added';
  lang: Lang;
  created_ms: number;
  next_attempt_ms: number;
  attempts: Defaulted<number>;
  lease_until_ms: Defaulted<number>;
  last_error: string | null;
}

export interface NumbersCountsTable {
  /** YYYY-MM-DD, in UTC. */
  day: string;
  event: CountedEvent;
  subject: string;
  detail: string;
  count: number;
}

export interface NumbersVitalsTable {
  day: string;
  page: string;
  metric: Vital;
  bucket: number;
  count: number;
}

/** The list's mails: the confirmation request, the welcome once confirmed, and the artist's announcements. */
export type FanMailKind = 'confirm' | 'welcome' | 'announcement';

export interface FanAnnouncementsTable {
  id: Generated<number>;
  release: string | null;
  texts: string;
  /** A JPEG, sent inside each mail of the announcement. */
  cover: Uint8Array | null;
  created_ms: number;
  send_at_ms: number;
  /** A boolean in PostgreSQL, 0 or 1 in SQLite. */
  after_release: ColumnType<boolean | number, boolean | undefined, boolean>;
  state: AnnouncementState;
  total: Defaulted<number>;
  sent: Defaulted<number>;
  refused: Defaulted<number>;
  failed: Defaulted<number>;
  finished_ms: number | null;
}

export interface FansTable {
  id: Generated<number>;
  email: string;
  mailbox: string;
  lang: Lang;
  state: FanState;
  token: string;
  created_ms: number;
  confirm_sent_ms: number;
  confirmed_ms: number | null;
  refused_reason: string | null;
}

export interface FansGoneTable {
  mailbox_hash: string;
  left_ms: number;
}

export interface FanDaysTable {
  /** YYYY-MM-DD, in UTC. */
  day: string;
  joins: Defaulted<number>;
  leaves: Defaulted<number>;
}

export interface FanMailsTable {
  id: Generated<number>;
  fan_id: number;
  kind: FanMailKind;
  announcement_id: number | null;
  created_ms: number;
  next_attempt_ms: number;
  attempts: Defaulted<number>;
  lease_until_ms: Defaulted<number>;
  last_error: string | null;
}

export interface Database {
  messages: MessagesTable;
  studio_people: StudioPeopleTable;
  studio_passkeys: StudioPasskeysTable;
  studio_invitations: StudioInvitationsTable;
  studio_sessions: StudioSessionsTable;
  studio_challenges: StudioChallengesTable;
  studio_notices: StudioNoticesTable;
  numbers_counts: NumbersCountsTable;
  numbers_vitals: NumbersVitalsTable;
  fans: FansTable;
  fans_gone: FansGoneTable;
  fan_days: FanDaysTable;
  fan_announcements: FanAnnouncementsTable;
  fan_mails: FanMailsTable;
}

/** What every store's queries run on. */
export type Db = Kysely<Database>;
