import type { Account, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { AccountDirectory, IdentityAccount } from '../identity-port';
import type { SqlRunner } from './sql-runner';
import { postgresAdapterFactory } from './postgres-adapter';
import type { ProviderKeys } from './provider-keys';
import { renderDeviceCodePage, renderDeviceConfirmPage, renderLogoutPage, renderMessagePage, type PageChrome } from './interaction-views';
import { API_SCOPES, API_SCOPE_DESCRIPTIONS, apiScopesOf } from '../api-scopes';
import { DEVICE_CLIENT_ID } from '../token-verifier';

/**
 * The OpenID scopes the web client may ask for; all are granted to it without a consent screen. No
 * `offline_access`: the browser app gets no refresh token (a script in the page could read it) and
 * renews with the provider's HttpOnly session cookie instead (prompt=none in a hidden iframe). An
 * older page that still asks for it is not refused: oidc-provider drops `offline_access` for a
 * client without the refresh_token grant.
 */
export const WEB_CLIENT_SCOPES = ['openid', 'profile', 'email'] as const;
/** The scope the API resource server defines besides the OpenID ones; always granted to the web client. */
export const API_SCOPE = 'api';
/**
 * Scopes an access token for the API may carry. The OpenID scopes are included so that the token
 * response's `scope` repeats what the client asked for (as Auth0 does): oidc-client-ts stores it and
 * sends it back with every refresh, and an empty one would be sent as `scope=`.
 */
export const API_RESOURCE_SCOPES = [...WEB_CLIENT_SCOPES, 'offline_access', API_SCOPE] as const;
/** Scopes the device client (command-line tools) may ask for: OpenID ones and the API's delegated scopes. */
export const DEVICE_CLIENT_SCOPES = ['openid', 'offline_access', ...API_SCOPES] as const;

const XSRF_VALUE = /name="xsrf" value="([^"]+)"/;

export interface WebClientSettings {
  readonly clientId: string;
  readonly redirectUris: readonly string[];
  readonly postLogoutRedirectUris: readonly string[];
  /** Origins allowed to call the token, userinfo and revocation endpoints from a browser. */
  readonly corsOrigins: readonly string[];
}

export interface ProviderConfigurationSettings {
  /** Path the provider is mounted at, e.g. `/oidc` (the issuer's path). */
  readonly basePath: string;
  readonly audience: string;
  /** The resource indicator that stands for the API (the audience when it is a URI). */
  readonly resource: string;
  readonly client: WebClientSettings;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  readonly directory: AccountDirectory;
  readonly sql: SqlRunner;
  readonly keys: ProviderKeys;
  readonly chrome: PageChrome;
}

/** A directory account as oidc-provider's `findAccount` result; `identity` spares a second lookup. */
interface ProviderAccount extends Account {
  readonly identity: IdentityAccount;
}

const toProviderAccount = (identity: IdentityAccount): ProviderAccount => ({
  accountId: identity.id,
  identity,
  // oidc-provider keeps only the claims of the granted scopes (profile, email).
  claims: () => ({
    sub: identity.id,
    email: identity.email,
    preferred_username: identity.username,
    name: identity.name || identity.username,
  }),
});

/**
 * oidc-provider's configuration for YSM: one public web client (authorization code + PKCE, no
 * refresh token: it renews with the provider session), the device client of the command-line tools
 * (rotating refresh tokens), RS256 JWT access tokens for the API audience, every model stored in
 * PostgreSQL, and our own sign-in pages.
 */
export function buildProviderConfiguration(settings: ProviderConfigurationSettings): Configuration {
  const { client, directory, chrome, resource } = settings;
  const corsOrigins = new Set(client.corsOrigins);
  const refreshTtl = settings.refreshTokenTtlSeconds;

  const sendPage = (ctx: KoaContextWithOIDC, html: string) => {
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = html;
  };

  return {
    adapter: postgresAdapterFactory(settings.sql),
    jwks: { keys: settings.keys.signing.keys.map((key) => ({ ...key })) },
    cookies: {
      keys: settings.keys.cookies,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: client.clientId,
        client_name: chrome.productName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        // No refresh_token: see WEB_CLIENT_SCOPES. The session cookie renews (docs/decisions.md).
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [...client.redirectUris],
        post_logout_redirect_uris: [...client.postLogoutRedirectUris],
        scope: WEB_CLIENT_SCOPES.join(' '),
      },
      {
        // Command-line tools and plugins: the device authorization grant (RFC 8628), no secret.
        client_id: DEVICE_CLIENT_ID,
        client_name: `${chrome.productName} command-line tools`,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
        response_types: [],
        redirect_uris: [],
        scope: DEVICE_CLIENT_SCOPES.join(' '),
      },
    ],
    responseTypes: ['code'],
    // The API's delegated scopes are listed too, so each client's `scope` limits what it may ask for:
    // the web client never gets them, the device client gets nothing else.
    scopes: [...WEB_CLIENT_SCOPES, 'offline_access', ...API_SCOPES],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    findAccount: async (_ctx, sub) => {
      const identity = await directory.findById(sub);
      return identity ? toProviderAccount(identity) : undefined;
    },
    // The API reads the user's email and username from the access token (see token-verifier.ts), the
    // grant it belongs to (`gid`: signing out revokes the grant, and the API then refuses its tokens)
    // and when the user last signed in (`auth_time`: new personal access tokens need a recent one).
    extraTokenClaims: async (ctx, token) => {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const known = ctx.oidc.entities.Account as ProviderAccount | undefined;
      const identity =
        known?.identity && known.accountId === token.accountId ? known.identity : await directory.findById(token.accountId);
      if (!identity) return undefined;
      const { AuthorizationCode, RefreshToken, DeviceCode } = ctx.oidc.entities;
      const authTime = AuthorizationCode?.authTime ?? RefreshToken?.authTime ?? DeviceCode?.authTime;
      return {
        email: identity.email,
        preferred_username: identity.username,
        ...('grantId' in token && token.grantId ? { gid: token.grantId } : {}),
        ...(typeof authTime === 'number' ? { auth_time: authTime } : {}),
      };
    },
    // Only clients allowed the refresh_token grant get one (the device client; never the web client).
    // OpenID Connect keeps `offline_access` only when the request says prompt=consent; a public
    // client signed in with openid gets them anyway, and `expiresWithSession` below ties them to the
    // provider session ("online" refresh tokens), which is what offline_access would otherwise have lifted.
    issueRefreshToken: async (_ctx, tokenClient, code) =>
      tokenClient.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') || (tokenClient.clientAuthMethod === 'none' && code.scopes.has('openid'))),
    // Public clients must rotate (OAuth 2.0 for browser apps); a reused refresh token revokes the grant.
    rotateRefreshToken: true,
    // Tokens end with the provider session: signing out (either way) also ends the refresh tokens.
    // The session (cookie `_session`, SameSite=Lax, HttpOnly) is also what renews the web app's tokens:
    // its lifetime below is how long a browser stays signed in without typing the password.
    expiresWithSession: async () => true,
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? settings.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: settings.accessTokenTtlSeconds,
      Interaction: 60 * 60,
      Grant: refreshTtl,
      Session: refreshTtl,
      // The lifetime is counted from the first sign-in: rotation does not extend it.
      RefreshToken: (ctx, _token) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated ? Math.max(1, rotated.remainingTTL) : refreshTtl;
      },
    },
    interactions: {
      url: (_ctx, interaction) => `${settings.basePath}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      deviceFlow: {
        enabled: true,
        userCodeInputSource: (ctx, form, _out, err) => {
          const xsrf = XSRF_VALUE.exec(form)?.[1] ?? '';
          const error = !err ? undefined
            : err.name === 'AbortedError' ? 'The request was denied. Start again on your device.'
            : 'That code is not valid or has expired. Check it on your device and try again.';
          sendPage(ctx, renderDeviceCodePage({ chrome, actionUrl: ctx.oidc.urlFor('code_verification'), xsrf, error }));
        },
        userCodeConfirmSource: (ctx, form, tokenClient, _deviceInfo, userCode) => {
          const requested = apiScopesOf(ctx.oidc.entities.DeviceCode?.params?.scope);
          sendPage(
            ctx,
            renderDeviceConfirmPage({
              chrome,
              clientName: tokenClient.clientName ?? tokenClient.clientId,
              userCode,
              scopes: API_SCOPES.filter((scope) => requested.has(scope)).map((name) => ({ name, description: API_SCOPE_DESCRIPTIONS[name] })),
              providerFormHtml: form,
              formId: 'op.deviceConfirmForm',
            }),
          );
        },
        successSource: (ctx) =>
          sendPage(
            ctx,
            renderMessagePage({
              chrome,
              title: 'Device connected',
              message: 'You can close this page and go back to your device.',
            }),
          ),
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) =>
          sendPage(ctx, renderLogoutPage({ chrome, providerFormHtml: form, formId: 'op.logoutForm' })),
        postLogoutSuccessSource: (ctx) =>
          sendPage(
            ctx,
            renderMessagePage({
              chrome,
              title: 'You are signed out',
              message: `Thanks for using ${chrome.productName}.`,
              link: { href: chrome.homeUrl, label: `Back to ${chrome.productName}` },
            }),
          ),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            audience: settings.audience,
            scope: [...API_RESOURCE_SCOPES, ...API_SCOPES].join(' '),
            accessTokenTTL: settings.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    renderError: (ctx, out) => {
      sendPage(
        ctx,
        renderMessagePage({
          chrome,
          title: 'Sign-in problem',
          // oidc-provider's descriptions are written for users and never carry internals.
          message: out.error_description ?? out.error,
          link: { href: chrome.homeUrl, label: `Back to ${chrome.productName}` },
        }),
      );
    },
  };
}
