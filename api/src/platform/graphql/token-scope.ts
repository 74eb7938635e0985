import { Extensions } from 'type-graphql';
import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { collectFields } from 'graphql/execution/collectFields';
import { getVariableValues } from 'graphql/execution/values';
import type { ApolloServerPlugin } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { checkTokenPolicy, type Delegation, type TokenPolicy } from '../auth/api-scopes';
import { DomainError } from '../errors';

const EXTENSION = 'tokenPolicy';

/**
 * Declares what a delegated credential (personal access token, device-flow token) needs to call a
 * query, mutation or subscription: one scope, or `public`. A root field without it is refused to
 * every delegated credential; a test checks that each root field of the schema says which it is.
 */
export const TokenScope = (policy: TokenPolicy) => Extensions({ [EXTENSION]: policy });

/** The policy a field declared, if any. */
export function tokenPolicyOf(field: GraphQLField<unknown, unknown>): TokenPolicy | undefined {
  return field.extensions?.[EXTENSION] as TokenPolicy | undefined;
}

function rootTypeOf(schema: GraphQLSchema, operation: OperationDefinitionNode): GraphQLObjectType | null | undefined {
  if (operation.operation === OperationTypeNode.MUTATION) return schema.getMutationType();
  if (operation.operation === OperationTypeNode.SUBSCRIPTION) return schema.getSubscriptionType();
  return schema.getQueryType();
}

function operationOf(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
}

/**
 * Refuses an operation whose root fields a delegated credential may not call, before anything runs
 * (so no field of a mutation runs when another is refused). Fragments and @skip/@include are read
 * as execution reads them. Operations graphql itself will refuse (unknown name, bad variables) are
 * left to it: they never run.
 */
export function checkOperationTokenScopes(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  delegation: Delegation | undefined,
): void {
  if (!delegation) return;
  const operation = operationOf(document, operationName);
  const root = operation && rootTypeOf(schema, operation);
  if (!operation || !root) return;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if (coerced.errors) return;
  const fragments = Object.fromEntries(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const fields = collectFields(schema, fragments, coerced.coerced, root, operation.selectionSet);
  const rootFields = root.getFields();
  for (const nodes of fields.values()) {
    const name = nodes[0].name.value;
    // __typename (and introspection, where enabled) tells nothing about the user.
    if (name.startsWith('__')) continue;
    const field = rootFields[name];
    if (field) checkTokenPolicy(delegation, tokenPolicyOf(field), name);
  }
}

/** A domain refusal as a GraphQL error that also sets the HTTP status (403 on GraphQL over HTTP). */
export function asHttpGraphQLError(error: DomainError): GraphQLError {
  const headers = new HeaderMap();
  return new GraphQLError(error.message, { extensions: { code: error.code, http: { status: error.status, headers } } });
}

/** Apollo's side of the check: a refused operation answers 403 FORBIDDEN naming the missing scope. */
export function tokenScopePlugin<C extends { readonly token: { readonly delegation?: Delegation } | null }>(schema: GraphQLSchema): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request, contextValue }) {
          try {
            checkOperationTokenScopes(schema, document, request.operationName, request.variables, contextValue.token?.delegation);
          } catch (error) {
            if (error instanceof DomainError) throw asHttpGraphQLError(error);
            throw error;
          }
        },
      };
    },
  };
}
