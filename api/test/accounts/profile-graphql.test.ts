import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql, graphqlUpload } from '../support/graphql-client';
import { solidPng } from '../support/images';

let test: TestApp;
let bob: SignedInUser;

beforeAll(async () => {
  test = await startTestApp();
  bob = await registerAndSignIn(test, 'bob');
});
afterAll(() => test?.close());

const ME = 'query Me { me { id username email fname lname country imageUrl subscriptionType subscriptionLevel tokensRemaining isAdmin } }';
const UPDATE = `mutation Update($input: UpdateProfileInput!, $image: Upload) {
  updateProfile(input: $input, image: $image) { fname country imageUrl }
}`;

describe('me', () => {
  it('answers the signed-in user with the Free defaults', async () => {
    const { data, errors } = await graphql<{ me: Record<string, unknown> }>(test.url, ME, {}, bob.accessToken);
    expect(errors).toBeUndefined();
    expect(data!.me).toMatchObject({
      username: bob.username,
      email: bob.email,
      subscriptionType: 'Free',
      subscriptionLevel: 1,
      tokensRemaining: 25,
      isAdmin: false,
      imageUrl: null,
    });
  });

  it('is UNAUTHENTICATED without a token', async () => {
    const { errors } = await graphql(test.url, ME);
    expect(errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 UNAUTHENTICATED for an invalid token', async () => {
    const { status, errors } = await graphql(test.url, ME, {}, 'abc.def.ghi');
    expect(status).toBe(401);
    expect(errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('public queries need no token', async () => {
    const { data } = await graphql<{ countries: string[] }>(test.url, '{ countries }');
    expect(data!.countries).toHaveLength(25);
    expect(data!.countries[0]).toBe('United States');
    expect(data!.countries[24]).toBe('Ireland');
  });
});

describe('updateProfile', () => {
  it('saves fields and a picture sent as a multipart upload', async () => {
    const result = await graphqlUpload<{ updateProfile: { fname: string; country: string; imageUrl: string } }>(
      test.url,
      UPDATE,
      { input: { fname: 'Bob', country: 'Germany' } },
      { variable: 'image', bytes: solidPng(), name: 'bob.png', type: 'image/png' },
      bob.accessToken,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.updateProfile).toMatchObject({ fname: 'Bob', country: 'Germany' });
    const picture = await fetch(result.data!.updateProfile.imageUrl);
    expect(picture.status).toBe(200);
  });

  it('refuses a multipart request without the preflight header before reading it', async () => {
    const result = await graphqlUpload(
      test.url,
      UPDATE,
      { input: { fname: 'Csrf' } },
      { variable: 'image', bytes: solidPng(), name: 'x.png', type: 'image/png' },
      bob.accessToken,
      {},
    );
    expect(result.status).toBe(400);
    const { data } = await graphql<{ me: { fname: string } }>(test.url, ME, {}, bob.accessToken);
    expect(data!.me.fname).toBe('Bob');
  });

  it('reports BAD_USER_INPUT for a country outside the list, and changes nothing', async () => {
    const { errors } = await graphql(test.url, UPDATE, { input: { country: 'Narnia', fname: 'Changed' } }, bob.accessToken);
    expect(errors?.[0]).toMatchObject({ message: 'Country must be one of the listed countries.', extensions: { code: 'BAD_USER_INPUT' } });
    const { data } = await graphql<{ me: { fname: string; country: string } }>(test.url, ME, {}, bob.accessToken);
    expect(data!.me).toMatchObject({ fname: 'Bob', country: 'Germany' });
  });

  it('takes a user type from the list (any case; empty clears it) and refuses others, such as the internal "system", changing nothing', async () => {
    const saved = await graphql<{ updateProfile: { userType: string | null } }>(test.url, 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { userType } }', { input: { userType: ' Producer ' } }, bob.accessToken);
    expect(saved.data!.updateProfile.userType).toBe('producer');
    for (const userType of ['system', 'admin', 'x'.repeat(60)]) {
      const { errors } = await graphql(test.url, UPDATE, { input: { userType, fname: 'Changed' } }, bob.accessToken);
      expect(errors?.[0]).toMatchObject({ message: 'User type must be one of: artist, producer, songwriter, listener.', extensions: { code: 'BAD_USER_INPUT' } });
    }
    const { data } = await graphql<{ me: { fname: string; userType: string | null } }>(test.url, '{ me { fname userType } }', {}, bob.accessToken);
    expect(data!.me).toEqual({ fname: 'Bob', userType: 'producer' });
    const cleared = await graphql<{ updateProfile: { userType: string | null } }>(test.url, 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { userType } }', { input: { userType: '' } }, bob.accessToken);
    expect(cleared.data!.updateProfile.userType).toBeNull();
  });

  it('reports BAD_USER_INPUT for a picture that is not an image', async () => {
    const result = await graphqlUpload(
      test.url,
      UPDATE,
      { input: {} },
      { variable: 'image', bytes: Buffer.from('GIF89a not allowed'), name: 'a.gif', type: 'image/gif' },
      bob.accessToken,
    );
    expect(result.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('operation guards', () => {
  it('refuses a query that costs more than the limit', async () => {
    // The ledger's declared cost is its page size times its fields: 1000 x 3 is over the 2000 limit.
    const { status, errors } = await graphql(test.url, '{ tokenHistory(limit: 1000) { id delta kind } }');
    expect(status).toBe(400);
    expect(errors?.[0].extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', limit: 'cost' });
  });

  it('refuses batched operations', async () => {
    const response = await fetch(`${test.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ countries }' }, { query: '{ countries }' }]),
    });
    expect(response.status).toBe(400);
  });

  it('refuses a simple cross-site GET without preflight headers (CSRF prevention)', async () => {
    const response = await fetch(`${test.url}/graphql?query=${encodeURIComponent('{ countries }')}`);
    expect(response.status).toBe(400);
  });
});
