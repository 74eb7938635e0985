import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { TransferRefused, type NewPayoutAccount, type PayoutAccountState, type PayoutsPort } from './payouts-port';
import { callProvider } from '../../../platform/provider-call';

export interface StripePayoutsOptions {
  readonly secretKey: string;
  /** Signing secret of the Connect webhook endpoint (account.updated). */
  readonly connectWebhookSecret: string;
  readonly apiUrl?: string;
}

export const CONNECT_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripePayouts extends PayoutsPort {
  readonly provider: 'stripe';
  constructEvent(rawBody: Buffer, signature: string): Stripe.Event;
  stateOf(account: Stripe.Account): PayoutAccountState;
}

const calling = <T>(action: string, call: () => Promise<T>): Promise<T> => callProvider('Stripe', action, call);

/** Stripe errors that another try cannot fix; everything else (network, 5xx, rate limits, locks) is retried. */
const RETRYABLE_CODES = new Set(['balance_insufficient', 'lock_timeout', 'rate_limit']);
const isPermanent = (error: unknown): boolean => {
  const e = error as { type?: string; rawType?: string; code?: string };
  if (e.code && RETRYABLE_CODES.has(e.code)) return false;
  // Stripe's own error type decides (the SDK files every 400 as an invalid request): an api_error is Stripe's fault and passes.
  if (e.rawType === 'api_error') return false;
  return e.type === 'StripeInvalidRequestError' || e.type === 'StripePermissionError' || e.type === 'StripeAuthenticationError' || e.type === 'StripeIdempotencyError';
};

const transferCall = async <T>(action: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw new TransferRefused(`Stripe ${action} failed: ${error instanceof Error ? error.message : String(error)}`, isPermanent(error), { cause: error });
  }
};

const stateOf = (account: Stripe.Account): PayoutAccountState => ({
  detailsSubmitted: Boolean(account.details_submitted),
  chargesEnabled: Boolean(account.charges_enabled),
  payoutsEnabled: Boolean(account.payouts_enabled),
  requirementsDue: [...(account.requirements?.currently_due ?? [])],
  disabledReason: account.requirements?.disabled_reason ?? null,
});

/**
 * Stripe Connect Express: one account per producer (created under an idempotency key derived from
 * our producer row and what is sent), account links for onboarding, login links for the Express
 * dashboard, and the account read back for its state.
 */
export function createStripePayouts(options: StripePayoutsOptions): StripePayouts {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const client = new Stripe(options.secretKey, {
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'YSM' },
  });

  const params = (account: NewPayoutAccount): Stripe.AccountCreateParams => {
    const [year, month, day] = account.birthDate.split('-').map(Number);
    return {
      type: 'express',
      email: account.email,
      business_type: 'individual',
      individual: { first_name: account.firstName, last_name: account.lastName, email: account.email, dob: { day, month, year } },
      business_profile: { name: account.producerName, product_description: 'Music loops licensed through YSM beats' },
      capabilities: { transfers: { requested: true } },
      metadata: { user_id: account.userId, producer_id: account.producerId },
    };
  };

  return {
    provider: 'stripe',
    constructEvent: (rawBody, signature) => client.webhooks.constructEvent(rawBody, signature, options.connectWebhookSecret, CONNECT_WEBHOOK_TOLERANCE_SECONDS),
    stateOf,

    async createAccount(account, key) {
      const body = params(account);
      // The same producer sending the same details gets the same account (a retry after a failure);
      // different details make a different key, never Stripe's "reused key" error.
      const digest = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
      const created = await calling('account creation', () => client.accounts.create(body, { idempotencyKey: `${key}-${digest}` }));
      return { id: created.id, state: stateOf(created) };
    },

    async onboardingLink(accountId, urls) {
      const link = await calling('account link creation', () =>
        client.accountLinks.create({ account: accountId, refresh_url: urls.refreshUrl, return_url: urls.returnUrl, type: 'account_onboarding' }),
      );
      return link.url;
    },

    async dashboardLink(accountId) {
      const link = await calling('login link creation', () => client.accounts.createLoginLink(accountId));
      return link.url;
    },

    async retrieveAccount(accountId) {
      return stateOf(await calling('account retrieval', () => client.accounts.retrieve(accountId)));
    },

    async createTransfer(request) {
      const transfer = await transferCall('transfer', () =>
        client.transfers.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            destination: request.accountId,
            transfer_group: request.orderId,
            ...(request.chargeId ? { source_transaction: request.chargeId } : {}),
            metadata: { order_id: request.orderId, producer_id: request.producerId },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { id: transfer.id };
    },

    async createTransferReversal(request) {
      const reversal = await transferCall('transfer reversal', () =>
        client.transfers.createReversal(
          request.transferId,
          { amount: request.amountCents, metadata: { refund_id: request.refundId } },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { id: reversal.id };
    },
  };
}

export const isStripePayouts = (payouts: PayoutsPort): payouts is StripePayouts => payouts.provider === 'stripe';
