import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import type { ClientConfig } from '../config/client-config';
import { LOGOUT_LANDING } from '../router/paths';

/** oidc-client-ts settings for the provider GET /client-config names (spec 1 §7). */
export function oidcSettings(config: ClientConfig, origin: string): UserManagerSettings {
  const { authority, clientId, scope, audience } = config.oidc;
  return {
    authority,
    client_id: clientId,
    redirect_uri: origin,
    post_logout_redirect_uri: `${origin}${LOGOUT_LANDING}`,
    response_type: 'code',
    scope,
    // Tokens survive reloads and new tabs, as the spec's local-storage caching asks.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // Renews with the refresh token (offline_access) shortly before the access token expires.
    automaticSilentRenew: true,
    // External providers such as Auth0 issue API access tokens only for a named audience.
    ...(audience ? { extraQueryParams: { audience } } : {}),
  };
}

export function createUserManager(config: ClientConfig, origin = window.location.origin): UserManager {
  return new UserManager(oidcSettings(config, origin));
}
