import { screen, waitFor, within } from '@testing-library/react';
import { pageNavigation } from '../../../app/browser/page-navigation';
import { FakeBackend, gqlError } from '../../../test/fake-backend';
import { renderApp } from '../../../test/render-app';
import { ProducersBackend, drumLoop } from '../test/producers-backend';

const saveFile = vi.hoisted(() => vi.fn());
vi.mock(import('../../player/download-beat'), async (original) => ({ ...(await original()), saveFile }));

async function openSetup(backend = new ProducersBackend()) {
  const app = renderApp({ path: '/contributor-setup', signedIn: true, backend });
  await screen.findByRole('heading', { level: 1, name: 'Contributor Setup' }, { timeout: 10_000 });
  return app;
}

const toggle = (name: string) => within(screen.getByRole('group', { name: 'Settings panels' })).getByRole('button', { name: new RegExp(`^${name}`) });

describe('/contributor-setup', () => {
  it('sends signed-out visitors to /welcome', async () => {
    const { location } = renderApp({ path: '/contributor-setup' });
    await waitFor(() => expect(location()).toBe('/welcome'), { timeout: 10_000 });
  });

  it('tells a user who is not a producer to become one at /choice', async () => {
    const backend = new ProducersBackend();
    backend.producer = null;
    renderApp({ path: '/contributor-setup', signedIn: true, backend });
    expect(await screen.findByText(/You are not a producer yet/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a Producer' })).toHaveAttribute('href', '/choice');
  });

  it('links to the upload pages; opening one panel closes the other', async () => {
    const { user } = await openSetup();
    expect(screen.getByRole('link', { name: 'Upload Melodies' })).toHaveAttribute('href', '/upload-samples');
    expect(screen.getByRole('link', { name: 'Upload Drums' })).toHaveAttribute('href', '/upload-drums');
    expect(screen.queryByRole('form', { name: 'Pricing' })).not.toBeInTheDocument();
    await user.click(toggle('Pricing'));
    expect(toggle('Pricing')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('form', { name: 'Pricing' })).toBeInTheDocument();
    await user.click(toggle('Contract Terms'));
    expect(await screen.findByRole('form', { name: 'Contract Terms' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pricing' })).not.toBeInTheDocument();
    expect(toggle('Pricing')).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle('Contract Terms'));
    expect(screen.queryByRole('form', { name: 'Contract Terms' })).not.toBeInTheDocument();
  });

  it('pricing: prefilled in dollars; refuses zero, negative, non-numeric and over $100,000 before sending; saves in cents', async () => {
    const backend = new ProducersBackend();
    const { user } = await openSetup(backend);
    await user.click(toggle('Pricing'));
    const price = (label: string) => screen.getByLabelText(`${label} (USD)`);
    expect(price('Standard lease')).toHaveValue('29.99');
    expect(price('Exclusive (label)')).toHaveValue('999.99');
    await user.clear(price('Standard lease'));
    await user.type(price('Standard lease'), '0');
    await user.clear(price('Advanced lease'));
    await user.type(price('Advanced lease'), '-10');
    await user.clear(price('Exclusive (label)'));
    await user.type(price('Exclusive (label)'), 'lots');
    await user.clear(price('Exclusive (independent)'));
    await user.type(price('Exclusive (independent)'), '100000.01');
    await user.click(screen.getByRole('button', { name: 'Save Pricing' }));
    expect(screen.getByText('Standard lease price must be more than $0.')).toBeInTheDocument();
    expect(screen.getByText('Advanced lease price must be more than $0.')).toBeInTheDocument();
    expect(screen.getByText('Exclusive (label) price must be a number.')).toBeInTheDocument();
    expect(screen.getByText('Exclusive (independent) price must be at most $100,000.')).toBeInTheDocument();
    expect(screen.getByText('Error saving pricing data.')).toBeInTheDocument();
    expect(backend.operations('SaveProducerPricing')).toHaveLength(0);

    for (const [label, value] of [['Standard lease', '35'], ['Advanced lease', '89.50'], ['Exclusive (label)', '1500'], ['Exclusive (independent)', '750']]) {
      await user.clear(price(label));
      await user.type(price(label), value);
    }
    await user.click(screen.getByRole('button', { name: 'Save Pricing' }));
    expect(await screen.findByText('Pricing data saved successfully.')).toBeInTheDocument();
    expect(FakeBackend.operationOf(backend.operations('SaveProducerPricing')[0]).variables).toEqual({
      input: { priceStandardCents: 3500, priceAdvancedCents: 8950, priceExclabelCents: 150000, priceExcindieCents: 75000 },
    });
  });

  it("pricing: shows the server's refusal", async () => {
    const backend = new ProducersBackend();
    backend.overrides.set('saveProducerPricing', () => {
      throw gqlError('Error saving pricing data. price_standard (Standard lease) must be at most $100,000.', 'BAD_USER_INPUT');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openSetup(backend);
    await user.click(toggle('Pricing'));
    await user.click(screen.getByRole('button', { name: 'Save Pricing' }));
    expect(await screen.findByText('Error saving pricing data. price_standard (Standard lease) must be at most $100,000.')).toBeInTheDocument();
  });

  it("contract terms: the api's option lists, prefilled; comments in a popup, shown as text; saved", async () => {
    const backend = new ProducersBackend();
    const { user } = await openSetup(backend);
    await user.click(toggle('Contract Terms'));
    const standard = await screen.findByRole('group', { name: 'Standard Lease' });
    const years = within(standard).getByRole('combobox', { name: 'Term (years)' });
    expect(years).toHaveValue('3');
    expect(within(years).getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '3', '5', '10', '20', '25', 'Unlimited']);
    expect(within(within(standard).getByRole('combobox', { name: 'Distribution copies' })).getAllByRole('option').map((o) => o.textContent)).toEqual(
      ['1,000', '5,000', '100,000', '250,000', '500,000', '1,000,000', '5,000,000', 'Unlimited'],
    );
    const advanced = screen.getByRole('group', { name: 'Advanced Lease' });
    expect(within(advanced).getByRole('combobox', { name: 'Audio streams' })).toHaveValue('250000');
    expect(within(advanced).getByRole('combobox', { name: 'For-profit performances' })).toHaveValue('Yes');
    await user.selectOptions(years, '10');
    await user.selectOptions(within(screen.getByRole('group', { name: 'Exclusive (Label)' })).getByRole('combobox', { name: 'Sell exclusives' }), 'Yes');

    await user.click(within(standard).getByRole('button', { name: 'Add Comments: Standard Lease' }));
    const dialog = screen.getByRole('dialog', { name: 'Standard Lease: Additional Comments' });
    const box = within(dialog).getByLabelText('Additional comments');
    expect(box).toHaveAttribute('maxLength', '1000');
    await user.type(box, '<b>Credit</b> me');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Text, never HTML.
    expect(within(standard).getByText('<b>Credit</b> me')).toBeInTheDocument();
    expect(standard.querySelector('b')).toBeNull();
    // The button's name starts with its visible words and names the tier.
    expect(within(standard).getByRole('button', { name: 'Edit Comments: Standard Lease' })).toHaveTextContent('Edit Comments');
    expect(backend.operations('SaveProducerContract')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save Contracts' }));
    expect(await screen.findByText('Contract data saved successfully.')).toBeInTheDocument();
    const { input } = FakeBackend.operationOf(backend.operations('SaveProducerContract')[0]).variables as { input: Record<string, Record<string, string>> };
    expect(input.standleaseTerms).toMatchObject({ termYears: '10', distributionCopies: '1000', additionalComments: '<b>Credit</b> me' });
    expect(input.exclabelTerms).toEqual({ sellExclusives: 'Yes', additionalComments: '' });
    expect(input.excindieTerms).toEqual({ sellExclusives: 'No', additionalComments: '' });
  });

  it('contract terms: a failed save says so', async () => {
    const backend = new ProducersBackend();
    backend.overrides.set('saveProducerContract', () => {
      throw gqlError('Internal error', 'INTERNAL_SERVER_ERROR');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openSetup(backend);
    await user.click(toggle('Contract Terms'));
    await user.click(await screen.findByRole('button', { name: 'Save Contracts' }));
    expect(await screen.findByText(/^Error saving contract data\./)).toBeInTheDocument();
  });

  it('account settings: name, birth date and producer name read-only; PRO, PRO ID and email updated', async () => {
    const backend = new ProducersBackend();
    const { user } = await openSetup(backend);
    await user.click(screen.getByRole('button', { name: 'Account Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Account Settings' });
    expect(within(dialog).getByText('Dana Moss')).toBeInTheDocument();
    expect(within(dialog).getByText('1990-04-12')).toBeInTheDocument();
    expect(within(dialog).getByText('DJ Demo')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('textbox').map((box) => box.id)).toEqual(['settings-email', 'settings-pro-id']);
    await user.clear(within(dialog).getByLabelText(/^Email/));
    await user.type(within(dialog).getByLabelText(/^Email/), 'new@example.com');
    await user.selectOptions(within(dialog).getByLabelText('PRO'), 'GEMA');
    await user.clear(within(dialog).getByLabelText('PRO ID'));
    await user.type(within(dialog).getByLabelText('PRO ID'), 'G-77');
    await user.click(within(dialog).getByRole('button', { name: 'Update Producer' }));
    expect(await within(dialog).findByText('Producer data updated successfully.')).toBeInTheDocument();
    expect(FakeBackend.operationOf(backend.operations('UpdateProducerAccount')[0]).variables).toEqual({ input: { email: 'new@example.com', pro: 'GEMA', proId: 'G-77' } });

    backend.overrides.set('updateProducerAccount', () => {
      throw gqlError('Error updating producer data. Email is not a valid email address.', 'BAD_USER_INPUT');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(within(dialog).getByRole('button', { name: 'Update Producer' }));
    expect(await within(dialog).findByText('Error updating producer data. Email is not a valid email address.')).toBeInTheDocument();
  });

  it('downloads the producer agreement as a PDF, and says when it fails', async () => {
    const backend = new ProducersBackend();
    const { user } = await openSetup(backend);
    await user.click(screen.getByRole('button', { name: 'Download Producer Agreement' }));
    expect(await screen.findByText('Producer agreement downloaded successfully.')).toBeInTheDocument();
    const [blob, fileName] = saveFile.mock.calls[0] as [Blob, string];
    expect(fileName).toBe('YSM Producer Agreement - DJ Demo.pdf');
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7 fake agreement');

    backend.overrides.set('producerAgreement', () => {
      throw gqlError('Internal error', 'INTERNAL_SERVER_ERROR');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download Producer Agreement' }));
    expect(await screen.findByText('Error downloading producer agreement.')).toBeInTheDocument();
  });

  it('opens the payout dashboard at the address the api answers', async () => {
    const backend = new ProducersBackend();
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = await openSetup(backend);
    await user.click(screen.getByRole('button', { name: 'Payout Dashboard' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(backend.dashboardUrl));
  });

  it('My uploads: analysis and mismatch flags; tags edited; a withdrawal asks first', async () => {
    const backend = new ProducersBackend();
    const { user } = await openSetup(backend);
    const melody = await screen.findByRole('row', { name: 'keys.wav + 1 more' });
    expect(within(melody).getAllByText('140 BPM · A Minor')).toHaveLength(2); // declared and detected
    expect(within(melody).getByText('Matches')).toBeInTheDocument();
    const drum = screen.getByRole('row', { name: 'Kick_140.wav' });
    expect(within(drum).getByText('118.4 BPM')).toBeInTheDocument();
    expect(within(drum).getByText('Tempo mismatch')).toBeInTheDocument();

    await user.click(within(drum).getByRole('button', { name: 'Edit tags of Kick_140.wav' }));
    const tags = screen.getByRole('dialog', { name: 'Edit Tags: Kick_140.wav' });
    await user.type(within(tags).getByRole('textbox', { name: 'Genres' }), 'Drill{Enter}');
    await user.click(within(tags).getByRole('button', { name: 'Save Tags' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(FakeBackend.operationOf(backend.operations('UpdateDrumLoopTags')[0]).variables).toEqual({
      id: 'drum-1', tags: { artists: ['Metro'], instruments: [], genres: ['Phonk', 'Drill'], moods: ['dark'], tempoStyles: ['half-time'] },
    });

    await user.click(within(melody).getByRole('button', { name: 'Withdraw keys.wav + 1 more' }));
    const confirm = screen.getByRole('dialog', { name: 'Withdraw Upload' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(backend.operations('WithdrawComposition')).toHaveLength(0);
    await user.click(within(melody).getByRole('button', { name: 'Withdraw keys.wav + 1 more' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Withdraw Upload' })).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'keys.wav + 1 more' })).not.toBeInTheDocument());
    expect(screen.getByText('No melodies yet.')).toBeInTheDocument();
  });

  it('My uploads: withdrawing the only row of the last page moves back to the page before', async () => {
    const backend = new ProducersBackend();
    backend.uploadsPageSize = 1;
    backend.drumLoops = [drumLoop(), drumLoop({ id: 'drum-2', fileName: 'Snare_140.wav' })];
    const { user } = await openSetup(backend);
    const drums = await screen.findByRole('region', { name: /^Drum Loops \(/ });
    expect(await within(drums).findByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(within(drums).getByRole('button', { name: 'Next' }));
    const second = await within(drums).findByRole('row', { name: 'Snare_140.wav' });
    await user.click(within(second).getByRole('button', { name: 'Withdraw Snare_140.wav' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Withdraw Upload' })).getByRole('button', { name: 'Withdraw' }));
    expect(await within(drums).findByRole('row', { name: 'Kick_140.wav' })).toBeInTheDocument();
    expect(within(drums).queryByText(/Page \d of/)).not.toBeInTheDocument();
    expect(within(drums).queryByText('No drum loops yet.')).not.toBeInTheDocument();
  });
});
