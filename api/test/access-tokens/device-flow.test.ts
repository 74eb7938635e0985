import { decodeJwt } from 'jose';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { CookieJar } from '../support/oidc-login';

let test: TestApp;
let gina: SignedInUser;

beforeAll(async () => {
  test = await startTestApp();
  gina = await registerAndSignIn(test, 'gina');
});
afterAll(() => test?.close());

const issuer = () => test.config.auth.issuer;
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

async function startDeviceAuthorization(scope: string) {
  const response = await fetch(`${issuer()}/device/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'ysm-cli', scope }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`device authorization: ${response.status} ${JSON.stringify(body)}`);
  return body as unknown as { device_code: string; user_code: string; verification_uri: string; verification_uri_complete: string; expires_in: number };
}

async function poll(deviceCode: string) {
  const response = await fetch(`${issuer()}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: 'ysm-cli' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** A browser: fetch with a cookie jar, no automatic redirects. */
function browser() {
  const jar = new CookieJar();
  return async (url: string | URL, init: { method?: string; form?: Record<string, string> } = {}) => {
    const target = new URL(url, issuer());
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: { cookie: jar.header(target), accept: 'text/html', ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: init.form ? new URLSearchParams(init.form) : undefined,
    });
    jar.store(target, response);
    return { status: response.status, location: response.headers.get('location'), html: await response.text(), url: target };
  };
}

const xsrfOf = (html: string) => /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('the device authorization grant', () => {
  it('gives a command-line tool a token with the scopes the user approved, acting within them', async () => {
    const device = await startDeviceAuthorization('openid beats:read account:read');
    expect(device.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect((await poll(device.device_code)).body.error).toBe('authorization_pending');

    const go = browser();
    const codePage = await go(device.verification_uri);
    expect(codePage.status).toBe(200);
    expect(codePage.html).toContain('<h1 id="page-title">Connect a device</h1>');
    expect(codePage.html).toContain('/oidc/assets/interaction.css');
    expect(codePage.html).toContain('<label for="field-user_code">Code</label>');

    const wrong = await go(device.verification_uri, { form: { xsrf: xsrfOf(codePage.html), user_code: 'ZZZZ-ZZZZ' } });
    expect(wrong.html).toContain('That code is not valid or has expired.');

    const confirm = await go(device.verification_uri, { form: { xsrf: xsrfOf(wrong.html), user_code: device.user_code.toLowerCase() } });
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('Allow YSM command-line tools?');
    expect(confirm.html).toContain(device.user_code);
    expect(confirm.html).toContain('<strong>beats:read</strong>: See your beats');
    expect(confirm.html).toContain('<strong>account:read</strong>');
    expect(confirm.html).not.toContain('beats:generate');

    // Allow, then sign in: the provider sends the browser through its sign-in page.
    let step = await go(device.verification_uri, { form: { xsrf: xsrfOf(confirm.html), user_code: device.user_code, confirm: 'yes' } });
    for (let hop = 0; hop < 10 && step.location; hop += 1) step = await go(new URL(step.location, step.url));
    expect(step.html).toContain('Sign in to YSM');
    const loginAction = /action="([^"]+\/login)"/.exec(step.html)![1];
    step = await go(loginAction, { form: { login: gina.email, password: gina.password } });
    for (let hop = 0; hop < 10 && step.location; hop += 1) step = await go(new URL(step.location, step.url));
    expect(step.html).toContain('Device connected');

    const token = await poll(device.device_code);
    expect(token.status).toBe(200);
    const claims = decodeJwt(token.body.access_token);
    expect(claims.client_id).toBe('ysm-cli');
    expect(String(claims.scope).split(' ').sort()).toEqual(['account:read', 'beats:read', 'openid']);

    const me = await graphql<{ me: { username: string } }>(test.url, '{ me { username } myBeats { id } }', {}, token.body.access_token);
    expect(me.data?.me.username).toBe(gina.username);
    const generate = await graphql(test.url, 'mutation { generateBeat(prompt: "trap") { id } }', {}, token.body.access_token);
    expect(generate.status).toBe(403);
    expect(generate.errors?.[0].message).toBe('This token lacks the scope beats:generate.');
    const tokens = await graphql(test.url, '{ accessTokens { id } }', {}, token.body.access_token);
    expect(tokens.status).toBe(403);
    const rest = await fetch(`${test.url}/access-tokens`, { headers: { authorization: `Bearer ${token.body.access_token}` } });
    expect(rest.status).toBe(403);

    // Its ID token is the command-line client's, not the web client's: GET /get-user-info refuses it.
    expect(decodeJwt(token.body.id_token).aud).toBe('ysm-cli');
    const info = await fetch(`${test.url}/get-user-info`, { headers: { authorization: `Bearer ${token.body.id_token}` } });
    expect(info.status).toBe(401);
    expect((await fetch(`${test.url}/get-user-info`, { headers: { authorization: `Bearer ${token.body.access_token}` } })).status).toBe(200);

    // The device code is spent.
    expect((await poll(device.device_code)).status).toBe(400);
  });

  it('denies the tool when the user chooses Deny, and refuses scopes it may not ask for', async () => {
    const device = await startDeviceAuthorization('openid licences:read');
    const go = browser();
    const codePage = await go(device.verification_uri);
    const confirm = await go(device.verification_uri, { form: { xsrf: xsrfOf(codePage.html), user_code: device.user_code } });
    const denied = await go(device.verification_uri, { form: { xsrf: xsrfOf(confirm.html), user_code: device.user_code, abort: 'yes' } });
    expect(denied.html).toContain('The request was denied.');
    expect((await poll(device.device_code)).body.error).toBe('access_denied');

    const refused = await fetch(`${issuer()}/device/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'ysm-cli', scope: 'openid profile' }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_scope');
  });
});
