/**
 * What bounds one GraphQL document, so a single request cannot make the server do unbounded
 * work: caps on its tokens and bracket nesting checked before it is parsed, then validation
 * rules capping aliases and the total number of fields selected, fragments included.
 */
import {
  BREAK,
  GraphQLError,
  Kind,
  Lexer,
  Location,
  Source,
  TokenKind,
  visit,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

export const MAX_ALIASES = 10;
export const MAX_FIELDS = 100;
/**
 * Tokens in one document: the site's queries have about 30, and a document within the other
 * limits (100 fields, 10 aliases, their arguments) fewer than 1,000. Also bounds the memory a
 * parsed document holds (each token is kept, linked to the next).
 */
export const MAX_TOKENS = 1_000;
/**
 * Brackets `{`, `[` and `(` open at once: a query within the depth limit needs about 10.
 * graphql-js parses recursively, and a few thousand levels overflow its stack.
 */
export const MAX_NESTING = 32;

/**
 * Documents Mercurius keeps parsed and validated, and as many refused with their errors: the
 * site sends about ten different ones. A kept document holds all its tokens (up to ~250 KB
 * at MAX_TOKENS), so Mercurius's default of 1,024 of each let unique hostile documents pin
 * gigabytes; 64 of each bound them to ~30 MB.
 */
export const CACHED_DOCUMENTS = 64;
/**
 * Uses of a kept document before it is compiled (graphql-jit): the site's own queries reach
 * it within seconds, while a document sent only a few times is not worth compiling (each
 * compiled one holds its own code).
 */
export const JIT_AFTER_USES = 10;
/**
 * Validation errors reported for one document (graphql-js's default is 100): a client's
 * mistake makes a few, and a kept document keeps its errors, each with its stack.
 */
export const MAX_VALIDATION_ERRORS = 10;

/** The tokens that open and close a level of brackets. */
export const OPENING = new Set<TokenKind>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
export const CLOSING = new Set<TokenKind>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/**
 * Why a document's text must not be parsed (too many tokens, brackets nested too deep), or
 * null. One linear pass of graphql-js's own lexer, which reads strings, block strings and
 * comments exactly as the parser will, so no bracket hidden in them counts or hides one. A
 * text the lexer cannot read throws its syntax error, as parsing it would.
 */
export function documentTextProblem(text: string): GraphQLError | null {
  const source = new Source(text);
  const lexer = new Lexer(source);
  let tokens = 0;
  let nesting = 0;
  for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
    tokens += 1;
    if (tokens > MAX_TOKENS) {
      return new GraphQLError(`Query too large: at most ${MAX_TOKENS} tokens are allowed.`, {
        source,
        positions: [token.start],
      });
    }
    if (OPENING.has(token.kind)) {
      nesting += 1;
      if (nesting > MAX_NESTING) {
        return new GraphQLError(`Query nested too deeply: at most ${MAX_NESTING} levels of brackets are allowed.`, {
          source,
          positions: [token.start],
        });
      }
    } else if (CLOSING.has(token.kind)) {
      nesting -= 1;
    }
  }
  return null;
}

/**
 * True for a document graphql-js parsed. When parsing fails, Mercurius tries the text as JSON
 * and takes what comes out (`null`, `42`, any object) for a ready-made document, which then
 * fails deep inside graphql-js with internal messages; JSON cannot make a Location.
 */
export const isParsedDocument = (document: unknown): document is DocumentNode =>
  typeof document === 'object' &&
  document !== null &&
  (document as Partial<DocumentNode>).kind === Kind.DOCUMENT &&
  (document as Partial<DocumentNode>).loc instanceof Location;

/** At most MAX_ALIASES aliased fields in the whole document. */
export function maxAliasesRule(context: ValidationContext): ASTVisitor {
  let aliases = 0;
  return {
    Field(node) {
      if (!node.alias) return;
      aliases += 1;
      if (aliases === MAX_ALIASES + 1) {
        context.reportError(new GraphQLError(`Too many aliases: at most ${MAX_ALIASES} are allowed.`, { nodes: node }));
      }
    },
  };
}

/** At most MAX_FIELDS fields selected by each operation, counting each fragment spread in full. */
export function maxFieldsRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }

  /** Counts fields, stopping early past the limit; a fragment cycle counts as over it. */
  function count(selectionSet: SelectionSetNode, seen: ReadonlySet<string>, budget: number): number {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (total > budget) break;
      if (selection.kind === Kind.FIELD) {
        total += 1;
        if (selection.selectionSet) total += count(selection.selectionSet, seen, budget - total);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += count(selection.selectionSet, seen, budget - total);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (seen.has(name)) return budget + 1;
        if (fragment) total += count(fragment.selectionSet, new Set([...seen, name]), budget - total);
      }
    }
    return total;
  }

  return {
    OperationDefinition(node) {
      if (count(node.selectionSet, new Set(), MAX_FIELDS) > MAX_FIELDS) {
        context.reportError(
          new GraphQLError(`Query too large: at most ${MAX_FIELDS} fields are allowed.`, { nodes: node }),
        );
      }
    },
  };
}

/**
 * True when a document holds more field nodes than any acceptable operation selects: checked
 * in one linear pass before validation, because graphql-js's check that same-named fields can
 * merge is quadratic and would otherwise run on thousands of repeated fields before the
 * rules above could refuse them. (Fragments must all be used, so a valid document never has
 * more field nodes than its operations select.)
 */
export function hasTooManyFieldNodes(document: DocumentNode): boolean {
  let fields = 0;
  visit(document, {
    Field() {
      fields += 1;
      return fields > MAX_FIELDS ? BREAK : undefined;
    },
  });
  return fields > MAX_FIELDS;
}

/** Why a GraphQL POST body is not a request at all (wrong JSON types), or null when it is one. */
export function requestBodyProblem(body: unknown, contentType: string | undefined): string | null {
  // `Content-Type: application/graphql` carries the bare document.
  if (contentType?.toLowerCase().startsWith('application/graphql')) return null;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'The request body must be a JSON object with a query.';
  }
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string') return '"query" must be a string.';
  if (!isVariables(variables)) return VARIABLES_PROBLEM;
  if (operationName != null && typeof operationName !== 'string') return '"operationName" must be a string.';
  return null;
}

const VARIABLES_PROBLEM = '"variables" must be an object.';

/** Variables are a JSON object (a map of names to values), or none. */
const isVariables = (variables: unknown) =>
  variables == null || (typeof variables === 'object' && !Array.isArray(variables));

/**
 * Why a GraphQL GET's parameters are not a request (`variables` that is not a JSON object), or
 * null. Repeated parameters are left to the route's schema, which refuses them.
 */
export function requestQueryProblem(query: unknown): string | null {
  const { variables } = query as Record<string, unknown>;
  // An empty `variables=` is no JSON either: Mercurius would hand the empty string on to
  // graphql-js, which throws on it.
  if (typeof variables !== 'string') return null;
  try {
    return isVariables(JSON.parse(variables)) ? null : VARIABLES_PROBLEM;
  } catch {
    return '"variables" must be a JSON object.';
  }
}
