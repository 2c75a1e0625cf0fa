/** The limits every request route shares: how large a body may be, and the rate limits' window. */

/** The largest request body the server reads at all: the contact form's, whose message is the largest. */
export const MAX_REQUEST_BODY_BYTES = 16 * 1024;
/** The largest GraphQL POST body: a playlist query with its variables takes a fraction of it. */
export const MAX_GRAPHQL_BODY_BYTES = 8 * 1024;

/** The window the rate limits count requests in. */
export const MINUTE_MS = 60_000;
