import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import type { ClientConfig } from '../config/client-config';
import { LOGOUT_LANDING } from '../router/paths';
import { removeLegacyStoredUsers } from './auth-storage';

/**
 * The page the provider sends the hidden renewal frame back to (web/silent-renew.html, built as a
 * second entry of the app): it hands the answer to this page and does nothing else.
 */
export const SILENT_RENEW_PATH = '/silent-renew.html';

/** oidc-client-ts settings for the provider GET /client-config names (requirements §L7). */
export function oidcSettings(config: ClientConfig, origin: string): UserManagerSettings {
  const { authority, clientId, scope, audience } = config.oidc;
  return {
    authority,
    client_id: clientId,
    redirect_uri: origin,
    post_logout_redirect_uri: `${origin}${LOGOUT_LANDING}`,
    response_type: 'code',
    scope,
    // The user (access and ID tokens) lives in this tab's session storage: it survives reloads, is not
    // shared with other tabs and ends with the tab. A new tab gets its own tokens from the provider's
    // session (SessionProvider); docs/decisions.md "The web app keeps no refresh token".
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    // Renews shortly before the access token expires, without a refresh token: a hidden frame asks the
    // provider again with prompt=none, and the provider's own session cookie (HttpOnly, SameSite=Lax,
    // out of any script's reach) answers with a new code. The frame is same-site with the app, so the
    // cookie is sent (docs/decisions.md "The web app keeps no refresh token").
    automaticSilentRenew: true,
    silent_redirect_uri: `${origin}${SILENT_RENEW_PATH}`,
    // (validateSubOnSilentRenew, on by default, refuses an answer for another account.)
    // External providers such as Auth0 issue API access tokens only for a named audience.
    ...(audience ? { extraQueryParams: { audience } } : {}),
  };
}

export function createUserManager(config: ClientConfig, origin = window.location.origin): UserManager {
  removeLegacyStoredUsers(window.localStorage);
  return new UserManager(oidcSettings(config, origin));
}
