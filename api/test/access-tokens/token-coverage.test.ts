import 'reflect-metadata';
import { parse, type GraphQLObjectType } from 'graphql';
import type { Express } from 'express';
import { buildApiSchema } from '../../src/graphql/schema';
import { checkOperationTokenScopes, tokenPolicyOf } from '../../src/platform/graphql/token-scope';
import { API_SCOPES, type ApiScope, type Delegation } from '../../src/platform/auth/api-scopes';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerProducer } from '../support/producers';
import { createToken, restCall } from './support';

/**
 * Every query, mutation and subscription, and every REST route, either names the scope a token
 * needs (or is public) or is refused to tokens. A new field or route must be added to one of these
 * lists, so none can reach tokens by omission.
 */
const SESSIONS_ONLY_FIELDS = [
  'accessTokens', 'accessTokenActivity', 'createAccessToken', 'extendAccessToken', 'revokeAccessToken',
  'adminAuditLog', 'adminBeatOrders', 'adminProducers', 'adminRefundOrder', 'adminRefundSubscriptionPayment', 'adminSubscriptionPayments',
  'adminSubscriptionStats', 'adminSubscriptions', 'adminTotals', 'adminUpdateTokens', 'adminUsers', 'adminCharts',
  'cancelSubscription', 'checkoutSession', 'createCheckoutSession', 'expressDashboard', 'payoutOnboardingLink', 'producerAgreement',
  'producerSignup', 'resendEmailConfirmation', 'saveProducerContract', 'saveProducerPricing', 'syncUser', 'updateProducerAccount', 'updateProfile',
  // Support (issue 30): the Inbox and refund decisions are staff's; a refund request is a billing change.
  'supportInbox', 'replyToSupportMessage', 'setSupportMessageStatus', 'approveRefundRequest', 'declineRefundRequest', 'requestRefund',
];

/** Routes that take no bearer token at all: public pages, webhooks (signed), the identity provider's pages. */
const UNAUTHENTICATED_ROUTES = [
  'GET /healthz', 'GET /client-config', 'GET /schema.graphql',
  'GET /local-checkout/:id', 'POST /local-checkout/:id/pay', 'POST /local-checkout/:id/cancel',
  'GET /local-licence-checkout/:id', 'POST /local-licence-checkout/:id/pay', 'POST /local-licence-checkout/:id/cancel',
  'GET /local-payouts/:id/onboarding', 'POST /local-payouts/:id/onboarding', 'GET /local-payouts/:id/dashboard',
  // A shared beat's public link page and its picture (for crawlers and people without an account), and
  // its audio, whose signed, expiring address is the credential (sharing.routes.ts).
  'GET /s/:share_id', 'GET /s/:share_id/waveform.png', 'GET /shared-beats/:share_id/audio',
  // Mounted under /oidc (the built-in identity provider) and /media (signed URLs).
  'GET /assets/interaction.css', 'GET /interaction/:uid', 'GET /interaction/:uid/register', 'GET /interaction/:uid/login',
  'POST /interaction/:uid/login', 'POST /interaction/:uid/register', 'GET /confirm-email', 'GET /device', 'POST /device',
];

const delegation = (scopes: readonly ApiScope[]): Delegation => ({ via: 'access-token', scopes: new Set(scopes), tokenId: 'test' });

describe('GraphQL: every root field declares what a token needs', () => {
  it('maps each field to a scope or public, or lists it as sessions-only, and enforces exactly that', async () => {
    const schema = await buildApiSchema();
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean) as GraphQLObjectType[];
    const unmapped: string[] = [];
    for (const root of roots) {
      const keyword = root === schema.getMutationType() ? 'mutation' : root === schema.getSubscriptionType() ? 'subscription' : 'query';
      for (const field of Object.values(root.getFields())) {
        const policy = tokenPolicyOf(field);
        const document = parse(`${keyword} { ${field.name} }`);
        const check = (scopes: readonly ApiScope[]) => () => checkOperationTokenScopes(schema, document, undefined, {}, delegation(scopes));
        if (policy === undefined) {
          unmapped.push(field.name);
          expect(check(API_SCOPES)).toThrow(`Access tokens cannot use ${field.name}; sign in to the web app instead.`);
        } else if (policy === 'public') {
          expect(check([])).not.toThrow();
        } else {
          expect(API_SCOPES).toContain(policy);
          expect(check(API_SCOPES.filter((s) => s !== policy))).toThrow(`This token lacks the scope ${policy}.`);
          expect(check([policy])).not.toThrow();
        }
        // A browser session is never limited by scopes.
        expect(() => checkOperationTokenScopes(schema, document, undefined, {}, undefined)).not.toThrow();
      }
    }
    expect(unmapped.sort()).toEqual([...SESSIONS_ONLY_FIELDS].sort());
  });
});

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: { tokenPolicy?: string } }[] };
  handle: { stack?: RouteLayer[] };
}

function routesOf(stack: RouteLayer[]): { key: string; path: string; method: string; policy?: string }[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const policy = layer.route.stack.map((l) => l.handle.tokenPolicy).find(Boolean);
      return Object.keys(layer.route.methods).map((method) => ({ key: `${method.toUpperCase()} ${layer.route!.path}`, path: layer.route!.path, method: method.toUpperCase(), policy }));
    }
    return layer.handle.stack ? routesOf(layer.handle.stack) : [];
  });
}

describe('REST: every route declares what a token needs', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp({ ACCESS_TOKEN_RATE_LIMIT_PER_MINUTE: '10000' });
  });
  afterAll(() => test?.close());

  it('has a bearer policy on each authenticated route, and every route answers tokens as declared', async () => {
    const app = test.app.httpServer.listeners('request')[0] as Express & { router: { stack: RouteLayer[] } };
    const routes = routesOf(app.router.stack);
    expect(routes.length).toBeGreaterThan(40);
    const withoutBearer = routes.filter((r) => !r.policy).map((r) => r.key);
    expect(withoutBearer.filter((key) => !UNAUTHENTICATED_ROUTES.includes(key))).toEqual([]);

    // A producer's token with every scope, and one with none of the route's.
    const producer = await registerProducer(test, 'coverage');
    const all = await createToken(test, producer.accessToken, { scopes: [...API_SCOPES] });
    const tokens = new Map<ApiScope, string>();
    for (const scope of API_SCOPES) {
      tokens.set(scope, (await createToken(test, producer.accessToken, { scopes: API_SCOPES.filter((s) => s !== scope) })).secret);
    }
    const pathOf = (path: string) => path.replace(/:([a-z_]+)/g, (_m, name: string) => (name === 'kind' ? 'drums' : '00000000-0000-0000-0000-000000000000'));
    for (const route of routes.filter((r) => r.policy)) {
      if (route.policy === 'sessions-only') {
        const answer = await restCall(test, route.method, pathOf(route.path), all.secret);
        expect({ route: route.key, status: answer.status }).toEqual({ route: route.key, status: 403 });
        expect(String(answer.body.error)).toContain('Access tokens cannot');
      } else if (route.policy !== 'per-operation' && route.policy !== 'public') {
        const answer = await restCall(test, route.method, pathOf(route.path), tokens.get(route.policy as ApiScope)!);
        expect({ route: route.key, status: answer.status, error: answer.body.error }).toEqual({ route: route.key, status: 403, error: `This token lacks the scope ${route.policy}.` });
      }
    }
  });
});
