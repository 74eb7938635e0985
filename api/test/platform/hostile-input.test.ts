import { connect } from 'node:net';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, bearer, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { ProviderFormError, signInThroughProvider } from '../support/oidc-login';

let test: TestApp;
let erin: SignedInUser;

beforeAll(async () => {
  test = await startTestApp();
  erin = await registerAndSignIn(test, 'erin');
});
afterAll(async () => {
  await test?.close();
});

/** A request that must be answered; a socket held open fails the test in 10 s, not at jest's timeout. */
async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${test.url}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    body = { text };
  }
  return { status: response.status, body };
}

const json = (body: unknown, token = erin.accessToken): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...bearer(token) },
  body: JSON.stringify(body),
});

const profile = async () => (await call('/account/profile', { headers: bearer(erin.accessToken) })).body;

describe('control characters and invalid Unicode answer 400 at validation', () => {
  it('in a REST JSON body, before a job starts or a token is spent', async () => {
    const tokens = async () => (await call('/tokens_remaining', { headers: bearer(erin.accessToken) })).body.tokens_remaining;
    const before = await tokens();
    for (const prompt of ['trap\u0000beat', 'trap\ud800beat', 'bell\u0007']) {
      const { status, body } = await call('/generate_beat', json({ prompt }));
      expect({ prompt, status }).toEqual({ prompt, status: 400 });
      expect(body.error).toMatch(/^The field "prompt" (contains a control character|is not valid Unicode text)/);
    }
    expect(before).toEqual(expect.any(Number));
    expect(await tokens()).toBe(before);
  });

  it("in the built-in provider's sign-in form: an invalid sign-in, not a 500", async () => {
    for (const login of [`${erin.email}\u0000`, 'erin\ud800']) {
      const attempt = signInThroughProvider({
        issuer: test.config.auth.issuer, clientId: test.config.auth.clientId, redirectUri: test.config.webOrigin, login, password: erin.password,
      });
      const error = (await attempt.catch((e: unknown) => e)) as ProviderFormError;
      expect(error).toBeInstanceOf(ProviderFormError);
      expect({ login, status: error.status }).toEqual({ login, status: 401 });
    }
  });

  it('in a path parameter and a query string', async () => {
    const session = await call('/get-session-details/%00', { headers: bearer(erin.accessToken) });
    expect(session).toEqual({ status: 400, body: { error: expect.stringMatching(/^The address contains a control character/) } });
    const query = await call('/account/profile?x=%01', { headers: bearer(erin.accessToken) });
    expect(query).toEqual({ status: 400, body: { error: expect.stringMatching(/^The parameter "x" contains a control character/) } });
  });

  it('in multipart profile fields, and the profile is unchanged', async () => {
    const before = await profile();
    const form = new FormData();
    form.append('fname', 'Erin\u0000');
    form.append('lname', 'Ok');
    const { status, body } = await call('/account/profile', { method: 'POST', headers: bearer(erin.accessToken), body: form });
    expect(status).toBe(400);
    expect(body.error).toMatch(/^The field "fname" contains a control character/);
    expect(await profile()).toEqual(before);
  });

  it('in GraphQL variables, inline literals and multipart operations', async () => {
    const UPDATE = 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { fname } }';
    for (const fname of ['a\u0000b', 'a\udc00b']) {
      const { status, errors } = await graphql(test.url, UPDATE, { input: { fname } }, erin.accessToken);
      expect({ fname, status, code: errors?.[0].extensions?.code }).toEqual({ fname, status: 400, code: 'BAD_USER_INPUT' });
    }
    const literal = await graphql(test.url, '{ checkoutSession(sessionId: "a\\u0000b") { __typename } }', {}, erin.accessToken);
    expect(literal.status).toBe(400);
    expect(literal.errors?.[0]).toMatchObject({ message: expect.stringMatching(/control character/), extensions: { code: 'BAD_USER_INPUT' } });

    const form = new FormData();
    form.append('operations', JSON.stringify({ query: UPDATE, variables: { input: { lname: 'x\u0000' } } }));
    form.append('map', '{}');
    const multipart = await call('/graphql', { method: 'POST', headers: { ...bearer(erin.accessToken), 'apollo-require-preflight': 'true' }, body: form });
    expect(multipart.status).toBe(400);
    expect(multipart.body).toMatchObject({ errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
    expect(await profile()).toMatchObject({ fname: null, lname: null });
  });

  it('keeps tabs and line breaks in free text', async () => {
    const { status } = await graphql(test.url, 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { fname } }', { input: { creatorName: 'DJ\tErin' } }, erin.accessToken);
    expect(status).toBe(200);
  });
});

describe('malformed multipart requests answer 400 at once', () => {
  const FIELD = 'Content-Disposition: form-data; name="fname"\r\n\r\nErin\r\n';
  const MALFORMED: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', `--xyz\r\n${FIELD}--xyz--\r\n`],
    ['a wrong boundary', 'multipart/form-data; boundary=xyz', `--abc\r\n${FIELD}--abc--\r\n`],
    ['no closing boundary', 'multipart/form-data; boundary=xyz', `--xyz\r\n${FIELD}`],
  ];

  it.each(MALFORMED)('on POST /graphql with %s', async (_name, type, body) => {
    const result = await call('/graphql', {
      method: 'POST',
      headers: { 'content-type': type, 'apollo-require-preflight': 'true', ...bearer(erin.accessToken) },
      body,
    });
    // GraphQL answers in its own shape, as every other refusal of /graphql does.
    expect(result).toEqual({
      status: 400,
      body: { errors: [{ message: expect.stringMatching(/^The multipart form (has no boundary|is malformed)\.$/), extensions: { code: 'BAD_REQUEST' } }] },
    });
  });

  it.each(MALFORMED)('on POST /account/profile with %s', async (_name, type, body) => {
    const result = await call('/account/profile', { method: 'POST', headers: { 'content-type': type, ...bearer(erin.accessToken) }, body });
    expect(result).toEqual({ status: 400, body: { error: expect.stringMatching(/^The multipart form (has no boundary|is malformed)\.$/) } });
  });

  it('answers a body that never ends without waiting for it, and frees the socket', async () => {
    // The headers of a form without a boundary, then part of a body and no end: the answer must not wait for it.
    const socket = connect(Number(new URL(test.url).port), '127.0.0.1');
    const answer = new Promise<string>((resolve, reject) => {
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no answer in 10 s: ${received}`)), 10_000).unref();
    });
    socket.write(
      'POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\napollo-require-preflight: true\r\n' +
        'Content-Type: multipart/form-data\r\nContent-Length: 100000\r\n\r\n--xyz\r\n',
    );
    expect(await answer).toMatch(/^HTTP\/1\.1 400 /);
  });
});

describe('access tokens are read from the Authorization header only', () => {
  it('refuses a token in the query string, even a valid one', async () => {
    for (const path of ['/account/profile', '/graphql']) {
      const init: RequestInit = path === '/graphql' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ me { username } }"}' } : {};
      const { status, body } = await call(`${path}?access_token=${erin.accessToken}`, init);
      expect({ path, status }).toEqual({ path, status: 401 });
      expect(JSON.stringify(body)).toMatch(/Send the access token in the Authorization header/);
    }
  });

  it('refuses a token in a JSON body on /graphql', async () => {
    const { status } = await call('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { username } }', access_token: erin.accessToken }),
    });
    expect(status).toBe(401);
  });

  it('answers 401 with a clear message for Basic credentials or an empty Bearer', async () => {
    for (const authorization of ['Basic ZXJpbjpwdw==', 'Bearer ', 'Bearer', `Token ${erin.accessToken}`]) {
      const rest = await call('/account/profile', { headers: { authorization } });
      expect({ authorization, status: rest.status, error: rest.body.error }).toEqual({
        authorization,
        status: 401,
        error: 'The Authorization header must be "Bearer <access token>".',
      });
      const gql = await call('/graphql', { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: '{"query":"{ countries }"}' });
      expect(gql).toMatchObject({ status: 401, body: { errors: [{ message: 'The Authorization header must be "Bearer <access token>".', extensions: { code: 'UNAUTHENTICATED' } }] } });
    }
  });

  it('still accepts the token in the header', async () => {
    const { status, body } = await call('/account/profile', { headers: bearer(erin.accessToken) });
    expect(status).toBe(200);
    expect(body.username).toBe(erin.username);
  });
});

describe('GraphQL requests the HTTP path cannot serve (found by the GraphQL fuzzer, issue 24)', () => {
  it('a subscription over HTTP answers 400 and names the WebSocket, not an internal error', async () => {
    const { status, errors } = await graphql(test.url, 'subscription { generationProgress(jobId: "00000000-0000-4000-8000-000000000000") { status } }', {}, erin.accessToken);
    expect({ status, error: errors?.[0] }).toEqual({ status: 400, error: { message: expect.stringMatching(/WebSocket/), extensions: { code: 'BAD_REQUEST' } } });
  });

  it('a list variable with more than 50 bad items answers BAD_USER_INPUT throughout (graphql-js gives up after 50)', async () => {
    const query = 'mutation($s: [SectionDrumsInput!]!) { changeDrums(beatId: "00000000-0000-4000-8000-000000000000", sections: $s) { id } }';
    const { errors } = await graphql(test.url, query, { s: Array.from({ length: 60 }, () => 'x') }, erin.accessToken);
    expect(errors!.length).toBeGreaterThan(50);
    expect([...new Set(errors!.map((e) => e.extensions?.code))]).toEqual(['BAD_USER_INPUT']);
  });

  it('an upload cut off mid-file answers BAD_USER_INPUT (busboy\'s error was an internal one)', async () => {
    const boundary = 'cut24';
    const operations = JSON.stringify({ query: 'mutation($i: Upload, $input: UpdateProfileInput!) { updateProfile(image: $i, input: $input) { id } }', variables: { i: null, input: {} } });
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.i"]}\r\n--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`;
    const { status, body: answer } = await call('/graphql', { method: 'POST', headers: { ...bearer(erin.accessToken), 'apollo-require-preflight': 'true', 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
    expect(status).toBeLessThan(500);
    expect(answer).toMatchObject({ errors: [{ message: 'The multipart form is malformed.', extensions: { code: 'BAD_USER_INPUT' } }] });
  });

  it('a file variable that is not a file (JSON, not multipart) answers BAD_USER_INPUT, not an internal error', async () => {
    for (const image of [{}, 'x', [1], -1]) {
      const { errors } = await graphql(test.url, 'mutation($i: Upload, $input: UpdateProfileInput!) { updateProfile(image: $i, input: $input) { id } }', { i: image, input: {} }, erin.accessToken);
      expect({ image, code: errors?.[0].extensions?.code, message: errors?.[0].message }).toEqual({ image, code: 'BAD_USER_INPUT', message: expect.stringMatching(/Upload value invalid/) });
    }
  });
});
