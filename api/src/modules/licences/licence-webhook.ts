import type { PaymentsPort } from '../billing';
import type { PaymentCheckoutEvents, WebhookOutcome } from '../billing';
import type { LicenceFulfilment } from './licence-fulfilment';
import type { ApplyOnce } from './licence-ports';

/**
 * Stripe's payment-mode checkout events, for billing's webhook. The session is read back from
 * Stripe (the truth, whatever order events arrive in) before the event is applied with its effects.
 */
export function licenceCheckoutEvents(deps: { payments: PaymentsPort; fulfilment: LicenceFulfilment; applyOnce: ApplyOnce }): PaymentCheckoutEvents {
  const record = async (event: { id: string; type: string }): Promise<WebhookOutcome> => {
    const result = await deps.applyOnce(event.id, event.type, async () => undefined);
    return result.applied ? 'ignored' : 'duplicate';
  };
  return {
    async completed(sessionId, event) {
      // A payment of another integration on the same Stripe account is none of ours.
      if (!(await deps.fulfilment.isOurs(sessionId))) return 'ignored';
      const session = await deps.payments.retrievePaymentCheckout(sessionId);
      // Unpaid yet (an asynchronous payment): its async_payment_succeeded event fulfils it.
      if (!session?.paid) return record(event);
      const outcome = await deps.fulfilment.fulfil(sessionId, session.paymentId, event);
      if (outcome === 'duplicate') return 'duplicate';
      return outcome === 'unknown' ? 'ignored' : 'processed';
    },
    async expired(sessionId, event) {
      if (!(await deps.fulfilment.isOurs(sessionId))) return 'ignored';
      return deps.fulfilment.expire(sessionId, event);
    },
  };
}
