/**
 * How `/graphql` answers errors: every one, thrown before the query ran or met while it ran,
 * goes through `formatErrors`, which gives each kind of error one status and never shows the
 * text of a failure of the server's own.
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { GraphQLError, type ExecutionResult, type FormattedExecutionResult, type GraphQLFormattedError } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';

/**
 * The kinds of error, with statuses as GraphQL over HTTP gives them for `application/json`:
 * - `request`: not a GraphQL request at all (a body that is not JSON, too large, sent too
 *   often, a cross-site request without a preflight): its own 4xx.
 * - `graphql`: a well-formed request whose document is refused (syntax, validation,
 *   introspection in production, our caps on size and depth, mistyped variables) or whose
 *   query fails as it runs: 200 with an `errors` list, so clients have one rule, read
 *   `errors`. (`application/graphql-response+json` makes a refused document 400 instead:
 *   over-http.ts.)
 * - `internal`: the server's own failure: 500, logged, and the caller reads only that
 *   something went wrong (not 'Maximum call stack size exceeded', not a file name).
 */
type Kind = 'request' | 'graphql' | 'internal';

/** The status of each kind of error; a request error carries its own 4xx. */
const STATUS: Record<Exclude<Kind, 'request'>, number> = { graphql: 200, internal: 500 };

export const INTERNAL_ERROR = 'Internal server error.';
/** For a request refused with a 4xx by code whose message was not written for callers. */
const INVALID_REQUEST = 'The request is not a valid GraphQL request.';

/** Mercurius's errors about the document rather than the request (they carry status 500). */
const MERCURIUS_DOCUMENT_ERRORS = new Set(['MER_ERR_GQL_QUERY_DEPTH']);

interface Sorted {
  kind: Kind;
  status: number;
  error: GraphQLFormattedError;
}

interface ThrownFields {
  code?: unknown;
  statusCode?: unknown;
  errors?: unknown;
}

const isClientError = (status: unknown): status is number =>
  typeof status === 'number' && status >= 400 && status < 500;

/** Errors whose message was written for the caller: graphql-js's, ours, and Fastify's. */
const isWrittenForCallers = (error: Error) =>
  error instanceof GraphQLError || error instanceof mercurius.ErrorWithProps || error.name === 'FastifyError';

/** Logs a failure of the server's own and says only that something went wrong. */
function hidden(error: unknown, log: FastifyBaseLogger, path?: GraphQLError['path']): GraphQLFormattedError {
  log.error({ err: error }, 'graphql request failed');
  return { message: INTERNAL_ERROR, ...(path ? { path } : {}) };
}

const internal = (error: unknown, log: FastifyBaseLogger): Sorted => ({
  kind: 'internal',
  status: STATUS.internal,
  error: hidden(error, log),
});

/** Sorts one error thrown before the query ran. */
function sortThrown(error: unknown, log: FastifyBaseLogger): Sorted[] {
  if (!(error instanceof Error)) return [internal(error, log)];
  const { code, statusCode, errors } = error as Error & ThrownFields;
  // Mercurius wraps parse, validation and depth errors, and a body its schema refused, in one
  // error listing them.
  if (Array.isArray(errors)) return errors.flatMap((inner) => sortThrown(inner, log));
  const written = isWrittenForCallers(error);
  if (isClientError(statusCode)) {
    return [{ kind: 'request', status: statusCode, error: { message: written ? error.message : INVALID_REQUEST } }];
  }
  if (error instanceof GraphQLError) return [{ kind: 'graphql', status: STATUS.graphql, error: error.toJSON() }];
  if (
    (written && typeof code === 'string' && MERCURIUS_DOCUMENT_ERRORS.has(code)) ||
    error instanceof mercurius.ErrorWithProps
  ) {
    return [{ kind: 'graphql', status: STATUS.graphql, error: { message: error.message } }];
  }
  return [internal(error, log)];
}

/** Sorts one error of an execution result. */
function sort(error: GraphQLError, log: FastifyBaseLogger): Sorted[] {
  const original = error.originalError;
  // Raised while the query ran (it has a path): a field error, whatever else the answer holds.
  // A resolver's own error is meant for the caller; any other may name files or internals.
  if (error.path) {
    const shown = !original || original instanceof GraphQLError || original instanceof mercurius.ErrorWithProps;
    return [
      { kind: 'graphql', status: STATUS.graphql, error: shown ? error.toJSON() : hidden(original, log, error.path) },
    ];
  }
  // graphql-js's own error about another of its own (a variable's value refused by its scalar)
  // says more than the inner one; any other original is what was thrown, wrapped by Mercurius.
  return sortThrown(!original || original instanceof GraphQLError ? error : original, log);
}

/** Mercurius's `errorFormatter`: the status and body of an answer with errors. */
export function formatErrors(
  execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>,
  context: MercuriusContext,
): { statusCode: number; response: FormattedExecutionResult } {
  // A query run with app.graphql() outside a request has no reply.
  const log = (context.reply as FastifyReply | undefined)?.log ?? context.app.log;
  const sorted = execution.errors.flatMap((error) => sort(error, log));
  // The worst kind decides: our own failure, then a request refused, then a GraphQL error.
  const worst =
    sorted.find((entry) => entry.kind === 'internal') ?? sorted.find((entry) => entry.kind === 'request') ?? sorted[0];
  return {
    statusCode: worst?.status ?? STATUS.graphql,
    response: { data: execution.data ?? null, errors: sorted.map((entry) => entry.error) },
  };
}
