import type { Request, RequestHandler } from 'express';
import { auth } from 'express-oauth2-jwt-bearer';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';
import { unauthenticated } from '../errors';

export interface TokenSettings {
  readonly issuer: string;
  readonly audience: string;
  /** When unset (external issuer), read from the issuer's discovery document. */
  readonly jwksUri?: string;
  /** Verified tokens remembered (default 10,000; 0 turns the cache off). */
  readonly cacheEntries?: number;
  /** Longest a verified token is remembered, in ms (default 5 minutes), and never past its `exp`. */
  readonly cacheMaxMs?: number;
}

/** What the api takes from a verified access token. */
export interface VerifiedToken {
  readonly sub: string;
  readonly email?: string;
  /** True only when the issuer says it verified the email (`email_verified`); the built-in provider never does. */
  readonly emailVerified: boolean;
  readonly username?: string;
  /** Expiry, seconds since the epoch. */
  readonly exp: number;
}

export interface TokenVerifier {
  /**
   * Express middleware (express-oauth2-jwt-bearer): sets `req.auth`, or answers 401 for a bad token.
   * The token is read from the Authorization header only (see `bearerHeaderProblem`).
   */
  http(options: { required: boolean }): RequestHandler;
  /** Verifies a raw token with the same issuer, audience, algorithm and keys (for graphql-ws). */
  verify(token: string): Promise<VerifiedToken>;
}

/** Reads the claims the api uses; `email` and a username may be namespaced by external providers. */
export function toVerifiedToken(payload: JWTPayload): VerifiedToken {
  if (!payload.sub || typeof payload.exp !== 'number') throw unauthenticated('Invalid access token.');
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return {
    sub: payload.sub,
    exp: payload.exp,
    email: text(payload.email),
    emailVerified: payload.email_verified === true,
    username: text(payload.preferred_username) ?? text(payload.nickname),
  };
}

const BEARER = /^Bearer [A-Za-z0-9\-._~+/]+=*$/i;

/**
 * Why a request's credentials are refused before the token is even verified, or null. Tokens are
 * accepted in the Authorization header only (and graphql-ws's connection_init): RFC 6750's
 * `access_token` query parameter and form field put tokens in logs, browser history and Referer
 * headers. Another scheme (Basic) or an empty Bearer is a 401 with this message, not a bare 400.
 */
export function bearerHeaderProblem(req: Request): string | null {
  const query = req.query as Record<string, unknown> | undefined;
  const body = req.body as Record<string, unknown> | undefined;
  if ((query && 'access_token' in query) || (body && typeof body === 'object' && 'access_token' in body)) {
    return 'Send the access token in the Authorization header ("Authorization: Bearer <token>"), not in the address or the body.';
  }
  const header = req.headers.authorization;
  if (header === undefined || BEARER.test(header)) return null;
  return 'The Authorization header must be "Bearer <access token>".';
}

/** What express-oauth2-jwt-bearer puts on `req.auth` for a verified token. */
type RequestAuth = NonNullable<Request['auth']>;

/**
 * Tokens already verified, by their exact text: the same bearer token arrives with every request of
 * a page, and checking its RS256 signature, issuer and audience again gives the same answer until it
 * expires. Only successes are kept, each until its `exp` (the library would allow 5 s more) and at
 * most `maxMs`, in a bounded LRU. What a token cannot prove (the account's balance, level, admin
 * flag) is still read per request.
 */
export class VerifiedTokenCache {
  private readonly entries: LRUCache<string, { readonly auth: RequestAuth; readonly until: number }> | undefined;

  constructor(max: number, private readonly maxMs: number, private readonly now: () => number = Date.now) {
    this.entries = max > 0 ? new LRUCache({ max }) : undefined;
  }

  get(token: string): RequestAuth | undefined {
    const hit = this.entries?.get(token);
    if (!hit) return undefined;
    if (hit.until <= this.now()) {
      this.entries!.delete(token);
      return undefined;
    }
    return hit.auth;
  }

  /** Remembers a verified token until its `exp`, and at most `maxMs`. */
  remember(auth: RequestAuth): void {
    const exp = auth.payload.exp;
    if (!this.entries || typeof exp !== 'number') return;
    const until = Math.min(this.now() + this.maxMs, exp * 1000);
    if (until > this.now()) this.entries.set(auth.token, { auth, until });
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}

/**
 * The header check in front of express-oauth2-jwt-bearer (a 401 with the reason), then the cache of
 * verified tokens: a token seen before skips the library; one verified now is remembered.
 */
function headerOnly(verify: RequestHandler, cache: VerifiedTokenCache): RequestHandler {
  return (req, res, next) => {
    const problem = bearerHeaderProblem(req);
    if (problem) {
      res.set('WWW-Authenticate', 'Bearer realm="api", error="invalid_request"');
      return next(unauthenticated(problem));
    }
    const header = req.headers.authorization;
    if (header === undefined) return verify(req, res, next);
    const token = header.slice('Bearer '.length);
    const known = cache.get(token);
    if (known) {
      req.auth = known;
      return next();
    }
    return verify(req, res, (error?: unknown) => {
      if (!error && req.auth?.token === token) cache.remember(req.auth);
      next(error);
    });
  };
}

/**
 * One verifier for every transport: RS256 only, issuer and audience checked, keys from the issuer's
 * JWKS (cached and refreshed by the libraries when a new key id appears).
 */
export function createTokenVerifier(settings: TokenSettings): TokenVerifier {
  const cache = new VerifiedTokenCache(settings.cacheEntries ?? 10_000, settings.cacheMaxMs ?? 5 * 60_000);
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  const keySet = async () => {
    if (jwks) return jwks;
    let uri = settings.jwksUri;
    if (!uri) {
      const discovery = new URL('.well-known/openid-configuration', settings.issuer.endsWith('/') ? settings.issuer : `${settings.issuer}/`);
      const response = await fetch(discovery);
      if (!response.ok) throw new Error(`OIDC discovery failed: ${response.status} at ${discovery.href}`);
      uri = ((await response.json()) as { jwks_uri: string }).jwks_uri;
    }
    jwks = createRemoteJWKSet(new URL(uri));
    return jwks;
  };
  const common = { audience: settings.audience, tokenSigningAlg: 'RS256' as const };
  return {
    http: ({ required }) =>
      headerOnly(
        settings.jwksUri
          ? auth({ ...common, issuer: settings.issuer, jwksUri: settings.jwksUri, authRequired: required })
          : auth({ ...common, issuerBaseURL: settings.issuer, authRequired: required }),
        cache,
      ),
    verify: async (token) => {
      const known = cache.get(token);
      if (known) return toVerifiedToken(known.payload);
      try {
        const { payload, protectedHeader } = await jwtVerify(token, await keySet(), {
          issuer: settings.issuer,
          audience: settings.audience,
          algorithms: ['RS256'],
        });
        const verified = toVerifiedToken(payload);
        cache.remember({ payload, header: protectedHeader, token });
        return verified;
      } catch {
        throw unauthenticated('Invalid or expired access token.');
      }
    },
  };
}
