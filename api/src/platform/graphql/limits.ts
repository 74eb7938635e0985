import { GraphQLError, type DocumentNode, type GraphQLSchema, type ValidationRule } from 'graphql';
import depthLimit from 'graphql-depth-limit';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import type { ApolloServerPlugin } from '@apollo/server';

export interface OperationLimits {
  /** Validation rules for every transport (HTTP and WebSocket). */
  readonly validationRules: ValidationRule[];
  /** Throws QUERY_TOO_COMPLEX when an operation's estimated cost exceeds the limit. */
  checkCost(document: DocumentNode, variables?: Record<string, unknown>, operationName?: string | null): void;
  /** The cost check as an Apollo plugin (the HTTP path). */
  readonly apolloPlugin: ApolloServerPlugin;
}

/**
 * Depth and cost limits (OWASP GraphQL cheat sheet): every field costs 1 unless its type-graphql
 * `complexity` says otherwise, and lists multiply by their requested size where resolvers declare it.
 */
export function createOperationLimits(schema: GraphQLSchema, limits: { maxDepth: number; maxCost: number }): OperationLimits {
  const checkCost: OperationLimits['checkCost'] = (document, variables, operationName) => {
    const cost = getComplexity({
      schema,
      query: document,
      variables: variables ?? {},
      operationName: operationName ?? undefined,
      estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
    });
    if (cost > limits.maxCost) {
      throw new GraphQLError(`The query is too complex (cost ${cost}, limit ${limits.maxCost}).`, {
        extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 } },
      });
    }
  };
  return {
    validationRules: [depthLimit(limits.maxDepth)],
    checkCost,
    apolloPlugin: {
      async requestDidStart() {
        return {
          async didResolveOperation({ request, document }) {
            checkCost(document, request.variables, request.operationName);
          },
        };
      },
    },
  };
}
