import { randomUUID } from 'node:crypto';
import { describeWithRedis } from '../support/redis-mode';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { createToken, restCall } from './support';
import { createRedisCounterStore } from '../../src/platform/rate-limit/counter-store';
import { LoginThrottle } from '../../src/platform/auth/oidc/login-throttle';
import { createLogger } from '../../src/platform/logging/logger';

// Two api instances behind a load balancer, on one database and one Redis.
describeWithRedis('access tokens across instances', (redisUrl) => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  let frank: SignedInUser;

  beforeAll(async () => {
    first = await startTestApp({ REDIS_URL: redisUrl, QUEUE_PREFIX: `test-${randomUUID()}`, ACCESS_TOKEN_RATE_LIMIT_PER_MINUTE: '5' });
    second = await startSecondInstance(first);
    frank = await registerAndSignIn(first, 'frank');
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('shares one rate-limit count between the instances', async () => {
    const token = await createToken(first, frank.accessToken, { scopes: ['account:read'] });
    for (const url of [first.url, second.url, first.url, second.url, first.url]) {
      expect((await graphql(url, '{ me { id } }', {}, token.secret)).status).toBe(200);
    }
    const refused = await graphql(second.url, '{ me { id } }', {}, token.secret);
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0].extensions?.code).toBe('TOO_MANY_REQUESTS');
  });

  it('sees a revocation made on the other instance at the next request', async () => {
    const token = await createToken(first, frank.accessToken, { scopes: ['account:read'] });
    expect((await restCall({ ...first, url: second.url }, 'GET', '/get-user-info', token.secret)).status).toBe(200);
    expect((await restCall(first, 'DELETE', `/access-tokens/${token.id}`, frank.accessToken)).status).toBe(200);
    const after = await restCall({ ...first, url: second.url }, 'GET', '/get-user-info', token.secret);
    expect(after).toMatchObject({ status: 401, body: { error: 'This access token is not valid (revoked, expired or unknown).' } });
  });
});

describeWithRedis('sign-in throttling across instances', (redisUrl) => {
  it("counts an account's attempts on every instance: past the free ones, one instance's wait holds on the other", async () => {
    const namespace = `test-${randomUUID()}`;
    const logger = createLogger('silent');
    const stores = [createRedisCounterStore(redisUrl, logger, namespace), createRedisCounterStore(redisUrl, logger, namespace)];
    const settings = { accountFreeAttempts: 4, networkFreeFailures: 100, baseDelaySeconds: 30, maxDelaySeconds: 60 };
    const [a, b] = stores.map((store) => new LoginThrottle(settings, store));
    const attempt = (network: string) => ({ accountId: 'acct-grace', login: 'grace', network });
    try {
      for (const [throttle, network] of [[a, '10.0.0.1'], [b, '10.0.0.2'], [a, '10.0.0.3'], [b, '10.0.0.4']] as const) {
        expect(await throttle.admit(attempt(network))).toEqual({ allowed: true });
        await throttle.failed(attempt(network));
      }
      expect(await a.admit(attempt('10.0.0.9'))).toEqual({ allowed: false, retryAfterSeconds: 30 });
      expect(await b.admit({ ...attempt('10.0.0.9'), login: 'GRACE@example.com' })).toEqual({ allowed: false, retryAfterSeconds: 30 });
      expect(await b.admit({ ...attempt('10.0.0.9'), accountId: 'acct-someone' })).toEqual({ allowed: true });
      // The owner's known browser goes through on either instance.
      expect(await a.admit({ ...attempt('10.0.0.9'), knownDevice: 'device-1' })).toEqual({ allowed: true });
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('lets exactly one of two instances take the slot after the free attempts', async () => {
    const namespace = `test-${randomUUID()}`;
    const logger = createLogger('silent');
    const stores = [createRedisCounterStore(redisUrl, logger, namespace), createRedisCounterStore(redisUrl, logger, namespace)];
    const [a, b] = stores.map((store) => new LoginThrottle({ accountFreeAttempts: 3, networkFreeFailures: 100 }, store));
    try {
      const decisions = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).admit({ accountId: 'acct-burst', login: 'burst', network: `10.1.0.${i}` })));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
