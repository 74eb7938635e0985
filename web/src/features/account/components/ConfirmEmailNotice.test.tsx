import { act, screen, waitFor } from '@testing-library/react';
import { FakeBackend } from '../../../test/fake-backend';
import { renderApp } from '../../../test/render-app';

function unconfirmed() {
  const backend = new FakeBackend();
  // The email is the one the sign-in shows (the fake ID token's), which the app syncs.
  backend.user = { ...backend.user, tokensRemaining: 0, emailConfirmationPending: true };
  return backend;
}

describe('email confirmation notice', () => {
  it('tells a new account its free tokens wait for the link mailed to its address', async () => {
    renderApp({ signedIn: true, backend: unconfirmed(), path: '/subscriptions' });
    const notice = await screen.findByRole('region', { name: 'Confirm your email address' }, { timeout: 5000 });
    expect(notice).toHaveTextContent('Confirm your email address to get your free tokens. We sent a link to demo@ysm.local.');
    expect(await screen.findByText('Tokens Remaining: 0')).toBeInTheDocument();
  });

  it('mails a new link on request and shows what the api answered, refusals included', async () => {
    const backend = unconfirmed();
    const { user } = renderApp({ signedIn: true, backend, path: '/subscriptions' });
    const button = await screen.findByRole('button', { name: 'Send the link again' }, { timeout: 5000 });
    await user.click(button);
    expect(await screen.findByText('We sent a new confirmation link to demo@ysm.local.')).toHaveAttribute('role', 'status');
    backend.confirmationResends = 3;
    await user.click(button);
    expect(await screen.findByText('We have sent several links already. Ask again in 60 minutes.')).toHaveAttribute('role', 'alert');
    expect(backend.operations('ResendEmailConfirmation')).toHaveLength(2);
  });

  it('goes away once the address is confirmed, when the window is back in focus', async () => {
    const backend = unconfirmed();
    renderApp({ signedIn: true, backend, path: '/subscriptions' });
    await screen.findByRole('region', { name: 'Confirm your email address' }, { timeout: 5000 });
    backend.user = { ...backend.user, tokensRemaining: 25, emailConfirmationPending: false };
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Confirm your email address' })).not.toBeInTheDocument());
    expect(await screen.findByText('Tokens Remaining: 25')).toBeInTheDocument();
  });

  it('shows nothing to a confirmed account or a visitor', async () => {
    renderApp({ signedIn: true, path: '/subscriptions' });
    expect(await screen.findByText('Tokens Remaining: 25', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your email address' })).not.toBeInTheDocument();
  });
});
