import type { ApiScope } from './api-scopes';

/** Every personal access token starts with this, so the api knows it from a JWT at a glance. */
export const ACCESS_TOKEN_PREFIX = 'bp_pat_';

/** `bp_pat_` and 43 base64url characters (32 random bytes). */
export const ACCESS_TOKEN_FORMAT = /^bp_pat_[A-Za-z0-9_-]{43}$/;

export const looksLikeAccessToken = (bearer: string) => bearer.startsWith(ACCESS_TOKEN_PREFIX);

export const INVALID_ACCESS_TOKEN = 'This access token is not valid (revoked, expired or unknown).';

/** An active personal access token, found by its secret. */
export interface AccessTokenGrant {
  readonly tokenId: string;
  /** The `sub` its user's sessions carry, so the token resolves to the same account. */
  readonly subject: string;
  readonly scopes: readonly ApiScope[];
  readonly expiresAt: Date | null;
}

/**
 * What the platform's token verifier needs from the access-tokens module (given to it by app.ts):
 * platform never reads that module's table itself.
 */
export interface AccessTokenDirectory {
  /** The active token with this secret (looked up by its hash on every call), or null. */
  find(secret: string): Promise<AccessTokenGrant | null>;
  /** Counts one use now; written in batches, never on the request's path. */
  recordUse(tokenId: string): void;
}
