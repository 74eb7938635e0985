import { Router, type Request } from 'express';
import { z } from 'zod';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { requestToken } from '../../platform/http/current-user';
import { parseInput } from '../../platform/validation';
import type { User } from '../accounts';
import { presentEarningsRest } from './earnings.presenter';
import type { EarningsViewService } from './view/earnings-view.service';

const querySchema = z.object({ page: z.coerce.number({ message: 'The page must be a whole number from 1.' }).int('The page must be a whole number from 1.').min(1, 'The page must be a whole number from 1.').max(100_000).default(1) }).strict();

/** GET /producer-earnings?page=N: the producer's earnings (README), the same call as GraphQL myEarnings. */
export function earningsRoutes(deps: { earningsView: EarningsViewService; verifier: TokenVerifier; resolveUser: (token: VerifiedToken) => Promise<User> }): Router {
  const router = Router();
  const currentUser = (req: Request) => deps.resolveUser(requestToken(req));
  router.get('/producer-earnings', deps.verifier.http({ required: true, tokens: 'earnings:read' }), async (req, res) => {
    const { page } = parseInput(querySchema, req.query);
    res.json(presentEarningsRest(await deps.earningsView.myEarnings(await currentUser(req), page)));
  });
  return router;
}
