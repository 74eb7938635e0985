import { screen, waitFor, within } from '@testing-library/react';
import { signinRequestStarted } from '../../../test/oidc-user';
import { FakeBackend } from '../../../test/fake-backend';
import { renderApp } from '../../../test/render-app';

async function openAccountMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Account' }));
  return screen.getByRole('menu');
}

describe('header', () => {
  it('shows the token balance from `me` when signed in, and follows refetches', async () => {
    const backend = new FakeBackend();
    const { user } = renderApp({ signedIn: true, backend });

    expect(await screen.findByText('Tokens Remaining: 25')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'YSM home' })).toHaveAttribute('href', '/');

    // Another screen refetches `me` (the generator does after each beat): the header follows the cache.
    backend.user = { ...backend.user, tokensRemaining: 24 };
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('menuitem', { name: 'My Account' }));
    expect(await screen.findByText('Tokens Remaining: 24')).toBeInTheDocument();
  });

  it('shows no balance when signed out', async () => {
    renderApp();
    await screen.findByRole('button', { name: 'Account' });
    expect(screen.queryByText(/Tokens Remaining/)).not.toBeInTheDocument();
  });

  it('lists Logout, My Account, Subscriptions and Contribute when signed in', async () => {
    const { user } = renderApp({ signedIn: true });
    const menu = await openAccountMenu(user);
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Logout', 'My Account', 'Subscriptions', 'Contribute']);
    expect(within(menu).getByRole('menuitem', { name: 'My Account' })).toHaveAttribute('href', '/account/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Subscriptions' })).toHaveAttribute('href', '/subscriptions');
  });

  it('lists only Login/Register when signed out, which starts sign-in', async () => {
    const { user, backend } = renderApp();
    const menu = await openAccountMenu(user);
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Login/Register']);

    await user.click(within(menu).getByRole('menuitem', { name: 'Login/Register' }));
    await waitFor(() => expect(signinRequestStarted()).toBe(true));
    expect(backend.requestsTo('/oidc/.well-known/openid-configuration')).toHaveLength(1);
  });

  it('closes the account menu on a click outside and on Escape', async () => {
    const { user } = renderApp({ signedIn: true });
    await openAccountMenu(user);
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await openAccountMenu(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
  });

  it('works from the keyboard: open with Enter, move with the arrows, choose with Enter', async () => {
    const { user, location } = renderApp({ signedIn: true });
    const button = await screen.findByRole('button', { name: 'Account' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My Account' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Contribute' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}{Enter}');
    await waitFor(() => expect(location()).toBe('/account/profile'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  describe('Contribute', () => {
    async function contribute(backend: FakeBackend) {
      const app = renderApp({ signedIn: true, backend });
      const menu = await openAccountMenu(app.user);
      await app.user.click(within(menu).getByRole('menuitem', { name: 'Contribute' }));
      return app;
    }

    it('goes to /contributor-setup when the user has a payout account', async () => {
      const backend = new FakeBackend();
      backend.stripeAccount = true;
      const { location } = await contribute(backend);
      await waitFor(() => expect(location()).toBe('/contributor-setup'));
      const [check] = backend.requestsTo('/check-stripe-account', 'GET');
      expect(check?.headers.get('authorization')).toBe('Bearer access-1');
      expect(check?.credentials).toBe('include');
    });

    it('goes to /choice when the user has none', async () => {
      const backend = new FakeBackend();
      backend.stripeAccount = false;
      const { location } = await contribute(backend);
      await waitFor(() => expect(location()).toBe('/choice'));
    });

    it('goes to /choice when the check fails', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const backend = new FakeBackend();
      backend.stripeAccount = { status: 500, statusText: 'Internal Server Error', body: { error: 'boom' } };
      const { location } = await contribute(backend);
      await waitFor(() => expect(location()).toBe('/choice'));
      expect(backend.requestsTo('/check-stripe-account')).toHaveLength(1);
    });
  });

  describe('? Learn More', () => {
    it('expands to the information pages and closes on a click outside', async () => {
      const { user } = renderApp();
      const toggle = await screen.findByRole('button', { name: '? Learn More' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const header = screen.getByRole('banner');
      expect(within(header).queryByRole('link', { name: 'About Us' })).not.toBeInTheDocument();

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      expect(panel).not.toBeNull();
      const hrefs = within(panel!).getAllByRole('link').map((link) => link.getAttribute('href'));
      expect(hrefs).toEqual(['/subscription-features', '/beat-editing', '/rights-usage', '/ysm-licenses', '/about', '/terms-conditions']);

      await user.click(screen.getByRole('contentinfo'));
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(within(panel!).queryByRole('link')).not.toBeInTheDocument();
    });

    it('closes when a link is followed', async () => {
      const { user, location } = renderApp();
      await user.click(await screen.findByRole('button', { name: '? Learn More' }));
      await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'How Beat Editing Works' }));
      expect(location()).toBe('/beat-editing');
      expect(screen.getByRole('button', { name: '? Learn More' })).toHaveAttribute('aria-expanded', 'false');
    });
  });

  it('is not shown on /welcome', async () => {
    renderApp({ path: '/welcome', signedIn: true });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Tokens Remaining/)).not.toBeInTheDocument();
  });
});
