import { Router, json } from 'express';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { optionalRequestToken } from '../../platform/http/current-user';
import { checkedBody } from '../../platform/http/input-guards';
import { unauthenticated } from '../../platform/errors';
import { networkKey } from '../../platform/rate-limit/network-key';
import type { User } from '../accounts';
import type { SupportService } from './support.service';

interface SupportRoutesDeps {
  readonly support: SupportService;
  readonly verifier: TokenVerifier;
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
}

/**
 * POST /contact: the contact form's message as JSON ({ topic, message, reference?, email?, name? }),
 * signed in or not; 201 with its reference. The same service call as sendSupportMessage.
 */
export function supportRoutes({ support, verifier, resolveUser }: SupportRoutesDeps): Router {
  const router = Router();
  router.post('/contact', verifier.http({ required: false, tokens: 'public' }), checkedBody(json({ limit: '32kb' })), async (req, res) => {
    const token = optionalRequestToken(req);
    // A bearer token that does not verify is refused, not taken for a visitor: the sender thinks they are signed in.
    if (req.headers.authorization && !token) throw unauthenticated('Invalid or expired access token.');
    const sender = token ? await resolveUser(token) : null;
    const sent = await support.send(sender, networkKey(req.ip), (req.body as unknown) ?? {});
    res.status(201).json({ id: sent.id, message: sent.message });
  });
  return router;
}
