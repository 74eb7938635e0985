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
import { EarningsChartsResolver } from '../modules/earnings/charts/earnings-charts.resolver';
import { AdminChartsResolver } from '../modules/admin/charts/admin-charts.resolver';
import { AdminResolver } from '../modules/admin/admin.resolver';
import { LicencesResolver } from '../modules/licences/licences.resolver';
import { AccessTokensResolver } from '../modules/access-tokens/access-tokens.resolver';
import { SupportResolver } from '../modules/support/support.resolver';
import { SharingResolver } from '../modules/sharing/sharing.resolver';
import { authChecker } from '../platform/graphql/auth-checker';

/** Every resolver of the api. The emitted schema.graphql is this schema, printed. */
export const RESOLVERS = [AccountsResolver, CatalogResolver, BeatsResolver, BillingResolver, DatasetResolver, ShowcaseResolver, ProducersResolver, MyUploadsResolver, EarningsResolver, EarningsChartsResolver, AdminResolver, AdminChartsResolver, LicencesResolver, AccessTokensResolver, SupportResolver, SharingResolver] as const;

/** type-graphql names the root types itself and takes no description for them: they are set here. */
const ROOT_DESCRIPTIONS = {
  query: 'Reads. Public ones need no token; the rest answer UNAUTHENTICATED without a valid bearer token.',
  mutation: 'Changes. Every one needs a valid bearer token except where a field says otherwise.',
  subscription: 'Live events over graphql-ws at the same /graphql address (the token goes in connection_init).',
} as const;

/** Builds the executable schema (code-first, type-graphql). */
export async function buildApiSchema(): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers: [...RESOLVERS],
    authChecker,
    authMode: 'error',
    validate: false,
    // type-graphql requires a pub/sub once a schema has subscriptions; ours stream from the event
    // bus through their own `subscribe` functions, so this one carries nothing.
    pubSub: createPubSub(),
  });
  const roots = { query: schema.getQueryType(), mutation: schema.getMutationType(), subscription: schema.getSubscriptionType() };
  for (const [kind, type] of Object.entries(roots)) if (type) type.description = ROOT_DESCRIPTIONS[kind as keyof typeof roots];
  return schema;
}
