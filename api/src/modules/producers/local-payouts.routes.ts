import { Router, type Response } from 'express';
import { isLocalAccountId } from './payouts/local-payouts';
import { renderLocalDashboard, renderLocalOnboarding } from './local-payouts.page';
import type { ProducersService } from './producers.service';

/**
 * Local payout accounts' pages (used when Stripe is not configured), like Stripe's hosted pages:
 * reached by the account's unguessable id alone. Onboarding's Finish completes the account and
 * sends the browser to the web app's /stripe-connect/success; the dashboard lists the balance.
 */
export function localPayoutsRoutes({ producers, productName, webOrigin }: { producers: ProducersService; productName: string; webOrigin: string }): Router {
  const router = Router();
  const notFound = (res: Response) => res.status(404).type('html').send('<!doctype html><title>Not found</title><p>That payout account does not exist.</p>');
  const successUrl = `${webOrigin}/stripe-connect/success`;

  router.get('/local-payouts/:id/onboarding', async (req, res) => {
    const found = isLocalAccountId(req.params.id) ? await producers.payoutAccounts.localAccount(req.params.id) : null;
    if (!found) return void notFound(res);
    res.type('html').send(
      renderLocalOnboarding({
        productName,
        producerName: found.producer.prodName,
        email: found.producer.prodEmail,
        complete: found.account.detailsSubmitted,
        finishAction: `/local-payouts/${req.params.id}/onboarding`,
        returnUrl: successUrl,
      }),
    );
  });

  router.post('/local-payouts/:id/onboarding', async (req, res) => {
    if (!isLocalAccountId(req.params.id) || !(await producers.payoutEvents.completeLocalOnboarding(req.params.id))) return void notFound(res);
    res.redirect(303, successUrl);
  });

  router.get('/local-payouts/:id/dashboard', async (req, res) => {
    const found = isLocalAccountId(req.params.id) ? await producers.payoutAccounts.localAccount(req.params.id) : null;
    if (!found) return void notFound(res);
    res.type('html').send(
      renderLocalDashboard({
        productName,
        producerName: found.producer.prodName,
        balanceCents: found.account.balanceCents,
        payoutsEnabled: found.account.payoutsEnabled,
        returnUrl: `${webOrigin}/contributor-setup`,
      }),
    );
  });

  return router;
}
