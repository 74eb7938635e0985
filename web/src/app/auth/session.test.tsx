import { screen, waitFor } from '@testing-library/react';
import { OidcClient } from 'oidc-client-ts';
import { pageNavigation } from '../browser/page-navigation';
import { FakeBackend } from '../../test/fake-backend';
import { OIDC_USER_KEY, storeLogin } from '../../test/oidc-user';
import { answerRenewalFrames } from '../../test/provider-frame';
import { TEST_CLIENT_CONFIG } from '../../test/test-config';
import { renderApp } from '../../test/render-app';
import { PAGE_LOADING_MESSAGE } from '../../ui/loading-overlay/LoadingOverlay';
import { POST_LOGIN_REFRESH_FLAG, SIGNED_IN_HINT, USER_DATA_SENT_FLAG } from './auth-storage';
import { oidcSettings } from './create-user-manager';

const INVALID_REFRESH = { status: 400, statusText: 'Bad Request', body: { error: 'invalid_grant', error_description: 'Invalid refresh token.' } };

describe('the session in the running app', () => {
  it('shows the loading overlay while the session is settled', async () => {
    renderApp({ signedIn: true });
    expect(screen.getByText(PAGE_LOADING_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText('Tokens Remaining: 25')).toBeInTheDocument();
    // The home page (the generator) is a chunk of its own: the overlay stays until it has loaded too.
    await waitFor(() => expect(screen.queryByText(PAGE_LOADING_MESSAGE)).not.toBeInTheDocument());
  });

  it('renews a stored login whose access token expired (in the hidden frame) before deciding who is signed in', async () => {
    const backend = new FakeBackend();
    backend.validTokens = new Set();
    const frames = answerRenewalFrames(() => ({ code: 'code-2' }));
    const { location } = renderApp({ path: '/account/profile', signedIn: { expiresIn: -60 }, backend });

    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(location()).toBe('/account/profile');
    expect(frames.requests).toHaveLength(1);
    expect(frames.requests[0].searchParams.get('prompt')).toBe('none');
    expect(backend.requestsTo('/oidc/token', 'POST')).toHaveLength(1);
    const [me] = backend.operations('Me');
    expect(me?.headers.get('authorization')).toBe('Bearer access-2');
  });

  it('signs out quietly when the provider session behind an expired stored login has ended (login_required)', async () => {
    localStorage.setItem(USER_DATA_SENT_FLAG, 'true');
    answerRenewalFrames(() => ({ error: 'login_required' }));
    const { location } = renderApp({ path: '/', signedIn: { expiresIn: -60 } });

    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull());
    expect(screen.queryByText(/Tokens Remaining/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem(USER_DATA_SENT_FLAG)).toBeNull();
    expect(location()).toBe('/');
  });

  it('applies the session-expiry rule when a stored login cannot be renewed with its refresh token (external provider)', async () => {
    const backend = new FakeBackend();
    backend.refreshReply = INVALID_REFRESH;
    localStorage.setItem(USER_DATA_SENT_FLAG, 'true');
    localStorage.setItem('theme', 'dark');
    const { location } = renderApp({ path: '/account/profile', signedIn: { expiresIn: -60, refreshToken: 'refresh-1' }, backend });

    await waitFor(() => expect(location()).toBe('/welcome?from=logout'), { timeout: 4000 });
    expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull();
    expect(localStorage.getItem(USER_DATA_SENT_FLAG)).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
  });

  it('renews automatically in the hidden frame shortly before the access token expires', async () => {
    const backend = new FakeBackend();
    const frames = answerRenewalFrames(() => ({ code: 'code-2' }));
    // Expiring within the minute: oidc-client-ts renews about a second after loading it.
    renderApp({ path: '/account/profile', signedIn: { expiresIn: 30 }, backend });

    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem(OIDC_USER_KEY) ?? '{}')).toMatchObject({ access_token: 'access-2' }), { timeout: 4000 });
    expect(frames.requests).toHaveLength(1);
    expect(frames.requests[0].searchParams.get('redirect_uri')).toBe(`${window.location.origin}/silent-renew.html`);
    expect(new URLSearchParams(String(backend.requestsTo('/oidc/token', 'POST')[0].body)).get('grant_type')).toBe('authorization_code');
  });

  it('applies the session-expiry rule when the automatic renewal before expiry fails', async () => {
    const backend = new FakeBackend();
    backend.codeReply = INVALID_REFRESH;
    answerRenewalFrames(() => ({ code: 'code-2' }));
    const { location } = renderApp({ path: '/account/profile', signedIn: { expiresIn: 30 }, backend });

    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/welcome?from=logout'), { timeout: 4000 });
    expect(backend.requestsTo('/oidc/token', 'POST')).toHaveLength(1);
    expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull();
  });

  it("keeps the tokens in this tab's session storage, and remembers only that someone signed in", async () => {
    const frames = answerRenewalFrames(() => ({ code: 'code-2' }));
    renderApp({ path: '/account/profile', signedIn: { expiresIn: -60 } });

    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(frames.requests).toHaveLength(1);
    expect(JSON.parse(sessionStorage.getItem(OIDC_USER_KEY) ?? '{}')).toMatchObject({ access_token: 'access-2' });
    await waitFor(() => expect(localStorage.getItem(SIGNED_IN_HINT)).toBe('true'));
    // Nothing in local storage carries a token.
    for (const key of Object.keys(localStorage)) expect(localStorage.getItem(key)).not.toMatch(/access-|refresh-|\beyJ/);
  });

  it('a new tab of a browser that signed in gets its own tokens from the provider session before deciding', async () => {
    localStorage.setItem(SIGNED_IN_HINT, 'true');
    const backend = new FakeBackend();
    const frames = answerRenewalFrames(() => ({ code: 'code-2' }));
    const { location } = renderApp({ path: '/account/profile', backend });

    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(location()).toBe('/account/profile');
    expect(frames.requests).toHaveLength(1);
    expect(frames.requests[0].searchParams.get('prompt')).toBe('none');
    expect(JSON.parse(sessionStorage.getItem(OIDC_USER_KEY) ?? '{}')).toMatchObject({ access_token: 'access-2' });
    expect(backend.operations('Me')[0]?.headers.get('authorization')).toBe('Bearer access-2');
  });

  it('a new tab starts signed out, and forgets the sign-in, when the provider session has ended', async () => {
    localStorage.setItem(SIGNED_IN_HINT, 'true');
    const frames = answerRenewalFrames(() => ({ error: 'login_required' }));
    const { location } = renderApp({ path: '/account/profile' });

    await waitFor(() => expect(location()).toBe('/welcome'));
    expect(frames.requests).toHaveLength(1);
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBeNull();
    expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull();
  });

  it('a visitor who never signed in is not kept waiting for the provider', async () => {
    const frames = answerRenewalFrames(() => ({ code: 'code-2' }));
    renderApp();
    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(PAGE_LOADING_MESSAGE)).not.toBeInTheDocument());
    expect(frames.requests).toHaveLength(0);
    expect(screen.queryByText(/Tokens Remaining/)).not.toBeInTheDocument();
  });

  it('after the login redirect: shows the overlay, sets the flag and reloads once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/?code=abc&state=unknown-state');

    renderApp();

    expect(screen.getByText(PAGE_LOADING_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(POST_LOGIN_REFRESH_FLAG)).toBe('true'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 4000 });
    expect(screen.getByText(PAGE_LOADING_MESSAGE)).toBeInTheDocument();
  });

  it('records a failed sign-in callback: a state mismatch reads "Invalid state"', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The reload already happened (flag set), so no overlay hides the message.
    localStorage.setItem(POST_LOGIN_REFRESH_FLAG, 'true');
    window.history.replaceState(null, '', '/?code=abc&state=unknown-state');
    const { user } = renderApp();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid state');
    // The message is set while rendering; the log is a side effect, written once the render commits.
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Login error', expect.objectContaining({ source: 'signinCallback' })));
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs out silently, without navigating, when the provider answers login_required', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeLogin();
    localStorage.setItem(USER_DATA_SENT_FLAG, 'true');
    localStorage.setItem(POST_LOGIN_REFRESH_FLAG, 'true');
    // A sign-in request the provider answers with login_required (as a prompt=none request would be).
    const settings = oidcSettings(TEST_CLIENT_CONFIG, window.location.origin);
    const client = new OidcClient({ ...settings, metadata: { issuer: TEST_CLIENT_CONFIG.oidc.authority, authorization_endpoint: 'http://api.test/oidc/auth', token_endpoint: 'http://api.test/oidc/token' } });
    const request = await client.createSigninRequest({ request_type: 'si:r' });
    window.history.replaceState(null, '', `/?error=login_required&state=${request.state.id}`);

    const { location } = renderApp();

    await waitFor(() => expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull());
    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByText(/Tokens Remaining/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem(USER_DATA_SENT_FLAG)).toBeNull();
    expect(location()).toBe('/');
    expect(logged).not.toHaveBeenCalledWith('Login error', expect.anything());
  });
});
