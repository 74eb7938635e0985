import type { Request } from 'express';
import { unauthenticated } from '../errors';
import { toVerifiedToken, type VerifiedToken } from '../auth/token-verifier';

/** The verified token of a request that passed the bearer middleware, or an UNAUTHENTICATED error. */
export function requestToken(req: Request): VerifiedToken {
  const payload = req.auth?.payload;
  if (!payload) throw unauthenticated('Invalid or missing access token.');
  return toVerifiedToken(payload);
}

/** Same, or null for an anonymous request. */
export function optionalRequestToken(req: Request): VerifiedToken | null {
  return req.auth?.payload ? toVerifiedToken(req.auth.payload) : null;
}
