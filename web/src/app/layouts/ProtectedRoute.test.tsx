import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/render-app';

describe('protected routes', () => {
  it('send signed-out visitors to /welcome', async () => {
    const { location } = renderApp({ path: '/account/profile' });
    await waitFor(() => expect(location()).toBe('/welcome'));
    expect(await screen.findByRole('button', { name: 'Start Creating Now - FREE' })).toBeInTheDocument();
  });

  it('let signed-in users through', async () => {
    const { location } = renderApp({ path: '/account/profile', signedIn: true });
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(location()).toBe('/account/profile');
  });

  it('leave the home page open to everyone: the generator, which asks visitors to log in', async () => {
    const { location } = renderApp({ path: '/' });
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(await screen.findByText('Please log in to use the beat generator.')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('textbox', { name: 'Describe your beat' }));
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});

describe('unknown paths', () => {
  it('show a real "Page not found" page with a link home, inside the site layout', async () => {
    const { user, location } = renderApp({ path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to home' }));
    expect(location()).toBe('/');
  });
});
