import { Router, type Response } from 'express';
import { DomainError } from '../../platform/errors';
import { refuseBody } from '../../platform/http/input-guards';
import { isLocalSessionId } from '../billing';
import { TIER_TITLES } from './lease-tiers';
import { renderLocalLicenceCheckout } from './local-licence-checkout.page';
import type { LicencesService } from './licences.service';

/**
 * The local checkout of a licence (no Stripe configured): a page reached by its unguessable address,
 * whose Pay fulfils the order through the same code as Stripe's webhook and sends the browser to
 * the web app's /success.
 */
export function localLicenceCheckoutRoutes({ licences, productName, webOrigin }: { licences: LicencesService; productName: string; webOrigin: string }): Router {
  const router = Router();
  const page = async (res: Response, id: string, status = 200, error?: string) => {
    const order = await licences.localOrder(id);
    res.status(status).type('html').send(renderLocalLicenceCheckout({
      productName,
      tierTitle: TIER_TITLES[order.tier],
      beatTitle: order.beat.title,
      amountCents: order.priceCents,
      status: order.status,
      payAction: `/local-licence-checkout/${id}/pay`,
      cancelAction: `/local-licence-checkout/${id}/cancel`,
      error,
    }));
  };
  const notFound = (res: Response) => res.status(404).type('html').send('<!doctype html><title>Checkout not found</title><p>That checkout does not exist.</p>');
  const guarded = (run: (id: string, res: Response) => Promise<void>) => async (req: { params: { id: string } }, res: Response) => {
    const id = req.params.id;
    if (!isLocalSessionId(id)) return void notFound(res);
    try {
      await run(id, res);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return void notFound(res);
      if (error instanceof DomainError) return void (await page(res, id, error.status, error.message));
      throw error;
    }
  };

  router.get('/local-licence-checkout/:id', guarded((id, res) => page(res, id)));
  router.post('/local-licence-checkout/:id/pay', refuseBody, guarded(async (id, res) => {
    await licences.payLocally(id);
    res.redirect(303, `${webOrigin}/success?session_id=${encodeURIComponent(id)}&kind=licence`);
  }));
  router.post('/local-licence-checkout/:id/cancel', refuseBody, guarded(async (id, res) => {
    await licences.abandonLocally(id);
    res.redirect(303, `${webOrigin}/`);
  }));
  return router;
}
