/** The studio's sessions: signing in and out, their two lifetimes, and the step-up a session proves. */
import type { SessionLifetimes } from './lifetimes.ts';
import { firstRow, type SqlClient } from './sql-client.ts';
import type { StudioPerson } from './studio-person.ts';
import type { PersonRow } from './studio-rows.ts';

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

/** The sessions kept over `sql`. */
export function sessionStore(sql: SqlClient): SessionStore {
  return {
    async startSession(personId, tokenHash, now = Date.now(), passkeyId) {
      await sql.run(
        'INSERT INTO studio_sessions (token_hash, person_id, created_ms, last_seen_ms, passkey_id) VALUES ($1, $2, $3, $3, $4)',
        [tokenHash, personId, now, passkeyId ?? null],
      );
    },
    async session(tokenHash, { idleMs, absoluteMs }, now = Date.now()) {
      const [row] = await sql.all<{ person_id: number }>(
        `UPDATE studio_sessions SET last_seen_ms = $1
         WHERE token_hash = $2 AND last_seen_ms > $3 AND created_ms > $4 RETURNING person_id`,
        [now, tokenHash, now - idleMs, now - absoluteMs],
      );
      if (!row) {
        await sql.run('DELETE FROM studio_sessions WHERE token_hash = $1', [tokenHash]);
        return null;
      }
      const person = await firstRow<PersonRow>(sql, 'SELECT * FROM studio_people WHERE id = $1', [row.person_id]);
      return person ? { id: person.id, name: person.name } : null;
    },
    async sessionPasskey(tokenHash) {
      const row = await firstRow<{ passkey_id: string | null }>(
        sql,
        'SELECT passkey_id FROM studio_sessions WHERE token_hash = $1',
        [tokenHash],
      );
      return row?.passkey_id ?? null;
    },
    async endSession(tokenHash) {
      await sql.run('DELETE FROM studio_sessions WHERE token_hash = $1', [tokenHash]);
    },
    async endSessionsOf(personId) {
      await sql.run('DELETE FROM studio_sessions WHERE person_id = $1', [personId]);
    },
    async sweep({ idleMs, absoluteMs }, now = Date.now()) {
      await sql.run('DELETE FROM studio_challenges WHERE expires_ms <= $1', [now]);
      await sql.run('DELETE FROM studio_invitations WHERE expires_ms <= $1', [now]);
      return sql.run('DELETE FROM studio_sessions WHERE last_seen_ms <= $1 OR created_ms <= $2', [
        now - idleMs,
        now - absoluteMs,
      ]);
    },
    async recordStepUp(tokenHash, passkeyId, now = Date.now()) {
      await sql.run('UPDATE studio_sessions SET step_up_ms = $1, step_up_passkey = $2 WHERE token_hash = $3', [
        now,
        passkeyId,
        tokenHash,
      ]);
    },
    async takeStepUp(tokenHash, maxAgeMs, now = Date.now()) {
      const row = await firstRow<{ step_up_passkey: string | null; step_up_ms: number | null }>(
        sql,
        'SELECT step_up_passkey, step_up_ms FROM studio_sessions WHERE token_hash = $1',
        [tokenHash],
      );
      if (!row || row.step_up_ms === null) return null;
      // Taken only if it is still the one read: two requests at once cannot both use it.
      const taken = await sql.run(
        'UPDATE studio_sessions SET step_up_ms = NULL, step_up_passkey = NULL WHERE token_hash = $1 AND step_up_ms = $2',
        [tokenHash, row.step_up_ms],
      );
      // Too old counts as none, and is used up all the same.
      return taken > 0 && row.step_up_ms > now - maxAgeMs ? row.step_up_passkey : null;
    },
  };
}
