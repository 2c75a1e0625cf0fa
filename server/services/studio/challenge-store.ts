/** The WebAuthn challenges waiting for their answer, each kept under its cookie token's hash. */
import { CHALLENGE_LIFETIME_MS } from './lifetimes.ts';
import type { SqlClient } from './sql-client.ts';

/** What a pending challenge is for, and for whom (an invitation's hash, a person's id). */
export interface PendingChallenge {
  challenge: string;
  purpose: 'invitation' | 'sign-in' | 'add-passkey' | 'step-up';
  subject: string;
}

export interface ChallengeStore {
  /** Keeps a challenge for five minutes under its cookie token's hash. */
  saveChallenge(tokenHash: string, pending: PendingChallenge, now?: number): Promise<void>;
  /** Takes the challenge out (it answers once), or null when it is unknown or expired. */
  takeChallenge(tokenHash: string, now?: number): Promise<PendingChallenge | null>;
}

/** The challenges kept over `sql`. */
export function challengeStore(sql: SqlClient): ChallengeStore {
  return {
    async saveChallenge(tokenHash, pending, now = Date.now()) {
      await sql.run('DELETE FROM studio_challenges WHERE expires_ms <= $1', [now]);
      await sql.run(
        'INSERT INTO studio_challenges (token_hash, challenge, purpose, subject, expires_ms) VALUES ($1, $2, $3, $4, $5)',
        [tokenHash, pending.challenge, pending.purpose, pending.subject, now + CHALLENGE_LIFETIME_MS],
      );
    },
    async takeChallenge(tokenHash, now = Date.now()) {
      const [row] = await sql.all<PendingChallenge & { expires_ms: number }>(
        'DELETE FROM studio_challenges WHERE token_hash = $1 RETURNING challenge, purpose, subject, expires_ms',
        [tokenHash],
      );
      if (!row || row.expires_ms <= now) return null;
      return { challenge: row.challenge, purpose: row.purpose, subject: row.subject };
    },
  };
}
