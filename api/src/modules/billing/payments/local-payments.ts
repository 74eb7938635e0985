import { createHash, createHmac, randomBytes } from 'node:crypto';
import { paymentCheckoutKey, subscriptionCheckoutKey, type PaymentsPort } from './payments-port';

/** The local checkout's session ids (24 bytes of an HMAC, base64url): unguessable, since the page is reached by its address alone. */
export const isLocalSessionId = (id: string) => /^local_cs_[A-Za-z0-9_-]{32}$/.test(id);

export class LocalCheckoutRefused extends Error {}

export interface LocalPaymentsOptions {
  readonly publicApiUrl: string;
  readonly production: boolean;
  readonly allowedInProduction: boolean;
  /**
   * The secret a session id is derived from with its idempotency key (the install's, kept in the
   * database, so every instance and restart answers a key with the same session). Without it, one
   * random secret for this process.
   */
  readonly keySecret?: () => Promise<string>;
}

/**
 * The local checkout: no card and no money, for development and demos. Its page is served by the
 * api (local-checkout.routes.ts) and its Pay button completes through the same fulfilment as
 * Stripe's webhook. It refuses to exist in production unless explicitly allowed.
 *
 * Like Stripe, it honours the idempotency key of a checkout: the same key is the same session, so
 * two clicks on one plan open one checkout, not two payable ones. The session id is an HMAC of the
 * key, unguessable without the secret (the page is reached by its address alone).
 */
export function createLocalPayments(options: LocalPaymentsOptions): PaymentsPort {
  if (options.production && !options.allowedInProduction) {
    throw new LocalCheckoutRefused('The local checkout takes no money and is off in production; set STRIPE_SECRET_KEY, or LOCAL_CHECKOUT=1 to allow it.');
  }
  const processSecret = randomBytes(32).toString('base64url');
  let secret: Promise<string> | null = null;
  const sessionIdFor = async (key: string) => {
    secret ??= options.keySecret ? options.keySecret() : Promise.resolve(processSecret);
    const digest = createHmac('sha256', await secret.catch((error: unknown) => {
      secret = null;
      throw error;
    })).update(key).digest();
    return `local_cs_${digest.subarray(0, 24).toString('base64url')}`;
  };
  return {
    provider: 'local',
    async ensureCustomer() {
      return null;
    },
    async createCheckout(request) {
      const sessionId = await sessionIdFor(subscriptionCheckoutKey(request));
      return { sessionId, url: `${options.publicApiUrl}/local-checkout/${sessionId}` };
    },
    async retrieveCheckout() {
      return null;
    },
    async cancelAtPeriodEnd() {
      // Nothing to tell: the local subscription row is the whole subscription.
    },
    async createPaymentCheckout(request) {
      const sessionId = await sessionIdFor(paymentCheckoutKey(request));
      return { sessionId, url: `${options.publicApiUrl}/local-licence-checkout/${sessionId}` };
    },
    async retrievePaymentCheckout() {
      return null;
    },
    async paymentCharge() {
      return null;
    },
    async refundPayment(_paymentId, key) {
      // No money moved, so none moves back; the id is the key's, so a repeated key answers the same refund.
      return { refundId: `local_re_${createHash('sha256').update(key).digest('hex').slice(0, 24)}` };
    },
  };
}
