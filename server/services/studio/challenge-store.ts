/** The WebAuthn challenges waiting for their answer, each kept under its cookie token's hash. */
import { CHALLENGE_LIFETIME_MS } from './lifetimes.ts';
import type { Db } from '../stores/database.ts';
import { saveExpiring } from './expiring-rows.ts';

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

/** The challenges kept in `db`. */
export function challengeStore(db: Db): ChallengeStore {
  return {
    saveChallenge: (tokenHash, pending, now = Date.now()) =>
      saveExpiring(db, 'studio_challenges', now, {
        token_hash: tokenHash,
        challenge: pending.challenge,
        purpose: pending.purpose,
        subject: pending.subject,
        expires_ms: now + CHALLENGE_LIFETIME_MS,
      }),
    async takeChallenge(tokenHash, now = Date.now()) {
      const row = await db
        .deleteFrom('studio_challenges')
        .where('token_hash', '=', tokenHash)
        .returning(['challenge', 'purpose', 'subject', 'expires_ms'])
        .executeTakeFirst();
      if (!row || row.expires_ms <= now) return null;
      return { challenge: row.challenge, purpose: row.purpose, subject: row.subject };
    },
  };
}
