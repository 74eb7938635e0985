import { pipeline } from 'node:stream/promises';
import { Router, json, type Request } from 'express';
import { create as attachmentDisposition } from 'content-disposition';
import { z } from 'zod';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { conflict, unauthenticated } from '../../platform/errors';
import { optionalRequestToken, requestToken } from '../../platform/http/current-user';
import { checkedBody } from '../../platform/http/input-guards';
import { parseInput } from '../../platform/validation';
import type { User } from '../accounts';
import { LICENCE_TEXTS } from './licence-messages';
import { presentPrices } from './licences.presenter';
import { licenseeFields, type LicencesService } from './licences.service';

interface LicencesRoutesDeps {
  readonly licences: LicencesService;
  readonly verifier: TokenVerifier;
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
}

/** POST /create-checkout-session (requirements §L7). No price field: a body naming one is refused. */
const checkoutBody = z
  .object({
    beat_id: z.string({ error: 'beat_id is required.' }).max(100, 'That beat does not exist.'),
    lease_option_id: z.string({ error: 'lease_option_id is required.' }).max(100, LICENCE_TEXTS.unknownTier),
    first_name: licenseeFields.firstName,
    last_name: licenseeFields.lastName,
    country: licenseeFields.country,
  })
  .strict();

/** The documented licence paths, thin adapters over LicencesService, and the holder-only downloads. */
export function licencesRoutes({ licences, verifier, resolveUser }: LicencesRoutesDeps): Router {
  const router = Router();
  const currentUser = (req: Request) => resolveUser(requestToken(req));

  router.get('/beat-prods/:beat_id', verifier.http({ required: true, tokens: 'licences:buy' }), async (req, res) => {
    const offer = await licences.offer(await currentUser(req), String(req.params.beat_id));
    if (offer.soldExclusively) throw conflict(LICENCE_TEXTS.soldExclusively);
    res.json(presentPrices(offer));
  });

  router.post('/create-checkout-session', verifier.http({ required: true, tokens: 'licences:buy' }), checkedBody(json({ limit: '4kb' })), async (req, res) => {
    const body = parseInput(checkoutBody, req.body ?? {});
    const { id, checkoutUrl } = await licences.startCheckout(await currentUser(req), {
      beatId: body.beat_id,
      leaseOptionId: body.lease_option_id,
      firstName: body.first_name,
      lastName: body.last_name,
      country: body.country,
    });
    res.json({ id, checkoutUrl });
  });

  // The address requestLicenceDownload answers: a link signed for the holder, which a browser opens
  // as is (no bearer header on a navigation) and streams to disk as an attachment (issue 30). A bearer
  // token, when one is sent, must still be the holder's.
  router.get('/licence-downloads/:token', verifier.http({ required: false, tokens: 'licences:read' }), async (req, res) => {
    const token = optionalRequestToken(req);
    // A bearer token that does not verify is refused, not taken for a visitor.
    if (req.headers.authorization && !token) throw unauthenticated('Invalid or expired access token.');
    const { file, stream } = await licences.openDownload(token ? await resolveUser(token) : null, String(req.params.token));
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.bytes));
    res.setHeader('Content-Disposition', attachmentDisposition(file.fileName));
    res.setHeader('Cache-Control', 'private, no-store');
    await pipeline(stream, res);
  });

  return router;
}
