import { screen, waitFor, within } from '@testing-library/react';
import { pageNavigation } from '../../../app/browser/page-navigation';
import { FakeBackend, gqlError } from '../../../test/fake-backend';
import { renderApp } from '../../../test/render-app';
import { ProducersBackend } from '../test/producers-backend';

function newcomer() {
  const backend = new ProducersBackend();
  backend.producer = null;
  return backend;
}

async function fill(user: ReturnType<typeof renderApp>['user'], values: Record<string, string>) {
  // The form is prefilled from the profile when it loads: typing before that would be appended to it.
  await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveValue('Dana'));
  for (const [label, value] of Object.entries(values)) {
    const box = screen.getByLabelText(new RegExp(String.raw`^${label}( \*)?$`));
    await user.clear(box);
    if (value) await user.type(box, value);
  }
}

const VALID = { 'First name': 'Zoë', 'Last name': 'Moss', Email: 'zoe@example.com', 'Birth date': '1990-04-12', 'Producer name': 'Zoë Beats' };

describe('/Producer-Signup', () => {
  it('sends signed-out visitors to /welcome', async () => {
    const { location } = renderApp({ path: '/Producer-Signup', backend: newcomer() });
    await waitFor(() => expect(location()).toBe('/welcome'), { timeout: 10_000 });
  });

  it('sends an existing producer to /stripe-connect/success', async () => {
    const { location } = renderApp({ path: '/Producer-Signup', signedIn: true, backend: new ProducersBackend() });
    await waitFor(() => expect(location()).toBe('/stripe-connect/success'), { timeout: 10_000 });
    expect(await screen.findByRole('heading', { name: 'Congratulations!' })).toBeInTheDocument();
  });

  it("checks the form on the client with the spec's texts and sends nothing until it passes", async () => {
    const backend = newcomer();
    const { user } = renderApp({ path: '/Producer-Signup', signedIn: true, backend });
    await screen.findByRole('heading', { name: 'Producer Registration' }, { timeout: 10_000 });
    expect(within(screen.getByLabelText('PRO')).getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'BMI', 'ASCAP', 'SESAC', 'TONO', 'GEMA', 'MCSC', 'ECAD']);
    // Prefilled from the account.
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveValue('Dana'));
    const underAge = new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    await fill(user, { 'First name': 'Dana2', 'Last name': 'Mo ss', Email: '', 'Birth date': underAge, 'Producer name': '' });
    await user.click(screen.getByRole('button', { name: 'Sign Up as Producer' }));
    expect(screen.getByText('First name should only contain letters')).toBeInTheDocument();
    expect(screen.getByText('Last name should only contain letters')).toBeInTheDocument();
    expect(screen.getByText('You must be at least 18 years old')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Producer name is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(backend.operations('ProducerSignup')).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    const backend = newcomer();
    backend.overrides.set('producerSignup', () => {
      throw gqlError('That producer name is taken. Choose another one.', 'CONFLICT');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp({ path: '/Producer-Signup', signedIn: true, backend });
    await screen.findByRole('heading', { name: 'Producer Registration' }, { timeout: 10_000 });
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Sign Up as Producer' }));
    expect(await screen.findAllByText('That producer name is taken. Choose another one.')).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it('the api checks again: its age refusal is shown under the birth date', async () => {
    const backend = newcomer();
    backend.overrides.set('producerSignup', () => {
      throw gqlError('You must be at least 18 years old', 'BAD_USER_INPUT');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp({ path: '/Producer-Signup', signedIn: true, backend });
    await screen.findByRole('heading', { name: 'Producer Registration' }, { timeout: 10_000 });
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Sign Up as Producer' }));
    expect(await screen.findAllByText('You must be at least 18 years old')).toHaveLength(2);
  });

  it('signs up and leaves for the payout onboarding the api answers', async () => {
    const backend = newcomer();
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp({ path: '/Producer-Signup', signedIn: true, backend });
    await screen.findByRole('heading', { name: 'Producer Registration' }, { timeout: 10_000 });
    await fill(user, { ...VALID, 'PRO ID': 'ASCAP-9' });
    await user.selectOptions(screen.getByLabelText('PRO'), 'ASCAP');
    await user.type(screen.getByLabelText('Master royalties info'), 'Self-released');
    await user.click(screen.getByRole('button', { name: 'Sign Up as Producer' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://api.test/local-payouts/local_acct_1/onboarding'));
    expect(FakeBackend.operationOf(backend.operations('ProducerSignup')[0]).variables).toEqual({
      input: { firstName: 'Zoë', lastName: 'Moss', email: 'zoe@example.com', birthDate: '1990-04-12', producerName: 'Zoë Beats', proPro: 'ASCAP', proProId: 'ASCAP-9', masterRoyaltiesInfo: 'Self-released' },
    });
  });
});

describe('/stripe-connect/success', () => {
  it('congratulates, links to My Account and the setup, and says onboarding is finished', async () => {
    const backend = new ProducersBackend();
    const { user, location } = renderApp({ path: '/stripe-connect/success', signedIn: true, backend });
    expect(await screen.findByRole('heading', { name: 'Congratulations!' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText(/onboarding is finished and payouts are enabled/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contributor Setup' })).toHaveAttribute('href', '/contributor-setup');
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    await user.click(screen.getByRole('link', { name: 'My Account' }));
    await waitFor(() => expect(location()).toBe('/account/profile'));
  });

  it('re-reads the payout account: an unfinished onboarding says so and can be continued', async () => {
    const backend = new ProducersBackend();
    backend.payoutAccount = { ...backend.payoutAccount!, detailsSubmitted: false, payoutsEnabled: false, requirementsDue: ['external_account'], onboardingComplete: false };
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp({ path: '/stripe-connect/success', signedIn: true, backend });
    expect(await screen.findByText(/onboarding is not finished yet/, {}, { timeout: 10_000 })).toHaveTextContent('still needed: external_account');
    await user.click(screen.getByRole('button', { name: 'Continue Onboarding' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(backend.onboardingUrl));
    expect(backend.operations('MyPayoutAccount')).toHaveLength(1);
  });
});
