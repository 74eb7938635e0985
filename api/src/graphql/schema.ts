import { buildSchema } from 'type-graphql';
import { createPubSub } from '@graphql-yoga/subscription';
import type { GraphQLSchema } from 'graphql';
import { AccountsResolver } from '../modules/accounts/accounts.resolver';
import { CatalogResolver } from '../modules/catalog/catalog.resolver';
import { BeatsResolver } from '../modules/beats/beats.resolver';
import { BillingResolver } from '../modules/billing/billing.resolver';
import { DatasetResolver } from '../modules/catalog/dataset.resolver';
import { ShowcaseResolver } from '../modules/showcase/showcase.resolver';
import { ProducersResolver } from '../modules/producers/producers.resolver';
import { MyUploadsResolver } from '../modules/catalog/my-uploads.resolver';
import { EarningsResolver } from '../modules/earnings/earnings.resolver';
import { AdminResolver } from '../modules/admin/admin.resolver';
import { LicencesResolver } from '../modules/licences/licences.resolver';
import { AccessTokensResolver } from '../modules/access-tokens/access-tokens.resolver';
import { authChecker } from '../platform/graphql/auth-checker';

/** Every resolver of the api. The emitted schema.graphql is this schema, printed. */
export const RESOLVERS = [AccountsResolver, CatalogResolver, BeatsResolver, BillingResolver, DatasetResolver, ShowcaseResolver, ProducersResolver, MyUploadsResolver, EarningsResolver, AdminResolver, LicencesResolver, AccessTokensResolver] as const;

/** Builds the executable schema (code-first, type-graphql). */
export function buildApiSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: [...RESOLVERS],
    authChecker,
    authMode: 'error',
    validate: false,
    // type-graphql requires a pub/sub once a schema has subscriptions; ours stream from the event
    // bus through their own `subscribe` functions, so this one carries nothing.
    pubSub: createPubSub(),
  });
}
