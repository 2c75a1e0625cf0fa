/**
 * Validation rules that bound what one GraphQL document may ask for, so a single request
 * cannot make the server do unbounded work: a cap on aliases and on the total number of
 * fields selected, fragments included.
 */
import {
  BREAK,
  GraphQLError,
  Kind,
  visit,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

export const MAX_ALIASES = 10;
export const MAX_FIELDS = 100;

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
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return '"variables" must be an object.';
  }
  if (operationName != null && typeof operationName !== 'string') return '"operationName" must be a string.';
  return null;
}
