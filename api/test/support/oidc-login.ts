import { createHash, randomBytes } from 'node:crypto';

/**
 * Scripts what a browser does with the built-in identity provider: the authorization-code + PKCE
 * flow through the real sign-in (or registration) form, with fetch and a small cookie jar, then
 * the token requests the web app's OIDC client makes.
 */

export interface TokenSet {
  readonly accessToken: string;
  /** Only clients allowed the refresh_token grant get one (the device client; never the web client). */
  readonly refreshToken?: string;
  readonly idToken: string;
  /** Seconds. */
  readonly expiresIn: number;
  /** The granted scopes as the token response states them (oidc-client-ts sends them back on refresh). */
  readonly scope: string;
}

/** The cookies of one browser profile; paths are honoured, host and port are not (tests use one host). */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  /** Takes the Set-Cookie headers of a response to `url`. */
  store(url: URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key, ...rest] = attribute.split('=');
        const attributeValue = rest.join('=');
        if (key.toLowerCase() === 'path') path = attributeValue || '/';
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
      }
      const key = `${name};${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  /** The Cookie header a browser would send to `url`. */
  header(url: URL): string {
    const matches = [...this.cookies.values()].filter(
      ({ path }) => url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
    );
    // Longer paths first, as browsers order them.
    matches.sort((a, b) => b.path.length - a.path.length);
    return matches.map(({ name, value }) => `${name}=${value}`).join('; ');
  }

  names(): string[] {
    return [...this.cookies.values()].map(({ name }) => name);
  }

  /** A new jar with only the named cookies of this one (a browser whose session ended, say). */
  only(...names: string[]): CookieJar {
    const jar = new CookieJar();
    for (const [key, cookie] of this.cookies) if (names.includes(cookie.name)) jar.cookies.set(key, { ...cookie });
    return jar;
  }

  /** Replaces a cookie's value (a tampered cookie). */
  set(name: string, value: string, path: string): void {
    this.cookies.set(`${name};${path}`, { name, value, path });
  }

  value(name: string): string | undefined {
    return [...this.cookies.values()].find((cookie) => cookie.name === name)?.value;
  }
}

/** A sign-in or registration form answered with an error instead of a redirect. */
export class ProviderFormError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly html: string,
    /** The Retry-After header of a 429, in seconds. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ProviderFormError';
  }
}

export interface AuthorizeOptions {
  readonly issuer: string;
  readonly clientId: string;
  readonly redirectUri: string;
  /** Email or username; leave out to see whether the provider asks for a password at all. */
  readonly login?: string;
  readonly password?: string;
  /** Create the account through the registration form first (the password is `password`). */
  readonly register?: { readonly email: string; readonly username: string };
  /** Default `openid profile email` (what GET /client-config tells the web app to ask for). */
  readonly scope?: string;
  /** The browser's cookies; pass the same jar to sign in again with the provider's session. */
  readonly jar?: CookieJar;
  /** Default true; false leaves out code_challenge (the provider must refuse). */
  readonly pkce?: boolean;
  /** Sent with every request of the flow (e.g. the X-Forwarded-For a proxy in front would add). */
  readonly headers?: Readonly<Record<string, string>>;
  /** OpenID Connect's `prompt` (`login` asks for the password even with a live session, `none` never shows a page). */
  readonly prompt?: 'login' | 'none';
}

export interface AuthorizationResult {
  /** Present when the provider redirected back with a code. */
  readonly code?: string;
  /** Present when the provider redirected back with an error. */
  readonly error?: string;
  readonly errorDescription?: string;
  readonly codeVerifier: string;
  /** Whether the provider showed its sign-in form. */
  readonly promptedForLogin: boolean;
  /** The sign-in page, when the flow stopped there (no credentials were given). */
  readonly interactionUrl?: URL;
  readonly jar: CookieJar;
}

export interface SignInOptions extends AuthorizeOptions {
  readonly login: string;
  readonly password: string;
}

interface Discovery {
  readonly authorization_endpoint: string;
  readonly token_endpoint: string;
}

const discoveries = new Map<string, Promise<Discovery>>();

/** The provider's discovery document (cached per issuer). */
export function discover(issuer: string): Promise<Discovery> {
  const base = issuer.replace(/\/+$/, '');
  let found = discoveries.get(base);
  if (!found) {
    found = fetch(`${base}/.well-known/openid-configuration`).then(async (response) => {
      if (!response.ok) throw new Error(`discovery failed: ${response.status}`);
      return (await response.json()) as Discovery;
    });
    found.catch(() => discoveries.delete(base));
    discoveries.set(base, found);
  }
  return found;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

const unescapeHtml = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The visible error texts of a provider page: the alert, then any field messages. */
export function pageErrors(html: string): string[] {
  const found = [...html.matchAll(/<(?:div class="alert" role="alert"|p class="field-error"[^>]*)>([^<]*)</g)];
  return found.map((match) => unescapeHtml(match[1]));
}

function formAction(html: string, pageUrl: URL): URL {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no form on ${pageUrl.pathname}`);
  return new URL(unescapeHtml(match[1]), pageUrl);
}

function registerLink(html: string, pageUrl: URL): URL {
  const match = /<a href="([^"]+)">Create an account<\/a>/.exec(html);
  if (!match) throw new Error(`no registration link on ${pageUrl.pathname}`);
  return new URL(unescapeHtml(match[1]), pageUrl);
}

const isCallback = (url: URL, redirectUri: string) => {
  const expected = new URL(redirectUri);
  return url.origin === expected.origin && url.pathname === expected.pathname;
};

/**
 * Runs the authorization request like a browser: follows redirects, fills in the sign-in (or
 * registration) form when the provider shows it, and stops at the redirect back to the client.
 */
export async function authorizeThroughProvider(options: AuthorizeOptions): Promise<AuthorizationResult> {
  const jar = options.jar ?? new CookieJar();
  const { authorization_endpoint: authorizationEndpoint } = await discover(options.issuer);
  const codeVerifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const url = new URL(authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'openid profile email',
    state,
    nonce: base64url(randomBytes(16)),
    ...(options.prompt ? { prompt: options.prompt } : {}),
    ...(options.pkce === false
      ? {}
      : { code_challenge: base64url(createHash('sha256').update(codeVerifier).digest()), code_challenge_method: 'S256' }),
  }).toString();

  const request = async (target: URL, init: RequestInit = {}) => {
    const response = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: { ...options.headers, ...(init.headers as Record<string, string>), cookie: jar.header(target), accept: 'text/html' },
    });
    jar.store(target, response);
    return response;
  };

  let next = url;
  let method: 'GET' | 'POST' = 'GET';
  let body: URLSearchParams | undefined;
  let promptedForLogin = false;
  let submitted = false;
  for (let hop = 0; hop < 20; hop += 1) {
    const response = await request(next, {
      method,
      body,
      headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    });
    method = 'GET';
    body = undefined;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      next = new URL(location, next);
      if (isCallback(next, options.redirectUri)) {
        const params = next.searchParams;
        if (params.get('state') !== state) throw new Error('state mismatch in the redirect back to the client');
        return {
          code: params.get('code') ?? undefined,
          error: params.get('error') ?? undefined,
          errorDescription: params.get('error_description') ?? undefined,
          codeVerifier,
          promptedForLogin,
          jar,
        };
      }
      continue;
    }
    const html = await response.text();
    if (submitted || response.status !== 200) {
      const retryAfter = response.headers.get('retry-after');
      throw new ProviderFormError(pageErrors(html).join(' ') || `provider answered ${response.status}`, response.status, html, retryAfter === null ? undefined : Number(retryAfter));
    }
    promptedForLogin = true;
    if (options.login === undefined || options.password === undefined) {
      return { codeVerifier, promptedForLogin, interactionUrl: next, jar };
    }
    let formPage = next;
    let formHtml = html;
    if (options.register) {
      formPage = registerLink(html, next);
      const registerPage = await request(formPage);
      formHtml = await registerPage.text();
    }
    next = formAction(formHtml, formPage);
    method = 'POST';
    body = new URLSearchParams(
      options.register
        ? {
            email: options.register.email,
            username: options.register.username,
            password: options.password,
            confirmPassword: options.password,
          }
        : { login: options.login, password: options.password },
    );
    submitted = true;
  }
  throw new Error('too many redirects in the authorization flow');
}

interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  expires_in: number;
  scope: string;
  error?: string;
  error_description?: string;
}

/** A failed token request, with the provider's OAuth error. */
export class TokenRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly errorDescription?: string,
  ) {
    super(`${error}: ${errorDescription ?? ''}`);
    this.name = 'TokenRequestError';
  }
}

async function tokenRequest(issuer: string, params: Record<string, string>, origin?: string): Promise<TokenSet> {
  const { token_endpoint: tokenEndpoint } = await discover(issuer);
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
    body: new URLSearchParams(params),
  });
  const json = (await response.json()) as TokenResponse;
  if (!response.ok) throw new TokenRequestError(response.status, json.error ?? 'unknown', json.error_description);
  return {
    accessToken: json.access_token,
    refreshToken: json.refresh_token,
    idToken: json.id_token,
    expiresIn: json.expires_in,
    scope: json.scope,
  };
}

/** Exchanges an authorization code as the web app does (public client, PKCE verifier). */
export function exchangeCode(options: {
  issuer: string;
  clientId: string;
  redirectUri: string;
  code: string;
  codeVerifier: string;
}): Promise<TokenSet> {
  return tokenRequest(
    options.issuer,
    {
      grant_type: 'authorization_code',
      code: options.code,
      redirect_uri: options.redirectUri,
      client_id: options.clientId,
      code_verifier: options.codeVerifier,
    },
    new URL(options.redirectUri).origin,
  );
}

/**
 * Signs in (or registers, then signs in) through the provider's real forms and returns the tokens
 * the web app would hold.
 */
export async function signInThroughProvider(options: SignInOptions): Promise<TokenSet> {
  const result = await authorizeThroughProvider(options);
  if (!result.code) throw new Error(`no authorization code: ${result.error ?? 'none'} ${result.errorDescription ?? ''}`);
  return exchangeCode({ ...options, code: result.code, codeVerifier: result.codeVerifier });
}

/**
 * What the web app's hidden iframe does to renew its tokens: a prompt=none authorization with the
 * browser's cookies (the provider's session), then the code exchange. Rejects with the provider's
 * error (`login_required` once the session has ended) as a TokenRequestError with status 0.
 */
export async function renewSilently(options: { issuer: string; clientId: string; redirectUri: string; jar: CookieJar }): Promise<TokenSet> {
  const result = await authorizeThroughProvider({ ...options, prompt: 'none' });
  if (!result.code) throw new TokenRequestError(0, result.error ?? 'no_code', result.errorDescription);
  return exchangeCode({ ...options, code: result.code, codeVerifier: result.codeVerifier });
}

/**
 * The refresh-token grant (the device client's; oidc-client-ts would send the scope it was given);
 * the answer carries a new (rotated) refresh token.
 */
export function refreshTokens(options: {
  issuer: string;
  clientId: string;
  refreshToken: string;
  scope?: string;
  origin?: string;
}): Promise<TokenSet> {
  return tokenRequest(
    options.issuer,
    {
      grant_type: 'refresh_token',
      refresh_token: options.refreshToken,
      client_id: options.clientId,
      ...(options.scope === undefined ? {} : { scope: options.scope }),
    },
    options.origin,
  );
}
