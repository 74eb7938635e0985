import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

export interface FakeIssuer {
  /** http://127.0.0.1:<port>/ */
  readonly issuer: string;
  readonly audience: string;
  /** An RS256 access token with these claims (sub is required). */
  sign(claims: { sub: string; email?: string; email_verified?: boolean; preferred_username?: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * An external OpenID provider as the api sees one (Auth0, Keycloak): a discovery document, a JWKS and
 * RS256 access tokens, with whatever `email_verified` claim a test needs (the built-in provider never
 * sets it).
 */
export async function startFakeIssuer(audience = 'https://api.example.test'): Promise<FakeIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}jwks`, authorization_endpoint: `${issuer}authorize`, token_endpoint: `${issuer}token` }));
    } else if (req.url === '/jwks') {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    issuer,
    audience,
    sign: (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
