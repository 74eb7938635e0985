import type { Plan } from '../plans';
import type { SubscriptionStatus } from '../subscription.entity';

/** A subscription as the payment provider holds it: what fulfilment and the webhooks apply. */
export interface ProviderSubscription {
  readonly provider: 'stripe' | 'local';
  /** sub_... at Stripe, local_sub_... for the local checkout. */
  readonly id: string;
  readonly customerId: string | null;
  /** Our user, from the subscription's metadata (null when the provider does not say). */
  readonly userId: string | null;
  readonly level: number;
  readonly status: SubscriptionStatus;
  readonly cancelAtPeriodEnd: boolean;
  readonly periodStart: Date;
  readonly periodEnd: Date;
}

/** GET /get-session-details/{session_id} (requirements §L3 "Session details"). */
export interface SessionDetails {
  readonly customer_details: { readonly name: string | null; readonly email: string | null };
  readonly amount_total: number | null;
  readonly currency: string | null;
  readonly payment_status: string;
  readonly subscription: string | null;
}

/** A checkout as the provider reports it; `paidSubscription` is set once it can be fulfilled. */
export interface ProviderCheckout {
  readonly details: SessionDetails;
  readonly paidSubscription: ProviderSubscription | null;
}

export interface CheckoutCustomer {
  readonly userId: string;
  readonly email: string;
  readonly name: string;
}

export interface StartCheckout {
  readonly customer: CheckoutCustomer;
  readonly plan: Plan;
  /** How many checkouts this user started before: with the plan, the idempotency key of this one. */
  readonly attempt: number;
  readonly successUrl: string;
  readonly cancelUrl: string;
}

/** The idempotency key of a subscription checkout: the same user, plan and attempt is the same checkout. */
export const subscriptionCheckoutKey = (request: StartCheckout): string => `checkout-${request.customer.userId}-${request.plan.level}-${request.attempt}`;

/** A one-off payment (a licence): the amount is computed by us and sent as the line's price. */
export interface StartPaymentCheckout {
  /** Our order: the idempotency key of the checkout, and in its metadata. */
  readonly orderId: string;
  readonly customer: CheckoutCustomer;
  readonly amountCents: number;
  readonly currency: 'usd';
  /** The line's product name, e.g. "Advanced Lease: Dark trap beat". */
  readonly description: string;
  /** What the provider keeps with the session and its payment (beat, tier, buyer, order). */
  readonly metadata: Readonly<Record<string, string>>;
  readonly successUrl: string;
  readonly cancelUrl: string;
}

/** The idempotency key of a licence order's checkout: one order, one checkout. */
export const paymentCheckoutKey = (request: StartPaymentCheckout): string => `licence-order-${request.orderId}`;

/** A one-off checkout as the provider reports it. */
export interface ProviderPayment {
  readonly sessionId: string;
  readonly status: 'open' | 'complete' | 'expired';
  /** True once the money was taken. */
  readonly paid: boolean;
  /** The provider's payment (pi_...), what a refund names. */
  readonly paymentId: string | null;
  readonly amountTotal: number | null;
  readonly currency: string | null;
  readonly metadata: Readonly<Record<string, string>>;
}

/**
 * Where subscriptions are paid. Stripe when configured; otherwise a local checkout that takes no
 * money. Both complete through the same fulfilment code (fulfilment.ts).
 */
export interface PaymentsPort {
  readonly provider: 'stripe' | 'local';
  /** The user's customer at the provider (created once, idempotently); null for the local checkout. */
  ensureCustomer(customer: CheckoutCustomer, known: string | null): Promise<string | null>;
  /** Starts a checkout: the provider's session id and the page the browser goes to. */
  createCheckout(request: StartCheckout, customerId: string | null): Promise<{ sessionId: string; url: string }>;
  /** The provider's view of a checkout; null for the local checkout, whose record is our own row. */
  retrieveCheckout(sessionId: string): Promise<ProviderCheckout | null>;
  /** Stops renewal at the end of the paid period. `key` is derived from our subscription row. */
  cancelAtPeriodEnd(providerSubscriptionId: string, key: string): Promise<void>;
  /**
   * The charge behind a paid one-off payment and the provider's processing fee on it (Stripe: the
   * payment intent's latest charge and its balance transaction's fee); null for the local checkout.
   */
  paymentCharge(paymentId: string): Promise<{ chargeId: string; feeCents: number } | null>;
  /** Starts a one-off payment checkout (Stripe Checkout in payment mode); idempotent per order. */
  createPaymentCheckout(request: StartPaymentCheckout, customerId: string | null): Promise<{ sessionId: string; url: string }>;
  /** The provider's view of a one-off checkout; null for the local checkout, whose record is our own row. */
  retrievePaymentCheckout(sessionId: string): Promise<ProviderPayment | null>;
  /**
   * Refunds a payment in full (Stripe: a payment intent `pi_...` or a charge `ch_...`). Idempotent by
   * `key`: the same key refunds once and answers the same refund.
   */
  refundPayment(paymentId: string, key: string): Promise<{ refundId: string }>;
}
