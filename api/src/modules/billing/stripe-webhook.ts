import type Stripe from 'stripe';
import type { Logger } from '../../platform/logging/logger';
import type { BillingService } from './billing.service';
import type { Fulfilment } from './fulfilment';
import type { StripePayments } from './payments/stripe-payments';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/** Applies one-off (licence) checkout events: the licences module's, handed in by the composition root. */
export interface PaymentCheckoutEvents {
  /** A payment-mode checkout completed (or its asynchronous payment succeeded). */
  completed(sessionId: string, event: { id: string; type: string }): Promise<WebhookOutcome>;
  /** A payment-mode checkout expired unpaid. */
  expired(sessionId: string, event: { id: string; type: string }): Promise<WebhookOutcome>;
}

interface WebhookDeps {
  readonly stripe: StripePayments;
  readonly paymentCheckouts?: PaymentCheckoutEvents;
  readonly billing: BillingService;
  readonly fulfilment: Fulfilment;
  readonly logger: Logger;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** The subscription an invoice bills (API 2025+ keeps it under parent.subscription_details). */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  // Older API versions put it on the invoice itself.
  return idOf((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);
}

/**
 * Applies one verified Stripe event. The subscription's state is read back from Stripe (the truth,
 * whatever order events arrive in) before a transaction that records the event id together with
 * its effects, so an event applies once however often, or however concurrently, it is delivered.
 * A failure throws: nothing is recorded and Stripe delivers the event again.
 */
export async function applyStripeEvent(event: Stripe.Event, deps: WebhookDeps): Promise<WebhookOutcome> {
  const { stripe, billing, fulfilment } = deps;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // One-off payments (licences) are not subscriptions; their own handler applies them.
      if (session.mode === 'payment') return deps.paymentCheckouts ? deps.paymentCheckouts.completed(session.id, event) : 'ignored';
      if (session.mode !== 'subscription') return 'ignored';
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      const subscriptionId = idOf(session.subscription);
      // An asynchronous payment is fulfilled by its async_payment_succeeded event.
      if (!paid || !subscriptionId) return record(deps, event);
      const subscription = await stripe.retrieveSubscription(subscriptionId);
      const result = await billing.fulfil(session.id, subscription, event);
      return result === 'duplicate' ? 'duplicate' : 'processed';
    }
    case 'checkout.session.expired': {
      // The next click on this plan then opens a new checkout instead of replaying this one's key.
      const session = event.data.object;
      if (session.mode === 'payment') return deps.paymentCheckouts ? deps.paymentCheckouts.expired(session.id, event) : 'ignored';
      if (session.mode !== 'subscription') return 'ignored';
      const result = await fulfilment.once(event.id, event.type, (em) =>
        em.execute(`update checkout_sessions set status = 'expired' where id = ? and status = 'open'`, [session.id]),
      );
      return result.applied ? 'processed' : 'duplicate';
    }
    case 'invoice.paid': {
      const subscriptionId = invoiceSubscription(event.data.object);
      if (!subscriptionId) return record(deps, event);
      const subscription = await stripe.retrieveSubscription(subscriptionId);
      const result = await fulfilment.once(event.id, event.type, (em) => fulfilment.applySubscription(em, subscription, true));
      return result.applied ? 'processed' : 'duplicate';
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = await stripe.retrieveSubscription(event.data.object.id);
      const result = await fulfilment.once(event.id, event.type, (em) => fulfilment.applySubscription(em, subscription, false));
      return result.applied ? 'processed' : 'duplicate';
    }
    default:
      return 'ignored';
  }
}

/** Records an event that needs no effect, so a redelivery is recognised. */
async function record({ fulfilment }: WebhookDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  const result = await fulfilment.once(event.id, event.type, async () => undefined);
  return result.applied ? 'ignored' : 'duplicate';
}
