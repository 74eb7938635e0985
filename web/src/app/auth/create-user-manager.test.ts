import { OidcClient, WebStorageStateStore } from 'oidc-client-ts';
import { TEST_CLIENT_CONFIG } from '../../test/test-config';
import { OIDC_USER_KEY } from '../../test/oidc-user';
import { createUserManager, oidcSettings } from './create-user-manager';

const METADATA = {
  issuer: 'http://api.test/oidc',
  authorization_endpoint: 'http://api.test/oidc/auth',
  token_endpoint: 'http://api.test/oidc/token',
};

async function authorizeUrl(audience: string | null): Promise<URL> {
  const settings = oidcSettings({ ...TEST_CLIENT_CONFIG, oidc: { ...TEST_CLIENT_CONFIG.oidc, audience } }, 'https://ysm.example');
  const request = await new OidcClient({ ...settings, metadata: METADATA }).createSigninRequest({});
  return new URL(request.url);
}

describe('identity provider settings', () => {
  it('follow the spec: origin as redirect, logout to /welcome?from=logout; automatic renewal in a hidden frame', () => {
    const settings = oidcSettings(TEST_CLIENT_CONFIG, 'https://ysm.example');
    expect(settings).toMatchObject({
      authority: 'http://api.test/oidc',
      client_id: 'ysm-web',
      redirect_uri: 'https://ysm.example',
      post_logout_redirect_uri: 'https://ysm.example/welcome?from=logout',
      response_type: 'code',
      scope: 'openid profile email',
      automaticSilentRenew: true,
      silent_redirect_uri: 'https://ysm.example/silent-renew.html',
    });
    expect(settings.userStore).toBeInstanceOf(WebStorageStateStore);
  });

  it("keeps the signed-in user in this tab's session storage, never in local storage", async () => {
    const settings = oidcSettings(TEST_CLIENT_CONFIG, 'https://ysm.example');
    await settings.userStore!.set('probe', 'value');
    expect(sessionStorage.getItem('oidc.probe')).toBe('value');
    expect(localStorage.getItem('oidc.probe')).toBeNull();
  });

  it('removes the users an earlier version kept in local storage, and nothing else', () => {
    localStorage.setItem('oidc.user:http://api.test/oidc:ysm-web', '{"access_token":"old","refresh_token":"old-refresh"}');
    localStorage.setItem('oidc.user:https://other.example:other', '{}');
    localStorage.setItem('oidc.4f1c2d', '{"request_type":"si:r"}');
    localStorage.setItem('ysm:volume', '0.8');
    sessionStorage.setItem(OIDC_USER_KEY, '{"access_token":"current"}');

    createUserManager(TEST_CLIENT_CONFIG, 'https://ysm.example');

    expect(Object.keys(localStorage).sort()).toEqual(['oidc.4f1c2d', 'ysm:volume']);
    expect(sessionStorage.getItem(OIDC_USER_KEY)).toBe('{"access_token":"current"}');
  });

  it('asks for the configured audience on authorize, and for none when it is null', async () => {
    const withAudience = await authorizeUrl('https://api.ysm');
    expect(withAudience.searchParams.get('audience')).toBe('https://api.ysm');
    expect(withAudience.searchParams.get('scope')).toBe('openid profile email');
    expect(withAudience.searchParams.get('code_challenge_method')).toBe('S256');

    const without = await authorizeUrl(null);
    expect(without.searchParams.has('audience')).toBe(false);
    expect(without.searchParams.get('redirect_uri')).toBe('https://ysm.example');
  });
});
