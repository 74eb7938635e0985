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
  it('locks a login name on every instance once the failures of all of them reach the limit', async () => {
    const namespace = `test-${randomUUID()}`;
    const logger = createLogger('silent');
    const stores = [createRedisCounterStore(redisUrl, logger, namespace), createRedisCounterStore(redisUrl, logger, namespace)];
    const [a, b] = stores.map((store) => new LoginThrottle({ maxFailuresPerLogin: 4, maxFailuresPerIp: 100, windowSeconds: 60, lockoutSeconds: 30 }, store));
    try {
      await a.recordFailure('grace', '10.0.0.1');
      await b.recordFailure('grace', '10.0.0.2');
      await a.recordFailure('Grace', '10.0.0.3');
      expect(await b.retryAfterSeconds('grace', '10.0.0.4')).toBe(0);
      await b.recordFailure('grace', '10.0.0.4');
      expect(await a.retryAfterSeconds('grace', '10.0.0.9')).toBe(30);
      expect(await b.retryAfterSeconds('GRACE', '10.0.0.9')).toBe(30);
      expect(await b.retryAfterSeconds('someone', '10.0.0.9')).toBe(0);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
