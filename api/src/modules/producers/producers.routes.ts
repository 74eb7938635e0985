import { Router, json, type Request } from 'express';
import { create as contentDisposition } from 'content-disposition';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { requestToken } from '../../platform/http/current-user';
import type { User } from '../accounts';
import { TEXTS } from './producers.errors';
import { presentContractData, presentPayoutAccountRest, presentPricingData, presentProducerRecord } from './producers.presenter';
import type { ProducersService } from './producers.service';

interface ProducersRoutesDeps {
  readonly producers: ProducersService;
  readonly verifier: TokenVerifier;
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
}

/** The producer paths of requirements §P7, thin adapters over ProducersService. */
export function producersRoutes({ producers, verifier, resolveUser }: ProducersRoutesDeps): Router {
  const router = Router();
  const authenticated = verifier.http({ required: true });
  const currentUser = (req: Request) => resolveUser(requestToken(req));
  const body = json({ limit: '32kb' });

  router.get('/check-stripe-account', verifier.http({ required: true, tokens: 'earnings:read' }), async (req, res) => {
    res.json({ hasStripeAccount: await producers.payoutAccounts.hasPayoutAccount((await currentUser(req)).id) });
  });

  router.post('/prod-signup', authenticated, body, async (req, res) => {
    const { redirect } = await producers.signups.signup(await currentUser(req), req.body ?? {});
    res.json({ redirect });
  });

  router.get('/payout-account', verifier.http({ required: true, tokens: 'earnings:read' }), async (req, res) => {
    res.json(presentPayoutAccountRest(await producers.payoutAccounts.payoutAccount(await currentUser(req))));
  });

  router.post('/payout-account/onboarding-link', authenticated, async (req, res) => {
    res.json({ url: await producers.payoutAccounts.onboardingLink(await currentUser(req)) });
  });

  router.get('/producer-data', verifier.http({ required: true, tokens: 'account:read' }), async (req, res) => {
    const producer = await producers.records.account(await currentUser(req));
    res.json({ pricingData: presentPricingData(producer), contractData: presentContractData(producer) });
  });

  router.get('/producer-account', verifier.http({ required: true, tokens: 'account:read' }), async (req, res) => {
    res.json({ producer: presentProducerRecord(await producers.records.account(await currentUser(req))) });
  });

  router.put('/producer-account', authenticated, body, async (req, res) => {
    const producer = await producers.records.updateAccount(await currentUser(req), req.body ?? {});
    res.json({ message: TEXTS.producerUpdated, producer: presentProducerRecord(producer) });
  });

  router.post('/producer-pricing', authenticated, body, async (req, res) => {
    const producer = await producers.records.savePricing(await currentUser(req), req.body ?? {});
    res.json({ message: TEXTS.pricingSaved, pricingData: presentPricingData(producer) });
  });

  router.post('/producer-contract', authenticated, body, async (req, res) => {
    const producer = await producers.records.saveContract(await currentUser(req), req.body ?? {});
    res.json({ message: TEXTS.contractSaved, contractData: presentContractData(producer) });
  });

  router.post('/express-dashboard', authenticated, async (req, res) => {
    res.json({ url: await producers.payoutAccounts.expressDashboard(await currentUser(req)) });
  });

  router.get('/producer-agreement', authenticated, async (req, res) => {
    const { fileName, pdf } = await producers.records.agreement(await currentUser(req));
    res.set('content-type', 'application/pdf');
    res.set('content-disposition', contentDisposition(fileName));
    res.set('cache-control', 'no-store');
    res.send(pdf);
  });

  return router;
}
