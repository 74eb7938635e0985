import { screen, waitFor } from '@testing-library/react';
import { FakeBackend } from '../../../test/fake-backend';
import { signinRequestStarted } from '../../../test/oidc-user';
import { renderApp } from '../../../test/render-app';

describe('/choice', () => {
  it('is public: three banners, Producer starts the login when signed out', async () => {
    const { user, location } = renderApp({ path: '/choice' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Producer' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Songwriter (coming soon)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Vocal Artist (coming soon)' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Coming soon' }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Producer' }));
    await waitFor(() => expect(signinRequestStarted()).toBe(true));
    expect(location()).toBe('/choice');
  });

  it.each([
    ['with a payout account', '/contributor-setup', true],
    ['without one', '/Producer-Signup', false],
    ['when the check fails', '/Producer-Signup', { status: 500, body: { error: 'boom' } }],
  ] as const)('signed in %s, Producer goes to %s', async (_label, target, account) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = new FakeBackend();
    backend.stripeAccount = account;
    const { user, location } = renderApp({ path: '/choice', signedIn: true, backend });
    await user.click(await screen.findByRole('button', { name: 'Producer' }, { timeout: 10_000 }));
    await waitFor(() => expect(location()).toBe(target));
    expect(backend.requestsTo('/check-stripe-account', 'GET')[0]?.headers.get('authorization')).toBe('Bearer access-1');
  });

  it("the landing page's Join Creator Program goes to /choice", async () => {
    const { user, location } = renderApp({ path: '/welcome' });
    await user.click((await screen.findAllByRole('link', { name: 'Join Creator Program' }, { timeout: 10_000 }))[0]);
    await waitFor(() => expect(location()).toBe('/choice'));
  });
});
