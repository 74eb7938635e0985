import { Router, type Response } from 'express';
import { DomainError } from '../../platform/errors';
import { refuseBody } from '../../platform/http/input-guards';
import type { BillingService } from './billing.service';
import { isLocalSessionId } from './payments/local-payments';
import { renderLocalCheckout } from './local-checkout.page';

/**
 * The local checkout, used when Stripe is not configured: a page of the api (like Stripe's hosted
 * page, reached by its unguessable address alone), whose Pay completes the subscription through
 * the same fulfilment as Stripe's webhook and sends the browser to the web app's /success.
 */
export function localCheckoutRoutes({ billing, productName, webOrigin }: { billing: BillingService; productName: string; webOrigin: string }): Router {
  const router = Router();
  const page = async (res: Response, id: string, status = 200, error?: string) => {
    const { session, plan } = await billing.localCheckout(id);
    res.status(status).type('html').send(
      renderLocalCheckout({
        productName,
        plan,
        amountCents: session.amountCents,
        currency: session.currency,
        status: session.status,
        payAction: `/local-checkout/${id}/pay`,
        cancelAction: `/local-checkout/${id}/cancel`,
        error,
      }),
    );
  };
  const notFound = (res: Response) => res.status(404).type('html').send('<!doctype html><title>Checkout not found</title><p>That checkout does not exist.</p>');

  router.get('/local-checkout/:id', async (req, res) => {
    if (!isLocalSessionId(req.params.id)) return void notFound(res);
    try {
      await page(res, req.params.id);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return void notFound(res);
      throw error;
    }
  });

  router.post('/local-checkout/:id/pay', refuseBody, async (req, res) => {
    const id = String(req.params.id);
    if (!isLocalSessionId(id)) return void notFound(res);
    try {
      await billing.payLocally(id);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return void notFound(res);
      if (error instanceof DomainError) return void (await page(res, id, error.status, error.message));
      throw error;
    }
    res.redirect(303, `${webOrigin}/success?session_id=${encodeURIComponent(id)}`);
  });

  router.post('/local-checkout/:id/cancel', refuseBody, async (req, res) => {
    const id = String(req.params.id);
    if (!isLocalSessionId(id)) return void notFound(res);
    try {
      await billing.abandonLocally(id);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return void notFound(res);
      throw error;
    }
    res.redirect(303, `${webOrigin}/subscriptions`);
  });

  return router;
}
