import { Router, json, type Request } from 'express';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { requestToken } from '../../platform/http/current-user';
import { checkedBody } from '../../platform/http/input-guards';
import type { User } from '../accounts';
import type { AccessTokensService } from './access-tokens.service';
import { presentAccessToken } from './access-tokens.presenter';

interface AccessTokensRoutesDeps {
  readonly accessTokens: AccessTokensService;
  readonly verifier: TokenVerifier;
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
}

/**
 * REST for personal access tokens: GET, POST /access-tokens, POST /access-tokens/:id/extend and
 * DELETE /access-tokens/:id. For
 * browser sessions only (the bearer middleware's default): a token never manages tokens.
 */
export function accessTokensRoutes({ accessTokens, verifier, resolveUser }: AccessTokensRoutesDeps): Router {
  const router = Router();
  const session = verifier.http({ required: true });
  const currentUser = (req: Request) => resolveUser(requestToken(req));

  router.get('/access-tokens', session, async (req, res) => {
    const tokens = await accessTokens.list(await currentUser(req));
    res.json({ tokens: tokens.map((token) => presentAccessToken(token)) });
  });

  router.post('/access-tokens', session, checkedBody(json({ limit: '4kb' })), async (req, res) => {
    const { token, secret } = await accessTokens.create(await currentUser(req), (req.body as unknown) ?? {}, { authTime: requestToken(req).authTime });
    res.status(201).set('Cache-Control', 'no-store').json({ token: presentAccessToken(token), secret });
  });

  router.post('/access-tokens/:id/extend', session, checkedBody(json({ limit: '1kb' })), async (req, res) => {
    const token = await accessTokens.extend(await currentUser(req), String(req.params.id), (req.body as unknown) ?? {}, { authTime: requestToken(req).authTime });
    res.json({ message: 'Access token extended.', token: presentAccessToken(token) });
  });

  router.delete('/access-tokens/:id', session, async (req, res) => {
    const token = await accessTokens.revoke(await currentUser(req), String(req.params.id));
    res.json({ message: 'Access token revoked.', token: presentAccessToken(token) });
  });

  return router;
}
