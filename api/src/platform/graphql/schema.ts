import { buildSchema } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import { AccountsResolver } from '../../modules/accounts/accounts.resolver';
import { CatalogResolver } from '../../modules/catalog/catalog.resolver';
import { authChecker } from './auth-checker';

/** Every resolver of the api. The emitted schema.graphql is this schema, printed. */
export const RESOLVERS = [AccountsResolver, CatalogResolver] as const;

/** Builds the executable schema (code-first, type-graphql). */
export function buildApiSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: [...RESOLVERS],
    authChecker,
    authMode: 'error',
    validate: false,
  });
}
