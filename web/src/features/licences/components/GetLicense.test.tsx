import { screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { pageNavigation } from '../../../app/browser/page-navigation';
import { FakeWaveSurfer } from '../../player/test/fake-wavesurfer';
import { fakeBeat, GenerationBackend } from '../../generator/test/generation-backend';
import { renderGenerator } from '../../generator/test/render-generator';

vi.mock('wavesurfer.js', () => import('../../player/test/fake-wavesurfer'));

const OPTIONS = [
  { priceId: 'standard', title: 'Standard Lease', details: ['MP3 and WAV', '10,000 audio streams', 'Term: 3 years'], priceCents: 2999 },
  { priceId: 'advanced', title: 'Advanced Lease', details: ['MP3, WAV and stems', '50,000 audio streams', 'Term: 5 years'], priceCents: 7999 },
  { priceId: 'excindie', title: 'Exclusive Rights (Indie)', details: ['MP3, WAV and stems', 'Unlimited audio streams'], priceCents: 49999 },
  { priceId: 'exclabel', title: 'Exclusive Rights (Label)', details: ['MP3, WAV and stems', 'Unlimited audio streams'], priceCents: 149999 },
].map((option) => ({ ...option, available: true, unavailableReason: null, unavailableMessage: null }));

const SOLD = 'This beat has been sold exclusively and is no longer for sale.';
const soldTiers = OPTIONS.map((option) => ({ ...option, available: false, unavailableReason: 'SOLD_EXCLUSIVELY', unavailableMessage: SOLD }));

function conflict(message: string) {
  return new GraphQLError(message, { extensions: { code: 'CONFLICT' } });
}

/** A signed-in user's beat open on the generator, with the api's offer for it. */
async function openOwnBeat({ complete = true, getLicense = false } = {}) {
  const backend = new GenerationBackend();
  if (complete) backend.user = { ...backend.user, fname: 'Dana', lname: 'Moss', country: 'Canada' };
  const beat = fakeBeat({ title: 'Night Drive' });
  backend.beats.set(beat.id, beat);
  let soldExclusively = false;
  backend.overrides.set('beatLicenceOffer', ({ beatId }) => ({ beatId, soldExclusively, tiers: soldExclusively ? soldTiers : OPTIONS }));
  backend.overrides.set('createLicenseCheckout', () => ({ id: 'local_cs_9', checkoutUrl: 'http://api.test/local-licence-checkout/local_cs_9' }));
  const view = renderGenerator({ backend, beatAction: { kind: 'open', beatId: beat.id, ...(getLicense ? { getLicense } : {}) } });
  const player = await screen.findByRole('article', { name: 'Night Drive' });
  return { ...view, beat, player, sellExclusively: () => (soldExclusively = true) };
}

const dialog = () => screen.getByRole('dialog', { name: 'Purchase Rights' });

afterEach(() => {
  FakeWaveSurfer.instances = [];
});

describe('Get License on the player', () => {
  it('opens Purchase Rights with the beat\u2019s options from the api, priced in US dollars', async () => {
    const { user, player, backend, beat } = await openOwnBeat();
    await user.click(within(player).getByRole('button', { name: 'Get License' }));
    const options = await within(dialog()).findByRole('list', { name: 'Lease options' });
    expect(within(options).getAllByRole('heading').map((h) => h.textContent)).toEqual(OPTIONS.map((o) => o.title));
    expect(within(options).getByText('$79.99')).toBeInTheDocument();
    expect(within(options).getByText('50,000 audio streams')).toBeInTheDocument();
    expect(backend.sent('BeatLicenceOffer')[0].variables).toEqual({ beatId: beat.id });
  });

  it('with an incomplete profile says so on the player, links to My Account, and starts no checkout', async () => {
    const { user, player, backend } = await openOwnBeat({ complete: false });
    await user.click(within(player).getByRole('button', { name: 'Get License' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Purchase Now: Advanced Lease' }));

    const notice = await within(player).findByRole('alert');
    expect(notice).toHaveTextContent('Please complete your profile information to proceed.');
    expect(within(notice).getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/account/profile');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.sent('CreateLicenseCheckout')).toHaveLength(0);
    // The profile was read fresh for the purchase.
    expect(backend.sent('Me').length).toBeGreaterThanOrEqual(1);

    await user.click(within(notice).getByRole('button', { name: 'Dismiss message' }));
    expect(within(player).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('with a complete profile starts the checkout for the option and sends the browser to it', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user, player, backend, beat } = await openOwnBeat();
    await user.click(within(player).getByRole('button', { name: 'Get License' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Purchase Now: Advanced Lease' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://api.test/local-licence-checkout/local_cs_9'));
    expect(backend.sent('CreateLicenseCheckout')[0].variables).toEqual({
      input: { beatId: beat.id, leaseOptionId: 'advanced', firstName: 'Dana', lastName: 'Moss', country: 'Canada' },
    });
    // Processing stays until the page changes; the banner says where the buyer is going.
    expect(within(dialog()).getByRole('button', { name: 'Purchase Now: Advanced Lease' })).toHaveTextContent('Processing...');
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Taking you to the secure checkout...');
  });

  it('takes the profile as it is now: completed in another tab, it is not asked for again', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user, player, backend } = await openOwnBeat({ complete: false });
    backend.user = { ...backend.user, fname: 'Nia', lname: 'Okafor', country: 'Japan' };
    await user.click(within(player).getByRole('button', { name: 'Get License' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Purchase Now: Standard Lease' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(backend.sent('CreateLicenseCheckout')[0].variables).toMatchObject({ input: { firstName: 'Nia', lastName: 'Okafor', country: 'Japan', leaseOptionId: 'standard' } });
  });

  it('shows the server\u2019s incomplete-profile refusal on the player too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, player, backend } = await openOwnBeat();
    backend.overrides.set('createLicenseCheckout', () => {
      throw new GraphQLError('Please complete your profile information to proceed.', { extensions: { code: 'BAD_USER_INPUT' } });
    });
    await user.click(within(player).getByRole('button', { name: 'Get License' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Purchase Now: Standard Lease' }));
    expect(await within(player).findByRole('alert')).toHaveTextContent('Please complete your profile information to proceed.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says in the modal when the beat was sold exclusively meanwhile, and shows the offer as it now is', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user, player, backend, sellExclusively } = await openOwnBeat();
    backend.overrides.set('createLicenseCheckout', () => {
      sellExclusively();
      throw conflict('This beat has been sold exclusively and is no longer for sale.');
    });
    await user.click(within(player).getByRole('button', { name: 'Get License' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Purchase Now: Exclusive Rights (Indie)' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('This beat has been sold exclusively and is no longer for sale.');
    expect(await within(dialog()).findByRole('note')).toHaveTextContent('This beat has been sold exclusively and is no longer for sale.');
    // Every tier stays listed, none can be bought.
    const buttons = within(dialog()).getAllByRole('button', { name: /^Purchase Now: / });
    expect(buttons).toHaveLength(4);
    for (const button of buttons) expect(button).toBeDisabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says the checkout could not be started when the request fails, and lets the buyer try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user, player, backend } = await openOwnBeat();
    backend.overrides.set('createLicenseCheckout', () => {
      throw new TypeError('Failed to fetch');
    });
    await user.click(within(player).getByRole('button', { name: 'Get License' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Purchase Now: Advanced Lease' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('The checkout could not be started. Please try again.');
    expect(within(dialog()).getByRole('button', { name: 'Purchase Now: Advanced Lease' })).toHaveTextContent('Purchase Now');
    expect(within(dialog()).getByRole('button', { name: 'Purchase Now: Advanced Lease' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers Try again when the options cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, player, backend } = await openOwnBeat();
    let fail = true;
    backend.overrides.set('beatLicenceOffer', ({ beatId }) => {
      if (fail) throw new GraphQLError('Something broke.', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      return { beatId, soldExclusively: false, tiers: OPTIONS };
    });
    await user.click(within(player).getByRole('button', { name: 'Get License' }));
    expect(await within(dialog()).findByText('The licence options could not be loaded. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog()).findByRole('button', { name: 'Purchase Now: Standard Lease' })).toBeInTheDocument();
  });

  it('reads the options again each time it opens', async () => {
    const { user, player, backend, sellExclusively } = await openOwnBeat();
    await user.click(within(player).getByRole('button', { name: 'Get License' }));
    await within(dialog()).findByRole('list', { name: 'Lease options' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    sellExclusively();
    await user.click(within(player).getByRole('button', { name: 'Get License' }));
    expect(await within(dialog()).findByRole('note')).toHaveTextContent('This beat has been sold exclusively and is no longer for sale.');
    expect(backend.sent('BeatLicenceOffer')).toHaveLength(2);
  });

  it('opens Purchase Rights by itself when the buyer comes back from completing the profile', async () => {
    await openOwnBeat({ getLicense: true });
    expect(await screen.findByRole('dialog', { name: 'Purchase Rights' })).toBeInTheDocument();
    expect(await within(dialog()).findByRole('button', { name: 'Purchase Now: Advanced Lease' })).toBeInTheDocument();
  });
});

describe('Purchase Now pressed twice', () => {
  afterEach(() => {
    FakeWaveSurfer.instances = [];
  });

  it('starts one checkout', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user, player, backend } = await openOwnBeat();
    await user.click(within(player).getByRole('button', { name: 'Get License' }));
    await user.dblClick(await within(dialog()).findByRole('button', { name: 'Purchase Now: Advanced Lease' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(backend.sent('CreateLicenseCheckout')).toHaveLength(1);
  });
});
