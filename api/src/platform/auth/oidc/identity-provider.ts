import { createHmac } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { Router, type Request } from 'express';
import Provider from 'oidc-provider';
import type { AccountDirectory } from '../identity-port';
import { createInteractionRouter } from './interaction-routes';
import { INTERACTION_CSS } from './interaction-styles';
import { LoginThrottle, type LoginThrottleSettings } from './login-throttle';
import { RegistrationThrottle, type RegistrationThrottleSettings } from './registration-throttle';
import { KnownDevices } from './known-devices';
import { SILENT_LOGGER, type OidcLogger } from './oidc-logger';
import { deleteAccountPayloads, pruneExpiredPayloads } from './postgres-adapter';
import { API_SCOPE, WEB_CLIENT_SCOPES, buildProviderConfiguration } from './provider-configuration';
import { loadOrCreateProviderKeys, type PrivateSigningJwk } from './provider-keys';
import type { SqlRunner } from './sql-runner';
import type { CounterStore } from '../../rate-limit/counter-store';
import { API_SCOPES } from '../api-scopes';
import { DEVICE_CLIENT_ID } from '../token-verifier';

export interface IdentityProviderOptions {
  /** The issuer URL exactly as it appears in `iss`, e.g. `http://localhost:4000/oidc`; mount the router at its path. */
  readonly issuer: string;
  /** `aud` of the access tokens (the API). A URI is also used as the resource indicator. */
  readonly audience: string;
  /** The web app's origin, e.g. `http://localhost:5173`: the defaults of the client's URIs and CORS. */
  readonly webOrigin: string;
  /** Default `ysm-web`. */
  readonly clientId?: string;
  /**
   * Default: the web origin, with and without a trailing slash, and `<web origin>/silent-renew.html`
   * (the hidden frame that renews the web app's tokens with prompt=none).
   */
  readonly redirectUris?: readonly string[];
  /** Default: `<web origin>/welcome?from=logout`, and the web origin with and without a trailing slash. */
  readonly postLogoutRedirectUris?: readonly string[];
  /** Browser origins allowed at the token, userinfo and revocation endpoints. Default: the web origin. */
  readonly corsOrigins?: readonly string[];
  /** Default 3600. */
  readonly accessTokenTtlSeconds?: number;
  /** Absolute lifetime of a sign-in's refresh tokens (rotation does not extend it). Default 30 days. */
  readonly refreshTokenTtlSeconds?: number;
  readonly directory: AccountDirectory;
  readonly sql: SqlRunner;
  /** Default 'YSM'. */
  readonly productName?: string;
  readonly logger?: OidcLogger;
  /** In production an http issuer is logged as a warning (cookies and tokens would travel in clear). */
  readonly production?: boolean;
  /**
   * Trust X-Forwarded-Proto/Host/For from a reverse proxy. Default: follow the Express app's
   * `trust proxy` setting, read at each request.
   */
  readonly trustProxy?: boolean;
  readonly loginThrottle?: Partial<LoginThrottleSettings>;
  readonly registrationThrottle?: Partial<RegistrationThrottleSettings>;
  /** Where sign-in and registration attempts are counted (Redis shares them between instances). Default: this process's memory. */
  readonly counters?: CounterStore;
  /** Override the signing keys stored in the database (private RS256 JWKs; the first signs). */
  readonly signingKeys?: readonly PrivateSigningJwk[];
  /** Override the cookie signing keys stored in the database (the first signs). */
  readonly cookieKeys?: readonly string[];
  /** How often expired rows are deleted; 0 disables the timer. Default 600. */
  readonly pruneIntervalSeconds?: number;
  /**
   * Where ended grants are recorded and announced, so every api instance refuses their access tokens
   * at once (credential-revocations.ts). Without it, an access token lives until its `exp`.
   */
  readonly revocations?: { revokeGrants(grantIds: readonly string[]): Promise<void> };
}

export interface IdentityProvider {
  /** Mount at the issuer's path: `app.use('/oidc', router)`. */
  readonly router: Router;
  readonly provider: Provider;
  /** Ends every session, grant and refresh token of the account (the api's POST /auth/logout). */
  endSessionsFor(accountId: string): Promise<void>;
  /** Stops the background pruning; the SqlRunner stays open (the app owns it). */
  close(): Promise<void>;
}

const trimSlash = (value: string) => value.replace(/\/+$/, '');
/** The web app's renewal page (web/silent-renew.html); the provider redirects the hidden frame there. */
export const WEB_SILENT_RENEW_PATH = '/silent-renew.html';
const isUri = (value: string) => URL.canParse(value) && !value.includes('#');

/**
 * The built-in OpenID Connect provider of the embedded default: the web app signs in here with
 * authorization code + PKCE and gets RS256 JWT access tokens for the API. Every piece of state
 * (sessions, codes, grants, refresh tokens, keys) lives in PostgreSQL, so any number of api
 * instances behind a load balancer act as one provider. The tables come from `OIDC_SCHEMA_UP`.
 */
export async function createIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const issuer = trimSlash(options.issuer);
  const basePath = trimSlash(new URL(issuer).pathname);
  const webOrigin = trimSlash(options.webOrigin);
  const productName = options.productName ?? 'YSM';
  const logger = options.logger ?? SILENT_LOGGER;
  const clientId = options.clientId ?? 'ysm-web';
  // oidc-provider accepts only absolute URIs as resource indicators; a plain audience gets a URN.
  const resource = isUri(options.audience) ? options.audience : `urn:ysm:resource:${encodeURIComponent(options.audience)}`;
  if (options.production && new URL(issuer).protocol !== 'https:') {
    logger.warn({ issuer }, 'the identity provider runs with an http issuer in production');
  }

  const stored = await loadOrCreateProviderKeys(options.sql);
  const keys = {
    signing: options.signingKeys?.length ? { keys: [...options.signingKeys] } : stored.signing,
    cookies: options.cookieKeys?.length ? [...options.cookieKeys] : stored.cookies,
  };
  const chrome = { productName, stylesheetUrl: `${basePath}/assets/interaction.css`, homeUrl: webOrigin };

  const provider = new Provider(
    issuer,
    buildProviderConfiguration({
      basePath,
      audience: options.audience,
      resource,
      client: {
        clientId,
        redirectUris: options.redirectUris ?? [webOrigin, `${webOrigin}/`, `${webOrigin}${WEB_SILENT_RENEW_PATH}`],
        postLogoutRedirectUris: options.postLogoutRedirectUris ?? [`${webOrigin}/welcome?from=logout`, webOrigin, `${webOrigin}/`],
        corsOrigins: options.corsOrigins ?? [webOrigin],
      },
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
      refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 30 * 24 * 60 * 60,
      directory: options.directory,
      sql: options.sql,
      keys,
      chrome,
    }),
  );
  if (options.trustProxy !== undefined) provider.proxy = options.trustProxy;
  watchProviderEvents(provider, logger);
  if (options.revocations) revokeEndedGrants(provider, options.revocations, logger);
  provider.use(clientAddressFromExpress);
  provider.use(describeRefreshTokenErrors);

  const router = Router();
  router.get('/assets/interaction.css', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('css').send(INTERACTION_CSS);
  });
  router.use(
    createInteractionRouter({
      provider,
      directory: options.directory,
      throttle: new LoginThrottle(options.loginThrottle, options.counters),
      registrationThrottle: new RegistrationThrottle(options.registrationThrottle, options.counters),
      devices: new KnownDevices({
        // Keys of their own, derived from the cookie keys (rotated with them).
        keys: keys.cookies.map((key) => createHmac('sha256', key).update('known-device-cookie').digest('base64url')),
        path: `${basePath}/interaction`,
        secure: new URL(issuer).protocol === 'https:',
      }),
      chrome,
      basePath,
      grant: {
        clientId,
        oidcScopes: new Set(WEB_CLIENT_SCOPES),
        resource,
        resourceScopes: [API_SCOPE],
        device: { clientId: DEVICE_CLIENT_ID, scopes: new Set<string>(API_SCOPES) },
      },
      logger,
    }),
  );
  const handle = provider.callback();
  router.use((req: Request, res) => {
    // Follow the Express app's proxy trust unless the options decided it.
    if (options.trustProxy === undefined) provider.proxy = Boolean(req.app.get('trust proxy'));
    return handle(req, res);
  });

  const pruneSeconds = options.pruneIntervalSeconds ?? 600;
  const pruneTimer =
    pruneSeconds > 0
      ? setInterval(() => {
          pruneExpiredPayloads(options.sql).catch((err: unknown) => logger.warn({ err }, 'pruning expired OIDC rows failed'));
        }, pruneSeconds * 1000)
      : undefined;
  pruneTimer?.unref();

  return {
    router,
    provider,
    endSessionsFor: async (accountId) => {
      // Their access tokens first: were the revocation lost, the sessions would still be there to end again.
      await options.revocations?.revokeGrants(await accountGrantIds(options.sql, accountId));
      const removed = await deleteAccountPayloads(options.sql, accountId);
      logger.info({ accountId, removed }, 'ended every session of the account');
    },
    close: async () => {
      if (pruneTimer) clearInterval(pruneTimer);
    },
  };
}

/**
 * oidc-provider revokes a grant when a session ends at its end_session endpoint (RP-initiated
 * logout), when a refresh or access token is revoked at its revocation endpoint, and when a used
 * authorization code or refresh token is replayed: each time, the grant's access tokens end too,
 * whatever the client does next. The provider's own request waits for the record to be written.
 */
function revokeEndedGrants(provider: Provider, revocations: NonNullable<IdentityProviderOptions['revocations']>, logger: OidcLogger): void {
  const events = provider as unknown as EventEmitter;
  const pending = new Map<string, Promise<void>>();
  events.on('grant.revoked', (_ctx: unknown, grantId: string) => {
    const written = revocations.revokeGrants([grantId]).catch((err: unknown) => logger.error({ err, grantId }, 'a revoked grant could not be recorded'));
    pending.set(grantId, written);
    void written.finally(() => pending.delete(grantId));
  });
  // The event is synchronous; the response waits for the writes it started.
  provider.use(async (_ctx, next) => {
    await next();
    if (pending.size) await Promise.all(pending.values());
  });
}

/** The grants an account holds (sign-ins and devices), from every stored model that names one. */
async function accountGrantIds(sql: SqlRunner, accountId: string): Promise<string[]> {
  const rows = await sql.query<{ grant_id: string }>(
    `SELECT DISTINCT CASE WHEN model = 'Grant' THEN id ELSE grant_id END AS grant_id FROM oidc_payloads
     WHERE account_id = $1 AND (model = 'Grant' OR grant_id IS NOT NULL)`,
    [accountId],
  );
  return rows.map((row) => row.grant_id);
}

/** oidc-provider reports through events; route them to the logger (and off the console). */
function watchProviderEvents(provider: Provider, logger: OidcLogger): void {
  // The typings list each event with its own signature; the loop below needs the plain emitter.
  const events = provider as unknown as EventEmitter;
  events.on('server_error', (_ctx: unknown, err: unknown) => logger.error({ err }, 'identity provider error'));
  // Koa's own error event: without a listener Koa would print to stderr.
  events.on('error', (err: unknown) => logger.error({ err }, 'identity provider request failed'));
  for (const event of ['authorization.error', 'grant.error', 'end_session.error', 'userinfo.error', 'revocation.error']) {
    events.on(event, (_ctx: unknown, err: { error?: string; error_detail?: string }) =>
      logger.debug({ error: err?.error, detail: err?.error_detail }, event),
    );
  }
}

/**
 * The client's address as Express worked it out from its `trust proxy` setting (a hop count or the
 * proxies' addresses). Koa on its own would take the left-most X-Forwarded-For entry, which the
 * client writes; the provider records this address with each device code.
 */
async function clientAddressFromExpress(ctx: { req: { ip?: unknown }; request: { ip: string } }, next: () => Promise<unknown>): Promise<void> {
  if (typeof ctx.req.ip === 'string' && ctx.req.ip) ctx.request.ip = ctx.req.ip;
  await next();
}

/**
 * A failed refresh says so in words the web app recognises ("invalid refresh token"), where
 * oidc-provider's generic description reads "grant request is invalid".
 */
async function describeRefreshTokenErrors(
  ctx: { path: string; status: number; body: unknown; oidc?: { params?: { grant_type?: unknown } } },
  next: () => Promise<unknown>,
): Promise<void> {
  await next();
  const body = ctx.body as { error?: string } | undefined;
  if (ctx.status === 400 && body?.error === 'invalid_grant' && ctx.oidc?.params?.grant_type === 'refresh_token') {
    ctx.body = { ...body, error_description: 'Invalid refresh token.' };
  }
}
