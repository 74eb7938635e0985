import { screen, waitFor } from '@testing-library/react';
import { FakeBackend } from '../../test/fake-backend';
import { renderApp } from '../../test/render-app';
import { USER_DATA_SENT_FLAG } from './auth-storage';

describe('send user data once per login (requirements §L7)', () => {
  it('sends the email and username from the identity provider, then sets the flag', async () => {
    const backend = new FakeBackend();
    renderApp({ signedIn: { email: 'mia@ysm.local', username: 'mia' }, backend });

    await waitFor(() => expect(localStorage.getItem(USER_DATA_SENT_FLAG)).toBe('true'));
    const calls = backend.operations('SyncUser');
    expect(calls).toHaveLength(1);
    expect(FakeBackend.operationOf(calls[0]).variables).toEqual({ email: 'mia@ysm.local', username: 'mia' });
    expect(calls[0].headers.get('authorization')).toBe('Bearer access-1');
  });

  it('does not send again while the flag is set (a reload, another tab)', async () => {
    localStorage.setItem(USER_DATA_SENT_FLAG, 'true');
    const backend = new FakeBackend();
    renderApp({ signedIn: true, backend });
    await screen.findByText('Tokens Remaining: 25');
    expect(backend.operations('SyncUser')).toHaveLength(0);
  });

  it('clears the flag when nobody is signed in, so the next login sends again', async () => {
    localStorage.setItem(USER_DATA_SENT_FLAG, 'true');
    const backend = new FakeBackend();
    renderApp({ backend });
    await screen.findByRole('button', { name: 'Account' });
    // The flag is cleared by an effect once the session settles as anonymous; the menu button can
    // be on screen a commit earlier, so wait for the effect rather than racing it.
    await waitFor(() => expect(localStorage.getItem(USER_DATA_SENT_FLAG)).toBeNull());
    expect(backend.operations('SyncUser')).toHaveLength(0);
  });

  it('does not retry a failed send until the next login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = new FakeBackend();
    backend.validTokens = new Set(['another-token']);
    renderApp({ signedIn: true, backend });
    await waitFor(() => expect(backend.operations('SyncUser')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(backend.operations('SyncUser')).toHaveLength(1);
    expect(localStorage.getItem(USER_DATA_SENT_FLAG)).toBeNull();
  });
});
