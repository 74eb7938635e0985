import { screen, waitFor, within } from '@testing-library/react';
import { FakeBackend } from '../../test/fake-backend';
import { OIDC_USER_KEY } from '../../test/oidc-user';
import { renderApp } from '../../test/render-app';
import { POST_LOGIN_REFRESH_FLAG, SIGNED_IN_HINT, USER_DATA_SENT_FLAG } from './auth-storage';

async function logOut(backend: FakeBackend, path = '/account/profile') {
  const app = renderApp({ path, signedIn: true, backend });
  await screen.findByText('Tokens Remaining: 25');
  localStorage.setItem(POST_LOGIN_REFRESH_FLAG, 'true');
  localStorage.setItem(SIGNED_IN_HINT, 'true');
  await app.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Account' }));
  await app.user.click(screen.getByRole('menuitem', { name: 'Logout' }));
  return app;
}

describe('logout (requirements §L4)', () => {
  it('tells the api with the bearer token and cookies, clears local state and lands on /welcome?from=logout', async () => {
    const backend = new FakeBackend();
    const { location } = await logOut(backend);

    await waitFor(() => expect(location()).toBe('/welcome?from=logout'));
    const [call] = backend.requestsTo('/auth/logout', 'POST');
    expect(call?.headers.get('authorization')).toBe('Bearer access-1');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.credentials).toBe('include');
    expect(call?.body).toBeUndefined();
    expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull();
    expect(localStorage.getItem(USER_DATA_SENT_FLAG)).toBeNull();
    expect(localStorage.getItem(POST_LOGIN_REFRESH_FLAG)).toBeNull();
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBeNull();
    expect(screen.queryByText(/Tokens Remaining/)).not.toBeInTheDocument();
  });

  // A protected page redirects a signed-out visitor by itself, before the logout's navigation runs:
  // both must land on /welcome?from=logout ("You have been signed out."), wherever the user was.
  it.each(['/account/profile', '/subscriptions', '/'])('lands on /welcome?from=logout from %s, replacing the page in history', async (path) => {
    const { location, router } = await logOut(new FakeBackend(), path);

    await waitFor(() => expect(location()).toBe('/welcome?from=logout'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull();
  });

  it('still signs out and lands on /welcome?from=logout when the api call fails, logging the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = new FakeBackend();
    backend.logoutReply = { status: 500, statusText: 'Internal Server Error', body: { error: 'boom' } };
    const { location } = await logOut(backend);

    await waitFor(() => expect(location()).toBe('/welcome?from=logout'));
    expect(backend.requestsTo('/auth/logout', 'POST')).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith('Failed to log out from backend.', expect.objectContaining({ status: 500 }));
    expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull();
  });

  it('still signs out when the api cannot be reached at all', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = new FakeBackend();
    const { location, user } = renderApp({ signedIn: true, backend });
    await screen.findByText('Tokens Remaining: 25');
    const networkDown = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((input instanceof Request ? input.url : input.toString()).endsWith('/auth/logout')) throw new TypeError('Failed to fetch');
      return backend.fetch(input, init);
    });
    vi.stubGlobal('fetch', networkDown);

    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(location()).toBe('/welcome?from=logout'));
    expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull();
  });
});
