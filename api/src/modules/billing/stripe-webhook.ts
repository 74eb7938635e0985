import type Stripe from 'stripe';
import type { Logger } from '../../platform/logging/logger';
import type { BillingService } from './billing.service';
import type { Fulfilment, SubscriptionPaymentRecord } from './fulfilment';
import type { StripePayments } from './payments/stripe-payments';
import type { ProviderRefund, ProviderRefunds } from '../earnings';

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
  /** Licence refunds and lost disputes reported by Stripe (the earnings module; the licences module may handle them). */
  readonly refunds?: ProviderRefunds;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** The subscription an invoice bills (API 2025+ keeps it under parent.subscription_details). */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  // Older API versions put it on the invoice itself.
  return idOf((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);
}

/** What a refund of an invoice is made against: its payment intent (API 2025+ under payments), else its charge. */
function invoiceRefundReference(invoice: Stripe.Invoice): string | null {
  const paid = invoice.payments?.data?.find((p) => p.status === 'paid') ?? invoice.payments?.data?.[0];
  const fromPayments = idOf(paid?.payment?.payment_intent) ?? idOf(paid?.payment?.charge);
  if (fromPayments) return fromPayments;
  const legacy = invoice as unknown as { payment_intent?: string | { id: string } | null; charge?: string | { id: string } | null };
  return idOf(legacy.payment_intent) ?? idOf(legacy.charge);
}

/** The payment a paid invoice records (its amount paid, in cents). */
export function invoicePayment(invoice: Stripe.Invoice, created: number): SubscriptionPaymentRecord | null {
  if (!invoice.id) return null;
  return {
    providerPaymentId: invoice.id,
    refundReference: invoiceRefundReference(invoice),
    amountCents: invoice.amount_paid,
    currency: invoice.currency,
    paidAt: new Date((invoice.status_transitions?.paid_at ?? created) * 1000),
  };
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
      // The checkout's first invoice, when Stripe names it; its invoice.paid records the same payment once.
      const invoiceId = idOf(session.invoice);
      const payment = invoiceId && session.amount_total != null
        ? { providerPaymentId: invoiceId, refundReference: null, amountCents: session.amount_total, currency: session.currency ?? 'usd', paidAt: new Date(event.created * 1000) }
        : undefined;
      const result = await billing.fulfil(session.id, subscription, event, payment);
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
      const payment = invoicePayment(event.data.object, event.created);
      const result = await fulfilment.once(event.id, event.type, async (em) => {
        const applied = await fulfilment.applySubscription(em, subscription, true);
        if (applied && payment) await fulfilment.recordPayment(em, subscription, payment);
        return applied;
      });
      return result.applied ? 'processed' : 'duplicate';
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = await stripe.retrieveSubscription(event.data.object.id);
      const result = await fulfilment.once(event.id, event.type, (em) => fulfilment.applySubscription(em, subscription, false));
      return result.applied ? 'processed' : 'duplicate';
    }
    case 'charge.refunded': {
      if (!deps.refunds) return 'ignored';
      const charge = event.data.object;
      const orderId = orderOfCharge(charge);
      if (!orderId) return record(deps, event);
      // Every refund of the charge (Stripe no longer embeds them): each is taken once by its id, whichever event or path brings it.
      const list = await stripe.client.refunds.list({ charge: charge.id, limit: 100 });
      const refunds: ProviderRefund[] = list.data
        .filter((r) => r.status === 'succeeded' || r.status === 'pending')
        .map((r) => ({ orderId, refundId: r.id, refundedCents: r.amount, reason: 'admin' }));
      return deps.refunds.apply(event, refunds);
    }
    case 'charge.dispute.closed': {
      if (!deps.refunds) return 'ignored';
      const dispute = event.data.object;
      if (dispute.status !== 'lost') return record(deps, event);
      const chargeId = idOf(dispute.charge);
      const charge = chargeId ? await stripe.client.charges.retrieve(chargeId) : null;
      const orderId = charge ? orderOfCharge(charge) : null;
      if (!orderId) return record(deps, event);
      return deps.refunds.apply(event, [{ orderId, refundId: dispute.id, refundedCents: dispute.amount, reason: 'dispute' }]);
    }
    case 'transfer.reversed':
    case 'transfer.updated': {
      if (!deps.refunds) return 'ignored';
      const transfer = event.data.object;
      return deps.refunds.transferEvent(event, { id: transfer.id, amountReversed: transfer.amount_reversed });
    }
    default:
      return 'ignored';
  }
}

/** The licence order a charge paid for: its metadata's order_id (set at checkout), else its transfer group. */
function orderOfCharge(charge: Stripe.Charge): string | null {
  return charge.metadata?.order_id || charge.transfer_group || null;
}

/** Records an event that needs no effect, so a redelivery is recognised. */
async function record({ fulfilment }: WebhookDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  const result = await fulfilment.once(event.id, event.type, async () => undefined);
  return result.applied ? 'ignored' : 'duplicate';
}
