/** How long the studio's short-lived things last: invitations and WebAuthn challenges. */

/** An invitation link works for a day, once. */
export const INVITATION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A challenge must be answered within five minutes, once. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

/**
 * A step-up (a signed-in person proving a passkey again) allows one change of their passkeys,
 * within two minutes: enough to answer the next prompt, too short to be kept for later.
 */
export const STEP_UP_LIFETIME_MS = 2 * 60 * 1000;

/** How often sessions past their lifetimes are deleted, whether presented again or not. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** A session's two limits: since its last request, and since it began. */
export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}
