import { createHash, generateKeyPair, randomBytes, type JsonWebKey } from 'node:crypto';
import { promisify } from 'node:util';
import type { SqlRunner } from './sql-runner';

/** A private RSA JWK as oidc-provider's `jwks` option takes it. */
export interface PrivateSigningJwk extends JsonWebKey {
  readonly kty: 'RSA';
  readonly kid: string;
  readonly alg: 'RS256';
  readonly use: 'sig';
}

export interface ProviderKeys {
  /** Signs ID tokens and JWT access tokens; the first key is the one in use. */
  readonly signing: { readonly keys: PrivateSigningJwk[] };
  /** Signs oidc-provider's cookies; the first key signs, all of them verify. */
  readonly cookies: string[];
}

const generateRsa = promisify(generateKeyPair);

/** RFC 7638 thumbprint of an RSA key: a kid that is the same wherever the key is loaded. */
export function rsaThumbprint(jwk: { e?: string; n?: string }): string {
  // Members in lexicographic order, no whitespace, as the RFC prescribes.
  return createHash('sha256').update(JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n })).digest('base64url');
}

/** A fresh 2048-bit RS256 signing key. */
export async function generateSigningJwk(): Promise<PrivateSigningJwk> {
  const { privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kty: 'RSA', kid: rsaThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

/**
 * Reads a named key set from `oidc_keys`, creating it when absent. Two instances starting at once
 * both generate a candidate, but `ON CONFLICT DO NOTHING` keeps only the first insert and both then
 * read that one back, so every instance signs with the same keys.
 */
async function loadOrCreate<T>(sql: SqlRunner, name: string, create: () => Promise<T>): Promise<T> {
  const read = async () => {
    const rows = await sql.query<{ value: T | string }>('SELECT value FROM oidc_keys WHERE name = $1', [name]);
    const value = rows[0]?.value;
    return typeof value === 'string' ? (JSON.parse(value) as T) : value;
  };
  const existing = await read();
  if (existing !== undefined) return existing;
  await sql.query('INSERT INTO oidc_keys (name, value) VALUES ($1, $2::jsonb) ON CONFLICT (name) DO NOTHING', [
    name,
    JSON.stringify(await create()),
  ]);
  const stored = await read();
  if (stored === undefined) throw new Error(`oidc_keys: could not store or read "${name}"`);
  return stored;
}

/** The signing and cookie keys every instance shares, created on first start. */
export async function loadOrCreateProviderKeys(sql: SqlRunner): Promise<ProviderKeys> {
  const signing = await loadOrCreate(sql, 'signing-jwks', async () => ({ keys: [await generateSigningJwk()] }));
  const cookies = await loadOrCreate(sql, 'cookie-keys', async () => ({
    keys: [randomBytes(32).toString('base64url')],
  }));
  return { signing, cookies: cookies.keys };
}
