/** How long the studio's short-lived things last: invitations and WebAuthn challenges. */

/** An invitation link works for a day, once. */
export const INVITATION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A challenge must be answered within five minutes, once. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

/** A session's two limits: since its last request, and since it began. */
export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}
