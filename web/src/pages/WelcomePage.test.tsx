import { screen, waitFor } from '@testing-library/react';
import { signinRequestStarted } from '../test/oidc-user';
import { renderApp } from '../test/render-app';

const START_BUTTONS = ['Start Creating Now - FREE', 'Try Free Demo', 'Generate Your Own Beats'];

describe('/welcome', () => {
  it('presents the product without the header, with plan and creator links', async () => {
    renderApp({ path: '/welcome' });
    expect(await screen.findByRole('heading', { level: 1, name: /Type a prompt/ })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans & Pricing' })).toHaveAttribute('href', '/subscription-features');
    expect(screen.getByRole('link', { name: 'Join Creator Program' })).toHaveAttribute('href', '/choice');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByText('You have been signed out.')).not.toBeInTheDocument();
  });

  it.each(START_BUTTONS)('"%s" signs a visitor in', async (label) => {
    const { user } = renderApp({ path: '/welcome' });
    await user.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(signinRequestStarted()).toBe(true));
  });

  it.each(START_BUTTONS)('"%s" takes a signed-in user to the generator', async (label) => {
    const { user, location } = renderApp({ path: '/welcome', signedIn: true });
    await user.click(await screen.findByRole('button', { name: label }));
    expect(location()).toBe('/');
    expect(signinRequestStarted()).toBe(false);
  });

  it('confirms a logout', async () => {
    renderApp({ path: '/welcome?from=logout' });
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
  });
});
