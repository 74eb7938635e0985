import { buildSchema, graphql, type ExecutionResult } from 'graphql';
import schemaSdl from '../../../../../schema.graphql?raw';
import { PLANS } from '../../../../../api/src/modules/billing/plans';
import { servedPlan } from '../../../../../api/src/modules/billing/plan-features';
import { FakeBackend, gqlError } from '../../../test/fake-backend';

const schema = buildSchema(schemaSdl);
const BILLING_OPERATIONS = new Set(['Plans', 'MySubscription', 'CreateCheckoutSession', 'CheckoutSession', 'CancelSubscription']);

export interface FakeCheckoutSession {
  customerName: string | null;
  customerEmail: string | null;
  amountTotal: number | null;
  currency: string | null;
  paymentStatus: string;
  subscriptionId: string | null;
}

/**
 * The fake network of the web tests, plus the billing operations answered as the api does (plans
 * from the api's own plan list, checkout, the success page's session, cancellation).
 */
export class BillingBackend extends FakeBackend {
  /** Replaces the default answer to createCheckoutSession (e.g. to throw). */
  onCreateCheckout: ((priceId: string) => { checkoutUrl: string; sessionId: string }) | null = null;
  /** The sessions checkoutSession knows, by id. */
  sessions = new Map<string, FakeCheckoutSession>();
  /** Replaces the default cancelSubscription behaviour (e.g. to throw). */
  onCancel: (() => { message: string; subscriptionType: string }) | null = null;
  /** Holds an operation's answer until the promise settles (to see a page while it loads). */
  readonly gates = new Map<string, Promise<void>>();
  /** A checkout session's details once the checkout is "paid": the api then grants the plan's tokens. */
  grantOnSessionRead: { level: number; tokens: number } | null = null;

  constructor() {
    super();
    // FakeBackend's fetch is an instance arrow: wrap it, answering the billing operations first.
    const base = this.fetch;
    (this as unknown as { fetch: FakeBackend['fetch'] }).fetch = (input, init) => this.billingFetch(input, init, base);
  }

  private async billingFetch(input: RequestInfo | URL, init: RequestInit = {}, base: FakeBackend['fetch']): Promise<Response> {
    const body = typeof init.body === 'string' && init.body.startsWith('{') ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    if (!body || !BILLING_OPERATIONS.has(String(body.operationName))) return base(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init.headers);
    this.requests.push({ method: 'POST', url, path: '/graphql', headers, credentials: init.credentials, body });
    await this.gates.get(String(body.operationName));
    const signedIn = headers.has('authorization');
    const requireUser = () => {
      if (!signedIn) throw gqlError('You must be signed in.', 'UNAUTHENTICATED');
    };
    const rootValue = {
      plans: () => PLANS.map((plan) => servedPlan(plan, schema)),
      mySubscription: () => {
        requireUser();
        return {
          level: this.user.subscriptionLevel, subscriptionType: this.user.subscriptionType, tokensRemaining: this.user.tokensRemaining,
          tokensRefreshAt: null, provider: null, status: null, cancelAtPeriodEnd: false, currentPeriodEnd: null,
        };
      },
      createCheckoutSession: ({ priceId }: { priceId: string }) => {
        requireUser();
        if (this.onCreateCheckout) return this.onCreateCheckout(priceId);
        return { checkoutUrl: `http://api.test/local-checkout/local_cs_${priceId}`, sessionId: `local_cs_${priceId}` };
      },
      checkoutSession: ({ sessionId }: { sessionId: string }) => {
        requireUser();
        const session = this.sessions.get(sessionId);
        if (!session) throw gqlError('That checkout does not exist.', 'NOT_FOUND');
        if (this.grantOnSessionRead) {
          const plan = PLANS.find((p) => p.level === this.grantOnSessionRead!.level)!;
          this.user = { ...this.user, subscriptionLevel: plan.level, subscriptionType: plan.name, tokensRemaining: this.grantOnSessionRead.tokens };
        }
        return session;
      },
      cancelSubscription: () => {
        requireUser();
        if (this.onCancel) return this.onCancel();
        this.user = { ...this.user, subscriptionLevel: 1, subscriptionType: 'Free' };
        return { message: 'Subscription cancelled successfully.', subscriptionType: 'Free' };
      },
    };
    const result: ExecutionResult = await graphql({
      schema,
      source: String(body.query),
      variableValues: body.variables as Record<string, unknown> | undefined,
      operationName: body.operationName as string,
      rootValue,
    });
    return new Response(JSON.stringify(result), { status: 200, headers: { 'content-type': 'application/graphql-response+json' } });
  }
}
