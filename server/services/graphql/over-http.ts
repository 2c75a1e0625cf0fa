/**
 * GraphQL over HTTP's own media type, `application/graphql-response+json`, for the clients that
 * ask for it: a refused document is then 400 with no `data`, so the status tells a refused
 * request from one that ran. https://graphql.github.io/graphql-over-http/draft/#sec-application-graphql-response-json
 */
import Negotiator from 'negotiator';

export const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json';
const JSON_TYPE = 'application/json';

/** True when the Accept header prefers the GraphQL media type to plain JSON (no header: JSON). */
export function wantsGraphqlResponseJson(accept: string | undefined): boolean {
  return (
    new Negotiator({ headers: { accept } }).mediaType([JSON_TYPE, GRAPHQL_RESPONSE_JSON]) === GRAPHQL_RESPONSE_JSON
  );
}

interface Answer {
  data?: unknown;
  errors?: { path?: unknown }[];
}

/**
 * The status and body of an answer in `application/graphql-response+json`: a 200 whose errors
 * all came before execution (none has a `path`) and that has no data becomes a 400 without
 * `data`; anything else is unchanged.
 */
export function asGraphqlResponse(status: number, payload: string): { status: number; payload: string } {
  if (status !== 200) return { status, payload };
  let answer: Answer;
  try {
    answer = JSON.parse(payload) as Answer;
  } catch {
    return { status, payload };
  }
  const refused =
    answer.errors?.length && answer.data == null && answer.errors.every((error) => error.path === undefined);
  if (!refused) return { status, payload };
  return { status: 400, payload: JSON.stringify({ errors: answer.errors }) };
}
