import { InMemoryWebStorage, UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';

/**
 * Settings for the renewal frame's own UserManager. `signinSilentCallback` only posts the address
 * the provider sent the frame to (with the code or the error) to the page that opened the frame, on
 * this origin; the page's UserManager checks the state and exchanges the code. The frame never needs
 * GET /client-config: its authority and client are never contacted, it keeps nothing (an in-memory
 * store) and starts no renewal or session monitoring of its own.
 */
export function silentRenewCallbackSettings(location: Pick<Location, 'origin' | 'href'>): UserManagerSettings {
  return {
    authority: location.origin,
    client_id: 'silent-renew-frame',
    redirect_uri: location.href,
    automaticSilentRenew: false,
    monitorSession: false,
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
  };
}

/** What web/silent-renew.html runs: hands the provider's answer to the parent page. */
export async function completeSilentRenew(location: Pick<Location, 'origin' | 'href'> = window.location): Promise<void> {
  await new UserManager(silentRenewCallbackSettings(location)).signinSilentCallback(location.href);
}
