/**
 * Which operation of a document a GET request runs, and whether GET may run it, decided from
 * the document's top-level tokens before Mercurius parses it. Mercurius makes that choice for a
 * GET only after parsing, and fails with an internal error when no operation is chosen (two
 * operations and no operationName, an unknown operationName) or turns its own refusal of a
 * mutation into one. POST needs none of this: graphql-js reports the same mistakes itself.
 */
import { GraphQLError, Lexer, Source, TokenKind } from 'graphql';
import mercurius from 'mercurius';
import { CLOSING, OPENING } from './limits.ts';

type OperationType = 'query' | 'mutation' | 'subscription';

interface Operation {
  type: OperationType;
  name: string | undefined;
}

const OPERATION_TYPES = new Set<string>(['query', 'mutation', 'subscription']);

/**
 * The operations a document defines, read from the tokens at its top level (a definition ends
 * where its selection set closes). Null when the text is not an executable document the lexer
 * can read: the parser and validation then say what is wrong with it.
 */
export function operationsOf(text: string): Operation[] | null {
  const lexer = new Lexer(new Source(text));
  const operations: Operation[] = [];
  let nesting = 0;
  // True from a definition's first token until its selection set closes.
  let inDefinition = false;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (!inDefinition && nesting === 0) {
        inDefinition = true;
        if (token.kind === TokenKind.BRACE_L) {
          operations.push({ type: 'query', name: undefined });
        } else if (token.kind === TokenKind.NAME && OPERATION_TYPES.has(token.value)) {
          const next = lexer.lookahead();
          const name = next.kind === TokenKind.NAME ? next.value : undefined;
          operations.push({ type: token.value as OperationType, name });
        } else if (token.kind !== TokenKind.NAME || token.value !== 'fragment') {
          return null;
        }
      }
      if (OPENING.has(token.kind)) nesting += 1;
      else if (CLOSING.has(token.kind)) {
        nesting -= 1;
        if (nesting === 0 && token.kind === TokenKind.BRACE_R) inDefinition = false;
      }
    }
  } catch {
    return null;
  }
  return operations;
}

/** The header a refused GET of a mutation carries: the method that may run it. */
export const ALLOW_FOR_OPERATIONS = 'POST';

/**
 * Why a GET (or HEAD) must not run this document, or null: no operation is chosen (graphql-js's
 * own messages, a GraphQL error like any other), or the chosen one is not a query (405: a GET
 * must never change anything).
 */
export function getOperationProblem(text: string, operationName: string | null | undefined): Error | null {
  const operations = operationsOf(text);
  if (!operations) return null;
  let chosen: Operation | undefined;
  if (operationName == null) {
    if (operations.length !== 1) {
      return new GraphQLError(
        operations.length === 0
          ? 'Must provide an operation.'
          : 'Must provide operation name if query contains multiple operations.',
      );
    }
    chosen = operations[0];
  } else {
    chosen = operations.find((operation) => operation.name === operationName);
    if (!chosen) return new GraphQLError(`Unknown operation named "${operationName}".`);
  }
  if (chosen?.type === 'query') return null;
  return new mercurius.ErrorWithProps(
    `Can only perform a ${String(chosen?.type)} operation from a ${ALLOW_FOR_OPERATIONS} request.`,
    { code: 'METHOD_NOT_ALLOWED' },
    405,
  );
}
