import { Router, raw } from 'express';
import type Stripe from 'stripe';
import type { Logger } from '../../platform/logging/logger';
import type { StripePayouts } from './payouts/stripe-payouts';
import type { ProducersService } from './producers.service';

export type ConnectWebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Applies one verified Connect event: `account.updated` (the account's state, read back) and
 * `account.application.deauthorized` (the producer disconnected us: nothing more is sent there, their
 * earnings are held until they connect an account again).
 */
export async function applyConnectEvent(event: Stripe.Event, producers: ProducersService): Promise<ConnectWebhookOutcome> {
  if (event.type === 'account.application.deauthorized') {
    return event.account ? producers.payoutEvents.applyDeauthorization({ id: event.id, type: event.type }, event.account) : 'ignored';
  }
  if (event.type !== 'account.updated') return 'ignored';
  return producers.payoutEvents.applyAccountEvent({ id: event.id, type: event.type }, event.data.object.id);
}

/**
 * POST /stripe/connect/webhook: Stripe's Connect events (`account.updated`), on their own endpoint
 * and signing secret as Stripe sends them. Mounted before any JSON parser (the signature covers
 * the raw bytes). A bad or stale signature answers 400 and changes nothing; a failure answers 500
 * and records nothing, so Stripe delivers the event again; a redelivery applies nothing.
 */
export function connectWebhookRoutes(deps: { stripe: StripePayouts; producers: ProducersService; logger: Logger }): Router {
  const router = Router();
  router.post('/stripe/connect/webhook', raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const signature = req.get('stripe-signature');
    if (!signature || !Buffer.isBuffer(req.body)) {
      res.status(400).json({ error: 'Missing Stripe-Signature header or body.' });
      return;
    }
    let event: Stripe.Event;
    try {
      event = deps.stripe.constructEvent(req.body, signature);
    } catch {
      res.status(400).json({ error: 'Invalid Stripe signature.' });
      return;
    }
    try {
      const outcome = await applyConnectEvent(event, deps.producers);
      deps.logger.info({ event: event.id, type: event.type, outcome }, 'stripe connect event');
      res.json({ received: true, outcome });
    } catch (error) {
      deps.logger.error({ err: error, event: event.id, type: event.type }, 'stripe connect event failed; Stripe will retry');
      res.status(500).json({ error: 'The event could not be applied; it will be retried.' });
    }
  });
  return router;
}
