import { randomUUID } from 'node:crypto';
import type { Client } from 'graphql-ws';
import { describeWithRedis } from '../support/redis-mode';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn } from '../support/users';
import { createToken, restCall } from '../access-tokens/support';
import { followJob, runningJob } from './support';

// Two api instances behind a load balancer, on one database and one Redis: a sign-out or a revoked
// personal access token on one holds on the other at once (the announcement), sockets included.
describeWithRedis('revocations across instances', (redisUrl) => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  const clients: Client[] = [];
  const onSecond = () => ({ ...first, url: second.url });

  beforeAll(async () => {
    first = await startTestApp({ REDIS_URL: redisUrl, QUEUE_PREFIX: `test-${randomUUID()}` });
    second = await startSecondInstance(first);
  });
  afterAll(async () => {
    await Promise.all(clients.map(async (client) => client.dispose()));
    await second?.close();
    await first?.close();
  });

  it('signing out on one instance closes the WebSocket on the other and refuses the cached token there', async () => {
    const user = await registerAndSignIn(first, 'twin');
    // The other instance has verified (and cached) the token, and streams a subscription with it.
    expect((await restCall(onSecond(), 'GET', '/get-user-info', user.accessToken)).status).toBe(200);
    const subscription = followJob(second.url, user.accessToken, await runningJob(first, user.email), clients);
    await subscription.started;

    expect((await restCall(first, 'POST', '/auth/logout', user.accessToken)).status).toBe(200);

    // The close shows the other instance has heard; its next request is refused, not served from its cache.
    expect(await subscription.socketClosed).toBe(4403);
    expect(await restCall(onSecond(), 'GET', '/get-user-info', user.accessToken)).toMatchObject({ status: 401, body: { error: 'This session has ended. Sign in again.' } });
  });

  it("revoking a personal access token on one instance ends its running subscription on the other", async () => {
    const user = await registerAndSignIn(first, 'twinpat');
    const token = await createToken(first, user.accessToken, { scopes: ['beats:read'] });
    const subscription = followJob(second.url, token.secret, await runningJob(first, user.email), clients);
    await subscription.started;

    expect((await restCall(first, 'DELETE', `/access-tokens/${token.id}`, user.accessToken)).status).toBe(200);

    expect(await subscription.socketClosed).toBe(4403);
    expect(await subscription.ended).toBe('error');
  });
});
