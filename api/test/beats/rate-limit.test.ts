import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';

let test: TestApp;
let eager: SignedInUser;

beforeAll(async () => {
  test = await startTestApp();
  eager = await registerAndSignIn(test, 'eager');
});
afterAll(() => test?.close());

const userId = async () => (await graphql<{ me: { id: string; tokensRemaining: number } }>(test.url, '{ me { id tokensRemaining } }', {}, eager.accessToken)).data!.me;
const addJobs = async (owner: string, count: number, status: string, age: string) =>
  test.app.orm.em.fork().getConnection().execute(
    `insert into generation_jobs (id, owner_id, kind, status, stage, input, token_charged, token_refunded, attempts, created_at, updated_at)
     select gen_random_uuid(), ?, 'generate', ?, 0, '{}'::jsonb, false, false, 0, now() - ?::interval, now() from generate_series(1, ?)`,
    [owner, status, age, count],
  );
const generate = () => graphql(test.url, 'mutation { generateBeat(prompt: "trap") { id } }', {}, eager.accessToken);

describe('generation rate limits', () => {
  it('refuses a user who started 10 generations in the last minute, charging nothing', async () => {
    const me = await userId();
    await addJobs(me.id, 10, 'succeeded', '10 seconds');
    const refused = await generate();
    expect(refused.errors?.[0]).toMatchObject({
      message: 'You are generating too fast. Please wait a moment and try again.',
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    expect((await userId()).tokensRemaining).toBe(me.tokensRemaining);
  });

  it('refuses a user with 3 generations still waiting or running', async () => {
    const other = await registerAndSignIn(test, 'busy');
    const me = (await graphql<{ me: { id: string } }>(test.url, '{ me { id } }', {}, other.accessToken)).data!.me;
    await addJobs(me.id, 3, 'running', '5 minutes');
    const refused = await graphql(test.url, 'mutation { generateBeat(prompt: "trap") { id } }', {}, other.accessToken);
    expect(refused.errors?.[0].extensions?.code).toBe('TOO_MANY_REQUESTS');
  });

  it('REST answers 429', async () => {
    const response = await fetch(`${test.url}/generate_beat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${eager.accessToken}` },
      body: JSON.stringify({ prompt: 'trap' }),
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ error: 'You are generating too fast. Please wait a moment and try again.' });
  });
});
