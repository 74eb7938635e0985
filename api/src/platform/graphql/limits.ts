import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Lexer,
  parse,
  Source,
  TokenKind,
  visit,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { LRUCache } from 'lru-cache';
import { findUnsafeText, unsafeTextMessage } from '../text-safety';
import { measureDocument, type OperationMeasure } from './document-measure';

export interface GraphQLLimitSettings {
  readonly maxDepth: number;
  readonly maxCost: number;
  readonly maxAliases: number;
  readonly maxDirectives: number;
  readonly maxTokens: number;
  /** Fields once every fragment spread is written out in full. */
  readonly maxNodes: number;
}

export interface OperationLimits {
  /** For graphql's `parse` (a backstop: `checkSource` refuses a longer document first). */
  readonly parseOptions: { readonly maxTokens: number };
  /** Refuses a document of more than `maxTokens` tokens, before it is parsed. */
  checkSource(source: string): void;
  /** Refuses variables holding control characters or invalid Unicode. */
  checkVariables(variables: unknown): void;
  /**
   * Depth, aliases, directives and nodes of every operation, fragment cycles, and string literals:
   * what depends on the document alone, so it runs once before validation (and not again for a
   * cached document).
   */
  checkDocument(document: DocumentNode): void;
  /** The cost of the operation that will run, which depends on its variables (list sizes). */
  checkCost(document: DocumentNode, variables?: Record<string, unknown> | null, operationName?: string | null): void;
  /**
   * Everything but the cost, in order, before validation: tokens, variables' text, parse, then the
   * document's limits and literals. Throws the first refusal; returns the parsed document (the same
   * object for the same text while it is remembered: treat it as read-only, as graphql does).
   */
  checkOperation(request: { query: string; variables?: unknown }): DocumentNode;
  /** The cost check on the HTTP path, as an Apollo plugin (the rest runs in `graphqlInputGuard` first). */
  readonly apolloPlugin: ApolloServerPlugin;
}

/**
 * Documents already accepted, by their text: clients send the same few queries again and again, and
 * the checks before validation (lexing to count tokens, parsing, measuring) depend on the text
 * alone, so an accepted text is not checked again. Bounded by the texts' total length; a refused
 * document is never kept.
 */
const ACCEPTED_DOCUMENTS_MAX_CHARS = 4 * 1024 * 1024;

const refused = (message: string, limit: string) =>
  new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit, http: { status: 400 } } });
const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });

function countTokensUpTo(source: string, max: number): number {
  const lexer = new Lexer(new Source(source));
  let count = 0;
  try {
    while (lexer.advance().kind !== TokenKind.EOF) if (++count > max) break;
  } catch {
    // A syntax error: the parser reports it.
  }
  return count;
}

/**
 * The OWASP GraphQL cheat sheet's limits, each computed in one linear pass with fragments measured
 * once (document-measure.ts), on HTTP (graphqlInputGuard before Apollo, the cost in Apollo's
 * didResolveOperation) and WebSocket (websocket-server.ts) alike, all before graphql's own validation.
 * Every refusal is a 400 GRAPHQL_VALIDATION_FAILED (limits) or BAD_USER_INPUT (text) with
 * `extensions.limit` naming the limit.
 */
export function createOperationLimits(schema: GraphQLSchema, limits: GraphQLLimitSettings): OperationLimits {
  const checkSource = (source: string) => {
    const tokens = countTokensUpTo(source, limits.maxTokens);
    if (tokens > limits.maxTokens) throw refused(`The query is too long (more than ${limits.maxTokens} tokens).`, 'tokens');
  };

  const checkVariables = (variables: unknown) => {
    const found = findUnsafeText(variables);
    if (found) throw badInput(unsafeTextMessage(found, 'variable'));
  };

  const checkMeasure = (measure: OperationMeasure) => {
    if (measure.nodes > limits.maxNodes) {
      throw refused(`The query selects too many fields once its fragments are expanded (${measure.nodes}, limit ${limits.maxNodes}).`, 'nodes');
    }
    if (measure.depth > limits.maxDepth) throw refused(`The query is too deep (depth ${measure.depth}, limit ${limits.maxDepth}).`, 'depth');
    if (measure.aliases > limits.maxAliases) throw refused(`The query uses too many aliases (${measure.aliases}, limit ${limits.maxAliases}).`, 'aliases');
    if (measure.directives > limits.maxDirectives) {
      throw refused(`The query uses too many directives (${measure.directives}, limit ${limits.maxDirectives}).`, 'directives');
    }
  };

  const checkDocument = (document: DocumentNode) => {
    const { operations, cycles } = measureDocument(schema, document);
    if (cycles.length) throw refused(`Cannot spread fragment "${cycles[0].fragment}" within itself.`, 'cycle');
    for (const measure of operations.values()) checkMeasure(measure);
    let literal: string | undefined;
    visit(document, {
      StringValue(node) {
        if (literal === undefined && findUnsafeText(node.value)) literal = node.value;
      },
    });
    if (literal !== undefined) throw badInput(unsafeTextMessage(findUnsafeText(literal)!, 'text in the query'));
  };

  const accepted = new LRUCache<string, DocumentNode>({ maxSize: ACCEPTED_DOCUMENTS_MAX_CHARS, sizeCalculation: (_document, query) => Math.max(1, query.length) });
  /**
   * The cost of an operation without variables depends on its document alone. Apollo hands its
   * plugins the same document object for the same text (its parsed-document cache), so the cost is
   * kept with that object and goes with it.
   */
  const fixedCosts = new WeakMap<OperationDefinitionNode, number>();

  const checkCost: OperationLimits['checkCost'] = (document, variables, operationName) => {
    const operation = getOperationAST(document, operationName ?? undefined);
    if (!operation) return;
    const fixed = !operation.variableDefinitions?.length;
    let cost = fixed ? fixedCosts.get(operation) : undefined;
    if (cost === undefined) {
      const { operations } = measureDocument(schema, document, coercedVariables(schema, operation, variables ?? {}));
      cost = operations.get(operation)?.cost ?? 0;
      if (fixed) fixedCosts.set(operation, cost);
    }
    if (cost > limits.maxCost) throw refused(`The query is too complex (cost ${cost}, limit ${limits.maxCost}).`, 'cost');
  };

  return {
    parseOptions: { maxTokens: limits.maxTokens },
    checkSource,
    checkVariables,
    checkDocument,
    checkCost,
    checkOperation(request) {
      const known = accepted.get(request.query);
      if (!known) checkSource(request.query);
      checkVariables(request.variables);
      if (known) return known;
      const document = parse(request.query, { maxTokens: limits.maxTokens });
      checkDocument(document);
      accepted.set(request.query, document);
      return document;
    },
    apolloPlugin: {
      async requestDidStart() {
        return {
          // Apollo answers 400 for an error thrown here (an error thrown before validation is a 500).
          async didResolveOperation({ request, document }) {
            checkCost(document, request.variables, request.operationName);
          },
        };
      },
    },
  };
}

/** Variables as the operation will see them; unreadable ones are left raw (execution refuses them). */
function coercedVariables(schema: GraphQLSchema, operation: OperationDefinitionNode, inputs: Record<string, unknown>): Record<string, unknown> {
  if (!operation.variableDefinitions?.length) return {};
  const result = getVariableValues(schema, operation.variableDefinitions, inputs, { maxErrors: 1 });
  return result.coerced ?? inputs;
}
