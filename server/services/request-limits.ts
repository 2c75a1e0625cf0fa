/** The largest request body the server reads (the contact form's message is the largest). */
export const MAX_BODY_BYTES = 16 * 1024;
