import { completeSilentRenew, silentRenewCallbackSettings } from './silent-renew-callback';

describe('the renewal page (silent-renew.html)', () => {
  it("posts the provider's answer to the page that opened the frame, on its own origin only", async () => {
    const posted = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const href = `${window.location.origin}/silent-renew.html?code=code-2&state=state-1&iss=http%3A%2F%2Fapi.test%2Foidc`;

    await completeSilentRenew({ origin: window.location.origin, href });

    expect(posted).toHaveBeenCalledTimes(1);
    // jsdom's top window is its own parent; in the browser this is the app's window.
    expect(posted).toHaveBeenCalledWith({ source: 'oidc-client', url: href, keepOpen: false }, window.location.origin);
  });

  it('keeps nothing and starts no renewal of its own', async () => {
    const settings = silentRenewCallbackSettings({ origin: 'https://ysm.example', href: 'https://ysm.example/silent-renew.html?error=login_required&state=s' });
    expect(settings).toMatchObject({ automaticSilentRenew: false, monitorSession: false });
    await settings.userStore!.set('user:x', 'value');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
