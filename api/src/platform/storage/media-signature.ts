import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a media link signs: the key, its expiry and, for downloads, the file name. */
export interface MediaLinkClaims {
  readonly key: string;
  /** Expiry, in unix seconds. */
  readonly exp: number;
  /** The attachment file name, when the link is a download. */
  readonly dl?: string;
}

export type MediaLinkCheck =
  | {
      readonly ok: true;
      readonly expiresAt: number;
      /** Seconds the link still works: how long a browser may cache what it got. */
      readonly remainingSeconds: number;
      readonly downloadName?: string;
    }
  | { readonly ok: false; readonly reason: 'malformed' | 'bad-signature' | 'expired' };

const EXP = /^[0-9]{1,12}$/;
// 32 bytes of HMAC-SHA256, base64url without padding.
const SIG = /^[A-Za-z0-9_-]{43}$/;

/**
 * HMAC-SHA256 over the claims, base64url. The message is a JSON array with a version tag, so no two
 * claim sets (with or without a download name, whatever characters it has) share a message.
 */
export function signMediaLink(secret: string, claims: MediaLinkClaims): string {
  const message = JSON.stringify(['ysm-media-v1', claims.key, claims.exp, claims.dl ?? null]);
  return createHmac('sha256', secret).update(message).digest('base64url');
}

const single = (query: URLSearchParams, name: string): string | undefined | null => {
  const values = query.getAll(name);
  if (values.length > 1) return null; // a repeated parameter is never something we signed
  return values[0];
};

/**
 * Checks `exp`, `sig` and optional `dl` of a media link's query for this key: the signature first
 * (compared in constant time), then the expiry, against `nowSeconds`.
 */
export function checkMediaLink(secret: string, key: string, query: URLSearchParams, nowSeconds: number): MediaLinkCheck {
  const exp = single(query, 'exp');
  const sig = single(query, 'sig');
  const dl = single(query, 'dl');
  if (!exp || !sig || dl === null || !EXP.test(exp) || !SIG.test(sig)) return { ok: false, reason: 'malformed' };
  const expiresAt = Number(exp);
  const expected = Buffer.from(signMediaLink(secret, { key, exp: expiresAt, dl }), 'base64url');
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
  if (nowSeconds >= expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, expiresAt, remainingSeconds: expiresAt - nowSeconds, downloadName: dl };
}
