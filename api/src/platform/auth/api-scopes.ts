import { DomainError, forbidden } from '../errors';

/**
 * What a delegated credential (a personal access token, or a token from the device authorization
 * grant) may do. A browser session is not limited by them; a delegated credential may do only what
 * one of its scopes covers, and never anything an admin may do.
 */
export const API_SCOPES = ['account:read', 'beats:read', 'beats:generate', 'licences:read', 'licences:buy', 'uploads:write', 'earnings:read'] as const;

export type ApiScope = (typeof API_SCOPES)[number];

/** Plain descriptions, for the token form and the API's listing of scopes. */
export const API_SCOPE_DESCRIPTIONS: Readonly<Record<ApiScope, string>> = {
  'account:read': 'See your profile, plan and tokens remaining.',
  'beats:read': 'See your beats, their generation jobs and progress, and play their audio.',
  'beats:generate': 'Generate, regenerate, extend and edit beats (this spends your tokens).',
  'licences:read': 'See your licences and orders and download licensed files.',
  'licences:buy': 'Start licence checkouts for your beats.',
  'uploads:write': 'Upload, retag and withdraw your samples (producers only).',
  'earnings:read': 'See your producer earnings.',
};

/** Scopes only a producer may give a token. */
export const PRODUCER_SCOPES: readonly ApiScope[] = ['uploads:write'];

export const isApiScope = (value: unknown): value is ApiScope => typeof value === 'string' && (API_SCOPES as readonly string[]).includes(value);

/**
 * What an operation needs of a delegated credential: one scope, `public` (anyone may call it,
 * signed in or not, so a token may too), or nothing declared, which refuses every delegated
 * credential (admin fields, account deletion, billing changes, managing tokens themselves).
 */
export type TokenPolicy = ApiScope | 'public';

/** A credential that acts for its user within scopes: a personal access token or a device-flow token. */
export interface Delegation {
  readonly via: 'access-token' | 'device';
  readonly scopes: ReadonlySet<ApiScope>;
  /** The personal access token's id (not its secret). */
  readonly tokenId?: string;
}

export const missingScope = (scope: ApiScope) => forbidden(`This token lacks the scope ${scope}.`);

export const NOT_FOR_TOKENS = 'Access tokens cannot do this; sign in to the web app instead.';

/** Throws FORBIDDEN unless the credential may use something declared with `policy` (undefined: sessions only). */
export function checkTokenPolicy(delegation: Delegation | undefined, policy: TokenPolicy | undefined, what?: string): void {
  if (!delegation || policy === 'public') return;
  if (policy === undefined) throw new DomainError('FORBIDDEN', what ? `Access tokens cannot use ${what}; sign in to the web app instead.` : NOT_FOR_TOKENS);
  if (!delegation.scopes.has(policy)) throw missingScope(policy);
}

/** The API scopes among a space-separated `scope` claim. */
export function apiScopesOf(scopeClaim: unknown): ReadonlySet<ApiScope> {
  if (typeof scopeClaim !== 'string') return new Set();
  return new Set(scopeClaim.split(' ').filter(isApiScope));
}
