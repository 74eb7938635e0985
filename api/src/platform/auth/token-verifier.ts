import type { Request, RequestHandler } from 'express';
import { auth } from 'express-oauth2-jwt-bearer';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';
import { DomainError, unauthenticated } from '../errors';
import { apiScopesOf, checkTokenPolicy, type Delegation, type TokenPolicy } from './api-scopes';
import { INVALID_ACCESS_TOKEN, looksLikeAccessToken, type AccessTokenDirectory } from './access-token-port';
import { TooManyRequestsError, type RateLimiter } from '../rate-limit/rate-limiter';
import type { RevocationCheck } from './credential-revocations';

export interface TokenSettings {
  readonly issuer: string;
  readonly audience: string;
  /** When unset (external issuer), read from the issuer's discovery document. */
  readonly jwksUri?: string;
  /** Verified tokens remembered (default 10,000; 0 turns the cache off). */
  readonly cacheEntries?: number;
  /** Longest a verified token is remembered, in ms (default 5 minutes), and never past its `exp`. */
  readonly cacheMaxMs?: number;
  /**
   * The web app's OIDC client id: the audience of the ID tokens the issuer gives it. Routes that
   * accept an ID token (`idTokens: true`, GET /get-user-info as requirements §L7 documents) take one with
   * this audience; unset, no route takes ID tokens.
   */
  readonly clientId?: string;
}

/** What the api takes from a verified access token. */
export interface VerifiedToken {
  readonly sub: string;
  readonly email?: string;
  /** True only when the issuer says it verified the email (`email_verified`); the built-in provider never does. */
  readonly emailVerified: boolean;
  readonly username?: string;
  /** Expiry, seconds since the epoch (Infinity for an access token without one). */
  readonly exp: number;
  /**
   * The identity-provider grant the token came from (the built-in provider's `gid` claim): signing
   * out revokes it, and with it every access token of that sign-in (credential-revocations.ts).
   */
  readonly grantId?: string;
  /** When the user last typed their password for this session (`auth_time`, seconds since the epoch). */
  readonly authTime?: number;
  /**
   * Set when the credential acts for its user within scopes (a personal access token, or a token of
   * the device authorization grant); absent for a browser session, which is not limited by scopes.
   */
  readonly delegation?: Delegation;
}

/** The built-in provider's client for command-line tools (the device authorization grant). */
export const DEVICE_CLIENT_ID = 'ysm-cli';

/**
 * How a route treats delegated credentials: a scope they must hold, `public`, or `per-operation`
 * (GraphQL, which checks each operation's fields). Without it a route is for browser sessions only.
 */
export type RouteTokenPolicy = TokenPolicy | 'per-operation';

/** The bearer middleware carries its route's policy, so a test can check every route declares one. */
export type BearerMiddleware = RequestHandler & { readonly tokenPolicy: RouteTokenPolicy | 'sessions-only' };

export interface TokenVerifier {
  /**
   * Express middleware (express-oauth2-jwt-bearer): sets `req.auth`, or answers 401 for a bad token.
   * The token is read from the Authorization header only (see `bearerHeaderProblem`). With
   * `idTokens`, the route also takes an ID token the issuer gave the web client (`clientId`): same
   * keys, issuer and algorithm, audience the web client, not expired. It acts as a browser session.
   */
  http(options: { required: boolean; tokens?: RouteTokenPolicy; idTokens?: boolean }): BearerMiddleware;
  /**
   * Verifies a raw token with the same issuer, audience, algorithm and keys (for graphql-ws). A
   * personal access token is looked up, rate-limited and counted as one use, as on HTTP.
   */
  verify(token: string): Promise<VerifiedToken>;
}

/** Personal access tokens: where they are looked up and how fast each may be used. */
export interface AccessTokenSettings {
  readonly directory: AccessTokenDirectory;
  readonly limiter: RateLimiter;
}

/** Reads the claims the api uses; `email` and a username may be namespaced by external providers. */
export function toVerifiedToken(payload: JWTPayload): VerifiedToken {
  if (!payload.sub || typeof payload.exp !== 'number') throw unauthenticated('Invalid access token.');
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  // A token of the device client, or one granted any API scope, acts within its scopes only; the web
  // client's sessions are never granted API scopes (see provider-configuration.ts).
  const scopes = apiScopesOf(payload.scope);
  const delegated = payload.client_id === DEVICE_CLIENT_ID || scopes.size > 0;
  return {
    sub: payload.sub,
    exp: payload.exp,
    ...(text(payload.gid) ? { grantId: text(payload.gid) } : {}),
    ...(typeof payload.auth_time === 'number' ? { authTime: payload.auth_time } : {}),
    email: text(payload.email),
    emailVerified: payload.email_verified === true,
    username: text(payload.preferred_username) ?? text(payload.nickname),
    ...(delegated ? { delegation: { via: 'device' as const, scopes } } : {}),
  };
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The personal access token a request authenticated with (set by the bearer middleware). */
    personalAccessToken?: VerifiedToken;
  }
}

/** The verified credential of a request: a personal access token or the JWT's claims. */
export function verifiedTokenOf(req: Request): VerifiedToken | null {
  if (req.personalAccessToken) return req.personalAccessToken;
  return req.auth?.payload ? toVerifiedToken(req.auth.payload) : null;
}

const bearerOf = (req: Request) => /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;

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

  /** Drops every remembered token of a revoked grant. */
  forgetGrant(grantId: string): void {
    if (!this.entries) return;
    for (const [token, { auth }] of this.entries.entries()) if (auth.payload.gid === grantId) this.entries.delete(token);
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}

/** The refusal of an access token whose sign-in was ended (signed out, or its grant revoked). */
export const SESSION_ENDED = 'This session has ended. Sign in again.';

const grantOf = (payload: JWTPayload | undefined) => (typeof payload?.gid === 'string' ? payload.gid : undefined);

/**
 * The header check in front of express-oauth2-jwt-bearer (a 401 with the reason), then the cache of
 * verified tokens: a token seen before skips the library; one verified now is remembered.
 */
function headerOnly(verify: RequestHandler, cache: VerifiedTokenCache, revocations?: RevocationCheck): RequestHandler {
  const revoked = (req: Request) => {
    const grantId = grantOf(req.auth?.payload);
    return grantId !== undefined && revocations?.isGrantRevoked(grantId) === true;
  };
  const refuse = (req: Request, res: Parameters<RequestHandler>[1], next: Parameters<RequestHandler>[2]) => {
    req.auth = undefined;
    res.set('WWW-Authenticate', 'Bearer realm="api", error="invalid_token"');
    next(unauthenticated(SESSION_ENDED));
  };
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
      return revoked(req) ? refuse(req, res, next) : next();
    }
    return verify(req, res, (error?: unknown) => {
      if (!error && revoked(req)) return refuse(req, res, next);
      if (!error && req.auth?.token === token) cache.remember(req.auth);
      next(error);
    });
  };
}

/**
 * One verifier for every transport: RS256 only, issuer and audience checked, keys from the issuer's
 * JWKS (cached and refreshed by the libraries when a new key id appears).
 */
export function createTokenVerifier(settings: TokenSettings, accessTokens?: AccessTokenSettings, revocations?: RevocationCheck): TokenVerifier {
  const cache = new VerifiedTokenCache(settings.cacheEntries ?? 10_000, settings.cacheMaxMs ?? 5 * 60_000);
  // A revoked grant's tokens leave the cache at once (the check below refuses them in any case).
  revocations?.onRevoked((credential) => {
    if (credential.kind === 'grant') cache.forgetGrant(credential.grantId);
  });
  const isRevoked = (payload: JWTPayload) => {
    const grantId = grantOf(payload);
    return grantId !== undefined && revocations?.isGrantRevoked(grantId) === true;
  };
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
  const personal = accessTokens ? personalAccessTokens(accessTokens) : undefined;
  const idToken = settings.clientId ? idTokenVerifier(settings.issuer, settings.clientId, keySet) : undefined;
  // One JWT middleware (and so one key cache) for all routes that require a token, one for those that do not.
  const jwtMiddlewares = new Map<boolean, RequestHandler>();
  const jwtMiddleware = (required: boolean) => {
    let middleware = jwtMiddlewares.get(required);
    if (!middleware) {
      middleware = headerOnly(
        settings.jwksUri
          ? auth({ ...common, issuer: settings.issuer, jwksUri: settings.jwksUri, authRequired: required })
          : auth({ ...common, issuerBaseURL: settings.issuer, authRequired: required }),
        cache,
        revocations,
      );
      jwtMiddlewares.set(required, middleware);
    }
    return middleware;
  };
  return {
    http: ({ required, tokens, idTokens }) => {
      const jwt = jwtMiddleware(required);
      const policy = tokens === 'per-operation' ? undefined : tokens;
      /** Lets a verified request on when its credential may use this route. */
      const admit = (req: Request, next: (error?: unknown) => void) => {
        try {
          if (tokens !== 'per-operation') checkTokenPolicy(verifiedTokenOf(req)?.delegation, policy);
        } catch (refused) {
          return next(refused);
        }
        next();
      };
      const middleware: RequestHandler = (req, res, next) => {
        const bearer = bearerOf(req);
        if (idTokens && idToken && bearer && !bearerHeaderProblem(req) && idToken.claims(bearer)) {
          idToken.verify(bearer).then(
            (auth) => {
              req.auth = auth;
              admit(req, next);
            },
            (error: unknown) => {
              res.set('WWW-Authenticate', 'Bearer realm="api", error="invalid_token"');
              next(error);
            },
          );
          return;
        }
        if (!personal || !bearer || !looksLikeAccessToken(bearer) || bearerHeaderProblem(req)) {
          return jwt(req, res, (error?: unknown) => {
            if (error) return next(error);
            admit(req, next);
          });
        }
        personal(bearer).then(
          (token) => {
            req.personalAccessToken = token;
            admit(req, next);
          },
          (error: unknown) => {
            if (error instanceof TooManyRequestsError) res.set('Retry-After', String(error.retryAfterSeconds));
            else if (error instanceof DomainError && error.code === 'UNAUTHENTICATED') res.set('WWW-Authenticate', 'Bearer realm="api", error="invalid_token"');
            next(error);
          },
        );
      };
      return Object.assign(middleware, { tokenPolicy: tokens ?? ('sessions-only' as const) });
    },
    verify: async (token) => {
      if (personal && looksLikeAccessToken(token)) return personal(token);
      const known = cache.get(token);
      if (known) {
        if (isRevoked(known.payload)) throw unauthenticated(SESSION_ENDED);
        return toVerifiedToken(known.payload);
      }
      let verified: { payload: JWTPayload; protectedHeader: RequestAuth['header'] };
      try {
        verified = await jwtVerify(token, await keySet(), {
          issuer: settings.issuer,
          audience: settings.audience,
          algorithms: ['RS256'],
        });
      } catch {
        throw unauthenticated('Invalid or expired access token.');
      }
      if (isRevoked(verified.payload)) throw unauthenticated(SESSION_ENDED);
      const result = toVerifiedToken(verified.payload);
      cache.remember({ payload: verified.payload, header: verified.protectedHeader, token });
      return result;
    },
  };
}

/** The answer to an ID token that fails verification (bad signature, issuer, audience, expiry). */
export const INVALID_ID_TOKEN = 'Invalid or expired ID token.';

/**
 * ID tokens of the web client: recognised by their (unverified) audience naming the client, then
 * verified with the issuer's keys. They have a cache of their own, so an ID token never passes
 * where only an access token may (the access-token cache is consulted on every other route).
 */
function idTokenVerifier(issuer: string, clientId: string, keySet: () => Promise<ReturnType<typeof createRemoteJWKSet>>) {
  const cache = new VerifiedTokenCache(1_000, 5 * 60_000);
  return {
    /** Whether a bearer is meant as this client's ID token: a JWT whose `aud` names the client. */
    claims(token: string): boolean {
      try {
        const { aud } = decodeJwt(token);
        return Array.isArray(aud) ? aud.includes(clientId) : aud === clientId;
      } catch {
        return false;
      }
    },
    async verify(token: string): Promise<RequestAuth> {
      const known = cache.get(token);
      if (known) return known;
      try {
        // An access token (RFC 9068 `at+jwt`) is never taken for an ID token, whatever its audience.
        if (decodeProtectedHeader(token).typ?.toLowerCase().replace(/^application\//, '') === 'at+jwt') throw new Error('access token');
        const { payload, protectedHeader } = await jwtVerify(token, await keySet(), {
          issuer,
          audience: clientId,
          algorithms: ['RS256'],
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        // With several audiences, OIDC Core 3.1.3.7 has the authorised party name the client.
        if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) throw new Error('azp');
        const auth: RequestAuth = { payload, header: protectedHeader, token };
        toVerifiedToken(payload);
        cache.remember(auth);
        return auth;
      } catch {
        throw unauthenticated(INVALID_ID_TOKEN);
      }
    },
  };
}

/** The rate limit's message, also sent as 429 on GraphQL and REST. */
export const ACCESS_TOKEN_RATE_LIMITED = 'This access token is sending too many requests. Wait before trying again.';

/**
 * Resolves a personal access token: looked up by its hash on every request (so a revocation holds
 * on the next request on every instance), limited per token, counted as one use.
 */
function personalAccessTokens({ directory, limiter }: AccessTokenSettings) {
  return async (secret: string): Promise<VerifiedToken> => {
    const grant = await directory.find(secret);
    if (!grant) throw unauthenticated(INVALID_ACCESS_TOKEN);
    const decision = await limiter.consume(grant.tokenId);
    if (!decision.allowed) throw new TooManyRequestsError(ACCESS_TOKEN_RATE_LIMITED, decision.retryAfterSeconds);
    directory.recordUse(grant.tokenId);
    return {
      sub: grant.subject,
      exp: grant.expiresAt ? Math.floor(grant.expiresAt.getTime() / 1000) : Number.POSITIVE_INFINITY,
      emailVerified: false,
      delegation: { via: 'access-token', scopes: new Set(grant.scopes), tokenId: grant.tokenId },
    };
  };
}
