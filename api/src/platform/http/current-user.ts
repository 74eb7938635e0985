import type { Request } from 'express';
import { unauthenticated } from '../errors';
import { verifiedTokenOf, type VerifiedToken } from '../auth/token-verifier';

/** The verified token of a request that passed the bearer middleware, or an UNAUTHENTICATED error. */
export function requestToken(req: Request): VerifiedToken {
  const token = verifiedTokenOf(req);
  if (!token) throw unauthenticated('Invalid or missing access token.');
  return token;
}

/** Same, or null for an anonymous request. */
export function optionalRequestToken(req: Request): VerifiedToken | null {
  return verifiedTokenOf(req);
}
