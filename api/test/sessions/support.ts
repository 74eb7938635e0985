import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { decodeJwt } from 'jose';
import type { ApiUnderTest, TestApp } from '../support/test-app';
import { authorizeThroughProvider, exchangeCode, type CookieJar, type TokenSet } from '../support/oidc-login';
import type { SignedInUser } from '../support/users';
import { sqlOf } from '../admin/admin-support';
import { GenerationJob } from '../../src/modules/beats/generation-job.entity';

/** A browser's sign-in: its tokens and the provider's cookies (to renew or sign out with). */
export interface BrowserSession {
  readonly tokens: TokenSet;
  readonly jar: CookieJar;
}

/** Signs an existing account in through the provider's form (`prompt=login` asks again even with a live session). */
export async function signInBrowser(test: ApiUnderTest, user: Pick<SignedInUser, 'email' | 'password'>, options: { jar?: CookieJar; prompt?: 'login' | 'none' } = {}): Promise<BrowserSession> {
  const base = { issuer: test.config.auth.issuer, clientId: test.config.auth.clientId, redirectUri: test.config.webOrigin };
  const result = await authorizeThroughProvider({ ...base, login: user.email, password: user.password, ...options });
  if (!result.code) throw new Error(`no code: ${result.error ?? ''} ${result.errorDescription ?? ''}`);
  return { tokens: await exchangeCode({ ...base, code: result.code, codeVerifier: result.codeVerifier }), jar: result.jar };
}

/**
 * What a browser signed in `minutesAgo` gets when it renews its token silently: the provider's
 * session is made that old (its `loginTs`), then a prompt=none authorization with its cookie.
 */
export async function renewAsIfSignedInEarlier(test: TestApp, session: BrowserSession, minutesAgo: number): Promise<BrowserSession> {
  const accountId = decodeJwt(session.tokens.accessToken).sub!;
  const loginTs = Math.floor(Date.now() / 1000) - minutesAgo * 60;
  const updated = await sqlOf(test)(
    `update oidc_payloads set payload = jsonb_set(payload, '{loginTs}', to_jsonb(?::bigint)) where model = 'Session' and account_id = ? returning id`,
    [loginTs, accountId],
  );
  if (updated.length === 0) throw new Error('no provider session to age');
  const base = { issuer: test.config.auth.issuer, clientId: test.config.auth.clientId, redirectUri: test.config.webOrigin };
  const result = await authorizeThroughProvider({ ...base, jar: session.jar, prompt: 'none' });
  if (!result.code) throw new Error(`silent renewal failed: ${result.error ?? ''} ${result.errorDescription ?? ''}`);
  const tokens = await exchangeCode({ ...base, code: result.code, codeVerifier: result.codeVerifier });
  if (decodeJwt(tokens.accessToken).auth_time !== loginTs) throw new Error('the renewed token does not carry the session\'s auth_time');
  return { tokens, jar: session.jar };
}

/** Signs out through the provider's end-session page (RP-initiated logout), as a browser confirming "Yes, sign me out". */
export async function endSessionAtProvider(test: ApiUnderTest, session: BrowserSession): Promise<void> {
  const end = new URL(`${test.config.auth.issuer}/session/end`);
  end.searchParams.set('id_token_hint', session.tokens.idToken);
  end.searchParams.set('post_logout_redirect_uri', `${test.config.webOrigin}/welcome?from=logout`);
  const page = await fetch(end, { headers: { cookie: session.jar.header(end) } });
  const html = await page.text();
  const action = new URL(/<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)![1]);
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
  const confirm = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: session.jar.header(action), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }),
  });
  if (confirm.status !== 303) throw new Error(`end session answered ${confirm.status}`);
}

/** A job that stays running (no worker takes it), so a subscription to its progress stays open. */
export async function runningJob(test: TestApp, email: string): Promise<string> {
  const em = test.app.orm.em.fork();
  const [{ id: ownerId }] = await sqlOf(test)<{ id: string }>('select id from users where email = ?', [email]);
  const job = em.create(GenerationJob, { owner: ownerId, kind: 'generate', status: 'running', stage: 2, input: { prompt: 'a beat that never ends' } });
  await em.flush();
  return job.id;
}

/** An open subscription: `started` resolves with its first event; `ended` says how it stopped. */
export interface OpenSubscription {
  readonly started: Promise<unknown>;
  readonly ended: Promise<'completed' | 'error'>;
  readonly socketClosed: Promise<number>;
  readonly client: Client;
}

/** Subscribes to a job's progress over graphql-ws with `token` (a session's JWT or a personal access token). */
export function followJob(url: string, token: string, jobId: string, clients: Client[]): OpenSubscription {
  let closed!: (code: number) => void;
  const socketClosed = new Promise<number>((resolve) => (closed = resolve));
  const client = createClient({
    url: `${url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    on: { closed: (event) => closed((event as { code: number }).code) },
  });
  clients.push(client);
  let first!: (value: unknown) => void;
  let failedEarly!: (error: unknown) => void;
  const started = new Promise((resolve, reject) => ((first = resolve), (failedEarly = reject)));
  const ended = new Promise<'completed' | 'error'>((resolve) => {
    client.subscribe({ query: 'subscription($id: ID!) { generationProgress(jobId: $id) { status stage } }', variables: { id: jobId } }, {
      next: (value) => (value.errors ? failedEarly(new Error(JSON.stringify(value.errors))) : first(value.data)),
      error: (error) => {
        failedEarly(error);
        resolve('error');
      },
      complete: () => resolve('completed'),
    });
  });
  // A caller that only waits for the close has still handled a refused start.
  started.catch(() => undefined);
  return { started, ended, socketClosed, client };
}
