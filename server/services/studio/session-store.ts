/** The studio's sessions: signing in and out, their two lifetimes, and the step-up a session proves. */
import type { SessionLifetimes } from './lifetimes.ts';
import type { Db } from '../stores/database.ts';
import type { StudioPerson } from './studio-person.ts';
import { personRow } from './studio-rows.ts';

export interface SessionStore {
  /** Starts a session, remembering the passkey it was signed in with. */
  startSession(personId: number, tokenHash: string, now?: number, passkeyId?: string): Promise<void>;
  /**
   * The person of a session that is within both lifetimes, marking it used now; null (and the
   * session gone) past either.
   */
  session(tokenHash: string, lifetimes: SessionLifetimes, now?: number): Promise<StudioPerson | null>;
  /** The passkey the session was signed in with, or null (unknown, or from before they were kept). */
  sessionPasskey(tokenHash: string): Promise<string | null>;
  endSession(tokenHash: string): Promise<void>;
  endSessionsOf(personId: number): Promise<void>;
  /** Deletes every session past either lifetime, and expired challenges and invitations; resolves to the sessions deleted. */
  sweep(lifetimes: SessionLifetimes, now?: number): Promise<number>;
  /** Records that the session's person just proved `passkeyId` again (a step-up). */
  recordStepUp(tokenHash: string, passkeyId: string, now?: number): Promise<void>;
  /**
   * Uses the session's step-up once: the passkey it proved, when that was at most `maxAgeMs`
   * ago, else null. Either way the session has no step-up afterwards.
   */
  takeStepUp(tokenHash: string, maxAgeMs: number, now?: number): Promise<string | null>;
}

/** The sessions kept in `db`. */
export function sessionStore(db: Db): SessionStore {
  const deleteSession = (tokenHash: string) =>
    db.deleteFrom('studio_sessions').where('token_hash', '=', tokenHash).execute();
  return {
    async startSession(personId, tokenHash, now = Date.now(), passkeyId) {
      await db
        .insertInto('studio_sessions')
        .values({
          token_hash: tokenHash,
          person_id: personId,
          created_ms: now,
          last_seen_ms: now,
          passkey_id: passkeyId ?? null,
        })
        .execute();
    },
    async session(tokenHash, { idleMs, absoluteMs }, now = Date.now()) {
      const row = await db
        .updateTable('studio_sessions')
        .set({ last_seen_ms: now })
        .where('token_hash', '=', tokenHash)
        .where('last_seen_ms', '>', now - idleMs)
        .where('created_ms', '>', now - absoluteMs)
        .returning('person_id')
        .executeTakeFirst();
      if (!row) {
        await deleteSession(tokenHash);
        return null;
      }
      const person = await personRow(db, row.person_id);
      return person ? { id: person.id, name: person.name } : null;
    },
    async sessionPasskey(tokenHash) {
      const row = await db
        .selectFrom('studio_sessions')
        .select('passkey_id')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row?.passkey_id ?? null;
    },
    async endSession(tokenHash) {
      await deleteSession(tokenHash);
    },
    async endSessionsOf(personId) {
      await db.deleteFrom('studio_sessions').where('person_id', '=', personId).execute();
    },
    async sweep({ idleMs, absoluteMs }, now = Date.now()) {
      await db.deleteFrom('studio_challenges').where('expires_ms', '<=', now).execute();
      await db.deleteFrom('studio_invitations').where('expires_ms', '<=', now).execute();
      const result = await db
        .deleteFrom('studio_sessions')
        .where((eb) => eb.or([eb('last_seen_ms', '<=', now - idleMs), eb('created_ms', '<=', now - absoluteMs)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async recordStepUp(tokenHash, passkeyId, now = Date.now()) {
      await db
        .updateTable('studio_sessions')
        .set({ step_up_ms: now, step_up_passkey: passkeyId })
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    async takeStepUp(tokenHash, maxAgeMs, now = Date.now()) {
      const row = await db
        .selectFrom('studio_sessions')
        .select(['step_up_passkey', 'step_up_ms'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row || row.step_up_ms === null) return null;
      // Taken only if it is still the one read: two requests at once cannot both use it.
      const taken = await db
        .updateTable('studio_sessions')
        .set({ step_up_ms: null, step_up_passkey: null })
        .where('token_hash', '=', tokenHash)
        .where('step_up_ms', '=', row.step_up_ms)
        .executeTakeFirst();
      // Too old counts as none, and is used up all the same.
      return taken.numUpdatedRows > 0n && row.step_up_ms > now - maxAgeMs ? row.step_up_passkey : null;
    },
  };
}
