import { screen, waitFor, within } from '@testing-library/react';
import { pageNavigation } from '../../../app/browser/page-navigation';
import { FakeBackend, gqlError } from '../../../test/fake-backend';
import { OIDC_USER_KEY } from '../../../test/oidc-user';
import { renderApp } from '../../../test/render-app';
import { PAGE_LOADING_MESSAGE } from '../../../ui/loading-overlay/LoadingOverlay';
import { COUNTRIES } from '../countries';

function openProfile(backend = new FakeBackend()) {
  return renderApp({ path: '/account/profile', signedIn: true, backend });
}

describe('My Account', () => {
  it('shows the overlay until the profile loads, then the profile', async () => {
    openProfile();
    expect(screen.getByText(PAGE_LOADING_MESSAGE)).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(screen.queryByText(PAGE_LOADING_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByText('demo')).toBeInTheDocument();
    expect(screen.getByText('demo@ysm.local')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', 'http://api.test/media/avatar-1.png');
    expect(screen.getByLabelText('Artist/Producer name')).toHaveValue('DJ Demo');
    expect(screen.getByLabelText('First name')).toHaveValue('Dana');
    expect(screen.getByLabelText('Last name')).toHaveValue('Moss');
    expect(screen.getByLabelText('Country')).toHaveValue('Canada');
    // Username, subscription type and email are not editable.
    expect(screen.queryByRole('textbox', { name: /username|email/i })).not.toBeInTheDocument();
  });

  it('offers an empty choice and the 25 countries in the spec order', async () => {
    openProfile();
    const select = await screen.findByLabelText('Country');
    const options = within(select).getAllByRole('option').map((option) => (option as HTMLOptionElement).value);
    expect(options).toEqual(['', ...COUNTRIES]);
  });

  it('saves the edited fields, says so, and keeps the header and the form on the saved values', async () => {
    const backend = new FakeBackend();
    const { user } = openProfile(backend);
    const creatorName = await screen.findByLabelText('Artist/Producer name');

    await user.clear(creatorName);
    await user.type(creatorName, '  Night Owl ');
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Nia');
    await user.selectOptions(screen.getByLabelText('Country'), 'Japan');
    await user.selectOptions(screen.getByLabelText('User type'), 'Songwriter');
    // The server also reports a new balance: the header must follow the cache.
    backend.user = { ...backend.user, tokensRemaining: 100 };
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    const [save] = backend.operations('UpdateProfile');
    expect(FakeBackend.operationOf(save).variables).toEqual({
      input: { userType: 'songwriter', creatorName: 'Night Owl', fname: 'Nia', lname: 'Moss', country: 'Japan' },
      image: null,
    });
    expect(save.headers.get('authorization')).toBe('Bearer access-1');
    expect(save.headers.get('apollo-require-preflight')).toBe('true');
    expect(screen.getByLabelText('Artist/Producer name')).toHaveValue('Night Owl');
    expect(screen.getByLabelText('User type')).toHaveValue('songwriter');
    expect(await screen.findByText('Tokens Remaining: 100')).toBeInTheDocument();
  });

  it('shows the stored user type, offers the api\'s types, and keeps a type saved before the list existed', async () => {
    const backend = new FakeBackend();
    backend.user = { ...backend.user, userType: 'beatmaker' };
    openProfile(backend);
    const select = await screen.findByLabelText('User type');
    expect(select).toHaveValue('beatmaker');
    expect(within(select).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', 'artist', 'producer', 'songwriter', 'listener', 'beatmaker']);
  });

  it('sends a new picture as a GraphQL multipart upload and previews it first', async () => {
    const backend = new FakeBackend();
    const { user } = openProfile(backend);
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

    await user.upload(await screen.findByLabelText('Change picture'), picture);

    const preview = await screen.findByRole('img', { name: 'New profile picture preview' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText(/me\.png will be saved with your changes/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    const [save] = backend.operations('UpdateProfile');
    expect(save.body).toBeInstanceOf(FormData);
    expect(save.headers.get('apollo-require-preflight')).toBe('true');
    expect(save.headers.has('content-type')).toBe(false);
    const form = save.body as FormData;
    expect(JSON.parse(form.get('map') as string)).toEqual({ 1: ['variables.image'] });
    const sent = FakeBackend.operationOf(save).variables.image as File;
    expect(sent.name).toBe('me.png');
    expect(sent.size).toBe(4);
    // The saved picture replaces the preview.
    expect(await screen.findByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', 'http://api.test/media/me.png');
  });

  it('shows the message of a BAD_USER_INPUT error in a banner and keeps the edits', async () => {
    const backend = new FakeBackend();
    backend.onUpdateProfile = () => {
      throw gqlError('First name is too long.', 'BAD_USER_INPUT');
    };
    const { user } = openProfile(backend);
    const firstName = await screen.findByLabelText('First name');
    await user.type(firstName, 'x'.repeat(5));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('First name is too long.');
    expect(screen.queryByText('Profile updated successfully.')).not.toBeInTheDocument();
    expect(firstName).toHaveValue('Danaxxxxx');
  });

  it('on UNAUTHENTICATED alerts the server message, then logs out', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = new FakeBackend();
    backend.onMe = () => {
      throw gqlError('Your session has ended.', 'UNAUTHENTICATED');
    };
    const { location } = openProfile(backend);

    await waitFor(() => expect(location()).toBe('/welcome?from=logout'));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Your session has ended.');
    expect(backend.requestsTo('/auth/logout', 'POST')).toHaveLength(1);
    expect(sessionStorage.getItem(OIDC_USER_KEY)).toBeNull();
  });

  it('treats a refused token (HTTP 401) on save the same way', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = new FakeBackend();
    const { user, location } = openProfile(backend);
    await screen.findByLabelText('First name');
    backend.validTokens.clear();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(location()).toBe('/welcome?from=logout'));
    expect(alert).toHaveBeenCalledWith('Invalid or expired access token.');
  });

  it('offers Manage Stripe Account only with a payout account, and opens the dashboard link', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const backend = new FakeBackend();
    backend.stripeAccount = true;
    const { user } = openProfile(backend);

    await user.click(await screen.findByRole('button', { name: 'Manage Stripe Account' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/express/acct_1'));
    const [dashboard] = backend.requestsTo('/express-dashboard', 'POST');
    expect(dashboard?.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('hides Manage Stripe Account without a payout account', async () => {
    const backend = new FakeBackend();
    backend.stripeAccount = false;
    openProfile(backend);
    await screen.findByRole('heading', { name: 'My Account' });
    await waitFor(() => expect(backend.requestsTo('/check-stripe-account')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Manage Stripe Account' })).not.toBeInTheDocument();
  });
});
