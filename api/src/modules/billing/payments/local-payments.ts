import { randomBytes } from 'node:crypto';
import type { PaymentsPort } from './payments-port';

/** The local checkout's session ids: unguessable, since the page is reached by its address alone. */
export const newLocalSessionId = () => `local_cs_${randomBytes(24).toString('base64url')}`;
export const isLocalSessionId = (id: string) => /^local_cs_[A-Za-z0-9_-]{32}$/.test(id);

export class LocalCheckoutRefused extends Error {}

/**
 * The local checkout: no card and no money, for development and demos. Its page is served by the
 * api (local-checkout.routes.ts) and its Pay button completes through the same fulfilment as
 * Stripe's webhook. It refuses to exist in production unless explicitly allowed.
 */
export function createLocalPayments(options: { publicApiUrl: string; production: boolean; allowedInProduction: boolean }): PaymentsPort {
  if (options.production && !options.allowedInProduction) {
    throw new LocalCheckoutRefused('The local checkout takes no money and is off in production; set STRIPE_SECRET_KEY, or LOCAL_CHECKOUT=1 to allow it.');
  }
  return {
    provider: 'local',
    async ensureCustomer() {
      return null;
    },
    async createCheckout() {
      const sessionId = newLocalSessionId();
      return { sessionId, url: `${options.publicApiUrl}/local-checkout/${sessionId}` };
    },
    async retrieveCheckout() {
      return null;
    },
    async cancelAtPeriodEnd() {
      // Nothing to tell: the local subscription row is the whole subscription.
    },
    async createPaymentCheckout() {
      const sessionId = newLocalSessionId();
      return { sessionId, url: `${options.publicApiUrl}/local-licence-checkout/${sessionId}` };
    },
    async retrievePaymentCheckout() {
      return null;
    },
    async refundPayment(_paymentId, key) {
      // No money was taken: the refund is our order's record alone.
      return { refundId: `local_re_${key}` };
    },
  };
}
