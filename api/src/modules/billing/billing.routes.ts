import { Router, json, type Request } from 'express';
import { z } from 'zod';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { requestToken } from '../../platform/http/current-user';
import { checkedBody } from '../../platform/http/input-guards';
import { parseInput } from '../../platform/validation';
import type { User } from '../accounts';
import type { BillingService } from './billing.service';

interface BillingRoutesDeps {
  readonly billing: BillingService;
  readonly verifier: TokenVerifier;
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
}

/** Like Stripe's API, a field it does not know is refused, not ignored. */
const checkoutBody = z.object({ price_id: z.string({ error: 'price_id is required.' }).max(100, 'price_id is not a plan.') }).strict();

/**
 * The documented subscription paths (requirements §L7), thin adapters over BillingService. GET
 * /subscription/level and /tokens_remaining are served with generation (beats.routes.ts).
 */
export function billingRoutes({ billing, verifier, resolveUser }: BillingRoutesDeps): Router {
  const router = Router();
  const authenticated = verifier.http({ required: true });
  const currentUser = (req: Request) => resolveUser(requestToken(req));

  router.post('/subscription-checkout-session', authenticated, checkedBody(json({ limit: '4kb' })), async (req, res) => {
    const { price_id } = parseInput(checkoutBody, req.body ?? {});
    const { checkoutUrl } = await billing.startCheckout(await currentUser(req), price_id);
    res.json({ checkoutUrl });
  });

  router.get('/get-session-details/:session_id', authenticated, async (req, res) => {
    res.json(await billing.sessionDetails(await currentUser(req), String(req.params.session_id)));
  });

  router.post('/cancel-subscription', authenticated, async (req, res) => {
    const { message, subscriptionType } = await billing.cancel(await currentUser(req));
    res.json({ message, subscription_type: subscriptionType });
  });

  return router;
}
