/**
 * How the GraphQL route refuses hostile requests before they cost much: the Mercurius options
 * that bound a document (limits.ts), turn batching off and introspection off in
 * production, and the checks of the request's parameters and of the document's text.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ValidationRule } from 'graphql';
import mercurius, { type MercuriusOptions } from 'mercurius';
import {
  CACHED_DOCUMENTS,
  documentTextProblem,
  hasTooManyFieldNodes,
  isParsedDocument,
  JIT_AFTER_USES,
  MAX_FIELDS,
  MAX_TOKENS,
  MAX_VALIDATION_ERRORS,
  maxAliasesRule,
  maxFieldsRule,
  requestBodyProblem,
  requestQueryProblem,
} from './limits.ts';
import { ALLOW_FOR_OPERATIONS, getOperationProblem } from './operations.ts';
import { MAX_GRAPHQL_BODY_BYTES } from '../http/request-limits.ts';

const MAX_QUERY_DEPTH = 5;

/** The Mercurius options that bound what one request may make the server do. */
export function hardenedOptions(development: boolean): Partial<MercuriusOptions> {
  const rules: ValidationRule[] = [maxAliasesRule, maxFieldsRule];
  if (!development) rules.push(NoSchemaIntrospectionCustomRule);
  return {
    queryDepth: MAX_QUERY_DEPTH,
    // What is kept per document is bounded (see limits.ts): a small cache, and a
    // compiled function (graphql-jit, about twice as fast) only for the documents the site
    // sends over and over.
    cache: CACHED_DOCUMENTS,
    jit: JIT_AFTER_USES,
    validationRules: rules,
    graphql: {
      // Also checked before parsing (addDocumentChecks); here it guards the parser itself.
      parseOptions: { maxLexicalTokens: MAX_TOKENS },
      validateOptions: { maxErrors: MAX_VALIDATION_ERRORS },
    },
    allowBatchedQueries: false,
    csrfPrevention: true,
  };
}

/**
 * The route's own options: a small body limit, and a preValidation that runs before Fastify's
 * schema coerces types (42 into "42", ["{…}"] into "{…}") and before Mercurius takes a
 * non-string query for a ready-parsed document. Bad parameters get 400; over GET, variables
 * must be a JSON object, the operation is chosen as graphql-js would (a GraphQL error when none
 * is), and only a query runs (405 with `Allow`). A GET or HEAD that will run is then handed to
 * `willRun`.
 */
export function hardenedRouteOptions(
  willRun: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
) {
  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') {
      const problem = requestQueryProblem(request.query);
      if (problem) return reply.code(400).send({ data: null, errors: [{ message: problem }] });
      const { query, operationName } = request.query as Record<string, unknown>;
      if (typeof query !== 'string') return undefined;
      const refused = getOperationProblem(query, typeof operationName === 'string' ? operationName : undefined);
      // The 405 (not a query) names the method that may run it; a GraphQL error needs nothing.
      if (refused instanceof mercurius.ErrorWithProps) reply.header('Allow', ALLOW_FOR_OPERATIONS);
      if (refused) throw refused;
      return willRun(request, reply);
    }
    // GraphQL over HTTP allows `"extensions": null` (and no extensions are used here);
    // Mercurius's body schema wants an object, so a null one is simply left out.
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === 'object' && body['extensions'] === null) delete body['extensions'];
    const problem = requestBodyProblem(request.body, request.headers['content-type']);
    if (problem) return reply.code(400).send({ data: null, errors: [{ message: problem }] });
    return undefined;
  };
  return { bodyLimit: MAX_GRAPHQL_BODY_BYTES, preValidation };
}

/** Refuses a document whose text or parsed form is too large, before it is validated. */
export function addDocumentChecks(app: FastifyInstance): void {
  app.graphql.addHook('preParsing', async (_schema, source) => {
    const problem = documentTextProblem(source);
    if (problem) throw problem;
  });
  app.graphql.addHook('preValidation', async (_schema, document) => {
    if (!isParsedDocument(document)) throw new GraphQLError('Syntax Error: the query is not a GraphQL document.');
    if (hasTooManyFieldNodes(document)) {
      throw new GraphQLError(`Query too large: at most ${MAX_FIELDS} fields are allowed.`);
    }
  });
}
