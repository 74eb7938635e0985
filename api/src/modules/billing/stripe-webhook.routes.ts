import { Router, raw } from 'express';
import type { Logger } from '../../platform/logging/logger';
import type { BillingService } from './billing.service';
import type { Fulfilment } from './fulfilment';
import type { StripePayments } from './payments/stripe-payments';
import { applyStripeEvent, type PaymentCheckoutEvents } from './stripe-webhook';
import type { ProviderRefunds } from '../earnings';

/**
 * POST /stripe/webhook. Mounted before any JSON parser: the signature covers the raw bytes. A bad
 * or stale (over 300 s) signature answers 400 and changes nothing; a failure while applying answers
 * 500, records nothing, and Stripe delivers the event again.
 */
export function stripeWebhookRoutes(deps: { stripe: StripePayments; billing: BillingService; fulfilment: Fulfilment; logger: Logger; refunds?: ProviderRefunds; paymentCheckouts?: PaymentCheckoutEvents }): Router {
  const router = Router();
  router.post('/stripe/webhook', raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const signature = req.get('stripe-signature');
    if (!signature || !Buffer.isBuffer(req.body)) {
      res.status(400).json({ error: 'Missing Stripe-Signature header or body.' });
      return;
    }
    let event;
    try {
      event = deps.stripe.constructEvent(req.body, signature);
    } catch {
      res.status(400).json({ error: 'Invalid Stripe signature.' });
      return;
    }
    try {
      const outcome = await applyStripeEvent(event, deps);
      deps.logger.info({ event: event.id, type: event.type, outcome }, 'stripe event');
      res.json({ received: true, outcome });
    } catch (error) {
      // Whatever failed (Stripe unreachable, the database), Stripe must deliver the event again.
      deps.logger.error({ err: error, event: event.id, type: event.type }, 'stripe event failed; Stripe will retry');
      res.status(500).json({ error: 'The event could not be applied; it will be retried.' });
    }
  });
  return router;
}
