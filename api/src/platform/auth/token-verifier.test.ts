import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { createTokenVerifier, VerifiedTokenCache } from './token-verifier';

const authFor = (token: string, exp: number) => ({ token, header: { alg: 'RS256' }, payload: { sub: token, exp } });

describe('VerifiedTokenCache', () => {
  let now = 1_000_000_000_000;
  const clock = () => now;

  it('keeps a token until its exp and no longer', () => {
    const cache = new VerifiedTokenCache(10, 10 * 60_000, clock);
    cache.remember(authFor('a', now / 1000 + 60));
    expect(cache.get('a')?.payload.sub).toBe('a');
    now += 59_999;
    expect(cache.get('a')).toBeDefined();
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps a long-lived token at most maxMs', () => {
    const cache = new VerifiedTokenCache(10, 5_000, clock);
    cache.remember(authFor('b', now / 1000 + 3600));
    now += 4_999;
    expect(cache.get('b')).toBeDefined();
    now += 2;
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep an expired token or one without exp', () => {
    const cache = new VerifiedTokenCache(10, 60_000, clock);
    cache.remember(authFor('old', now / 1000 - 1));
    cache.remember({ token: 'no-exp', header: {}, payload: { sub: 'x' } });
    expect(cache.get('old')).toBeUndefined();
    expect(cache.get('no-exp')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is bounded: the least recently used token goes first', () => {
    const cache = new VerifiedTokenCache(2, 60_000, clock);
    for (const token of ['t1', 't2']) cache.remember(authFor(token, now / 1000 + 60));
    cache.get('t1');
    cache.remember(authFor('t3', now / 1000 + 60));
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t1')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('holds nothing with 0 entries', () => {
    const cache = new VerifiedTokenCache(0, 60_000, clock);
    cache.remember(authFor('a', now / 1000 + 60));
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('the verifier with its cache, over HTTP', () => {
  const issuer = 'http://127.0.0.1/issuer';
  const audience = 'https://api.test';
  let jwksServer: Server;
  let apiServer: Server;
  let origin = '';
  let sign: (claims: Record<string, unknown>, options?: { exp?: number; aud?: string }) => Promise<string>;
  let verifier: ReturnType<typeof createTokenVerifier>;

  const listen = (app: RequestListener) =>
    new Promise<Server>((resolve) => {
      const server = createServer(app);
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  const url = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksServer = await listen((_req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    sign = (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setAudience(options.aud ?? audience)
        .setIssuedAt()
        .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600)
        .sign(privateKey);
    verifier = createTokenVerifier({ issuer, audience, jwksUri: `${url(jwksServer)}/jwks` });
    const api = express();
    api.get('/me', verifier.http({ required: true }), (req, res) => {
      res.json({ sub: (req as express.Request & { auth?: { payload: { sub?: string } } }).auth?.payload.sub });
    });
    api.use(((error, _req, res, _next) => void res.status((error as { status?: number }).status ?? 500).json({ error: String(error) })) as express.ErrorRequestHandler);
    apiServer = await listen(api);
    origin = url(apiServer);
  });

  afterAll(async () => {
    await new Promise((resolve) => apiServer.close(resolve));
    await new Promise((resolve) => jwksServer.close(resolve));
  });

  const me = (token: string) => fetch(`${origin}/me`, { headers: { authorization: `Bearer ${token}` } });

  it('answers a token the same way twice, and each token for its own subject', async () => {
    const alice = await sign({ sub: 'alice' });
    const bob = await sign({ sub: 'bob' });
    for (let i = 0; i < 2; i++) {
      expect(await (await me(alice)).json()).toEqual({ sub: 'alice' });
      expect(await (await me(bob)).json()).toEqual({ sub: 'bob' });
    }
  });

  it('a cached token does not vouch for a token altered from it', async () => {
    const token = await sign({ sub: 'carol' });
    expect((await me(token)).status).toBe(200);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', iss: issuer, aud: audience, exp: 4_000_000_000 })).toString('base64url')}.${signature}`;
    expect((await me(forged)).status).toBe(401);
    expect((await me(`${token}x`)).status).toBe(401);
  });

  it('refuses (and never remembers) a token for another audience or an expired one', async () => {
    const other = await sign({ sub: 'dave' }, { aud: 'https://elsewhere.test' });
    const expired = await sign({ sub: 'erin' }, { exp: Math.floor(Date.now() / 1000) - 3600 });
    for (let i = 0; i < 2; i++) {
      expect((await me(other)).status).toBe(401);
      expect((await me(expired)).status).toBe(401);
    }
    await expect(verifier.verify(other)).rejects.toThrow(/Invalid or expired/);
  });

  it('graphql-ws verification shares the cache and its rules', async () => {
    const token = await sign({ sub: 'frank', email: 'f@x.test' });
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'frank', email: 'f@x.test' });
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'frank' });
    expect(await (await me(token)).json()).toEqual({ sub: 'frank' });
  });
});

describe('ID tokens of the web client (GET /get-user-info, requirements §L7)', () => {
  const issuer = 'http://127.0.0.1/issuer';
  const audience = 'https://api.test';
  const clientId = 'ysm-web';
  let jwksServer: Server;
  let apiServer: Server;
  let origin = '';
  type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let privateKey: SigningKey;
  let strangerKey: SigningKey;

  const sign = (claims: Record<string, unknown>, options: { aud?: string | string[]; exp?: number; typ?: string; iss?: string; key?: SigningKey } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', ...(options.typ ? { typ: options.typ } : {}) })
      .setIssuer(options.iss ?? issuer)
      .setAudience(options.aud ?? clientId)
      .setIssuedAt()
      .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(options.key ?? privateKey);

  const listen = (app: RequestListener) =>
    new Promise<Server>((resolve) => {
      const server = createServer(app);
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  const url = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksServer = await listen((_req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    const verifier = createTokenVerifier({ issuer, audience, clientId, jwksUri: `${url(jwksServer)}/jwks` });
    const api = express();
    const subOf = (req: express.Request) => (req as express.Request & { auth?: { payload: { sub?: string } } }).auth?.payload.sub;
    api.get('/info', verifier.http({ required: true, tokens: 'account:read', idTokens: true }), (req, res) => void res.json({ sub: subOf(req) }));
    api.get('/other', verifier.http({ required: true }), (req, res) => void res.json({ sub: subOf(req) }));
    api.use(((error, _req, res, _next) =>
      void res.status((error as { status?: number }).status ?? 500).json({ error: (error as Error).message })) as express.ErrorRequestHandler);
    apiServer = await listen(api);
    origin = url(apiServer);
  });

  afterAll(async () => {
    await new Promise((resolve) => apiServer.close(resolve));
    await new Promise((resolve) => jwksServer.close(resolve));
  });

  const call = (path: string, token?: string) =>
    fetch(`${origin}${path}`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

  it('takes the web client’s ID token and, beside it, an access token', async () => {
    const idToken = await sign({ sub: 'alice', azp: clientId });
    for (let i = 0; i < 2; i++) expect(await (await call('/info', idToken)).json()).toEqual({ sub: 'alice' });
    const accessToken = await sign({ sub: 'bob' }, { aud: audience, typ: 'at+jwt' });
    expect(await (await call('/info', accessToken)).json()).toEqual({ sub: 'bob' });
  });

  it('takes an ID token with several audiences only when it was issued to the web client (azp)', async () => {
    expect((await call('/info', await sign({ sub: 'carol', azp: clientId }, { aud: [clientId, 'other'] }))).status).toBe(200);
    expect((await call('/info', await sign({ sub: 'carol', azp: 'other' }, { aud: [clientId, 'other'] }))).status).toBe(401);
  });

  it('refuses an expired ID token, and never a moment later either', async () => {
    const expired = await sign({ sub: 'dave' }, { exp: Math.floor(Date.now() / 1000) - 3600 });
    for (let i = 0; i < 2; i++) {
      const response = await call('/info', expired);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Invalid or expired ID token.' });
      expect(response.headers.get('www-authenticate')).toContain('invalid_token');
    }
  });

  it('refuses an ID token of another client, of another issuer, or signed with another key', async () => {
    expect((await call('/info', await sign({ sub: 'erin' }, { aud: 'ysm-cli' }))).status).toBe(401);
    expect((await call('/info', await sign({ sub: 'erin' }, { iss: 'http://127.0.0.1/elsewhere' }))).status).toBe(401);
    const forged = await sign({ sub: 'erin' }, { key: strangerKey });
    expect(await (await call('/info', forged)).json()).toEqual({ error: 'Invalid or expired ID token.' });
  });

  it('refuses an access token dressed with the client’s audience (typ at+jwt)', async () => {
    expect((await call('/info', await sign({ sub: 'frank' }, { typ: 'at+jwt' }))).status).toBe(401);
  });

  it('refuses garbage and a missing token', async () => {
    expect((await call('/info', 'not-a-token')).status).toBe(401);
    expect((await call('/info', 'aaa.bbb.ccc')).status).toBe(401);
    expect((await call('/info')).status).toBe(401);
    expect((await call('/info', '')).status).toBe(401);
  });

  it('an ID token is no access token on routes that do not take ID tokens, even after it was accepted', async () => {
    const idToken = await sign({ sub: 'gina' });
    expect((await call('/info', idToken)).status).toBe(200);
    expect((await call('/other', idToken)).status).toBe(401);
  });
});
