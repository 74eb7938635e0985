import { generateKeyPairSync, createPublicKey, createHmac } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import type { TestApp } from '../support/test-app';

/** The ways a caller may forge an access token, each built from a real token of a real user. */
export type ForgeryKind = 'wrong-signature' | 'alg-none' | 'hs256-public-pem' | 'hs256-public-jwk' | 'expired' | 'wrong-audience' | 'wrong-issuer';

export interface ForgedToken {
  readonly kind: ForgeryKind;
  readonly token: string;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT signed with HMAC-SHA256 by hand: jose refuses an asymmetric key's text as an HMAC secret, an attacker does not. */
function hs256(header: Record<string, unknown>, payload: Record<string, unknown>, secret: string): string {
  const input = `${b64({ ...header, alg: 'HS256' })}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** The built-in provider's signing key, read from the database it keeps it in (oidc_keys). */
async function providerSigningKey(test: TestApp): Promise<JWK & { kid: string }> {
  const rows = await test.app.orm.em.fork().getConnection().execute<{ value: { keys: (JWK & { kid: string })[] } | string }[]>(
    "select value from oidc_keys where name = 'signing-jwks'",
  );
  const value = typeof rows[0].value === 'string' ? JSON.parse(rows[0].value) : rows[0].value;
  return value.keys[0];
}

/**
 * Every forgery of `realToken` (a token the built-in provider issued): the same claims under a key
 * the api does not trust, with no signature, HMAC-signed with the trusted public key (as PEM and as
 * JWK text: the algorithm-confusion attack), and, signed with the provider's own private key, an
 * expired one and ones for another audience or issuer. Each must be refused wherever a token is read.
 */
export async function forgeTokens(test: TestApp, realToken: string): Promise<ForgedToken[]> {
  const header = decodeProtectedHeader(realToken) as Record<string, unknown>;
  const claims = decodeJwt(realToken) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const trusted = await providerSigningKey(test);
  const { kty, n, e, kid } = trusted;
  const publicJwk = { kty, n, e };
  const publicPem = createPublicKey({ key: publicJwk as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
  const trustedKey = await importJWK(trusted, 'RS256');
  const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const signWith = (key: Parameters<SignJWT['sign']>[0], payload: Record<string, unknown>) =>
    new SignJWT(payload).setProtectedHeader({ ...header, alg: 'RS256', kid }).sign(key);

  return [
    { kind: 'wrong-signature', token: await signWith(strangerKey, claims) },
    { kind: 'alg-none', token: `${b64({ ...header, alg: 'none' })}.${b64(claims)}.` },
    { kind: 'hs256-public-pem', token: hs256(header, claims, publicPem) },
    { kind: 'hs256-public-jwk', token: hs256(header, claims, JSON.stringify(publicJwk)) },
    { kind: 'expired', token: await signWith(trustedKey, { ...claims, iat: now - 7200, nbf: now - 7200, exp: now - 3600 }) },
    { kind: 'wrong-audience', token: await signWith(trustedKey, { ...claims, aud: 'https://someone-else.example' }) },
    { kind: 'wrong-issuer', token: await signWith(trustedKey, { ...claims, iss: 'https://issuer.example/' }) },
  ];
}

/** A control: the same claims re-signed with the trusted key, which must be accepted (or the forgeries prove nothing). */
export async function resignToken(test: TestApp, realToken: string): Promise<string> {
  const header = decodeProtectedHeader(realToken) as Record<string, unknown>;
  const trusted = await providerSigningKey(test);
  return new SignJWT(decodeJwt(realToken))
    .setProtectedHeader({ ...header, alg: 'RS256', kid: trusted.kid })
    .sign(await importJWK(trusted, 'RS256'));
}
