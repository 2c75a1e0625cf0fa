/**
 * The contact message's fields as the form and the server both know them: how long each may
 * be (the form's `maxlength`, the server's refusal) and the hidden field only bots fill in.
 * Imports nothing, so the browser's form can take it without the server's validation.
 */

export const NAME_MAX = 100;
/** The longest address SMTP can carry (RFC 5321's path limit, less its brackets). */
export const EMAIL_MAX = 254;
export const MESSAGE_MAX = 5000;

/** The hidden form field only bots fill in. */
export const HONEYPOT_FIELD = 'website';
