import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { gqlError } from '../../../test/fake-backend';
import { BillingBackend } from '../../billing/test/billing-backend';
import { fakeLicence, filesOf, LicencesBackend } from '../test/licences-backend';

/** The downloads handed to the browser (hidden links clicked), and whether any file went through the page's memory. */
function captureDownloads() {
  const started: Array<{ download: string; href: string }> = [];
  const createObjectURL = vi.fn(() => 'blob:licence-file');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    started.push({ download: this.download, href: this.href });
  });
  return { started, createObjectURL };
}

const openSuccess = (backend: LicencesBackend, sessionId = 'local_cs_1') =>
  renderApp({ path: `/success?session_id=${sessionId}&kind=licence`, signedIn: true, backend });

describe('/success for a licence checkout', () => {
  it('shows the licence (tier, beat, price, date) and, once they are ready, its downloads', async () => {
    const backend = new LicencesBackend();
    const licence = fakeLicence({ id: 'lic-adv', tier: 'advanced', priceCents: 7999, filesReady: false, files: [] });
    backend.licences.set(licence.id, licence);
    backend.checkouts.set('local_cs_1', { sessionId: 'local_cs_1', status: 'PAID', tier: 'advanced', priceCents: 7999, refundReason: null, licenceId: licence.id });
    openSuccess(backend);

    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeInTheDocument();
    expect(screen.getByText('Your payment was successful!')).toBeInTheDocument();
    const details = screen.getByText('Licence').closest('dl')!;
    expect(within(details).getByText('Advanced Lease')).toBeInTheDocument();
    expect(within(details).getByText('Night Drive')).toBeInTheDocument();
    expect(within(details).getByText('$79.99')).toBeInTheDocument();
    expect(within(details).getByText('Nov 25, 2026')).toBeInTheDocument();
    expect(within(details).getByText('Valid')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'lic-adv' })).toHaveAttribute('href', '/licenses/verify/lic-adv');
    expect(screen.getByRole('status')).toHaveTextContent('Preparing your files (MP3, WAV, Stems, Licence PDF)...');
    expect(backend.operations('LicenceForCheckoutSession')[0].body).toMatchObject({ variables: { sessionId: 'local_cs_1' } });

    // The page asks again until the files are ready.
    backend.licences.set(licence.id, { ...licence, filesReady: true, files: filesOf('advanced') });
    const files = await screen.findByRole('region', { name: 'Your files' }, { timeout: 5000 });
    await waitFor(() => expect(within(files).getAllByRole('button')).toHaveLength(4), { timeout: 5000 });
    const names = ['Download MP3 7.3 MB', 'Download WAV 30.2 MB', 'Download Stems 181.2 MB', 'Download Licence PDF 60 KB'];
    within(files).getAllByRole('button').forEach((button, index) => expect(button).toHaveAccessibleName(names[index]));
    const asked = backend.operations('LicenceForCheckoutSession').length;
    expect(asked).toBeGreaterThanOrEqual(2);
    // Settled: no more asking.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(backend.operations('LicenceForCheckoutSession').length).toBe(asked);
  });

  it('downloads each file through its signed link, which the browser streams to disk, not the page', async () => {
    const { started, createObjectURL } = captureDownloads();
    const backend = new LicencesBackend();
    const licence = fakeLicence({ id: 'lic-std', tier: 'standard', tierTitle: 'Standard Lease', files: filesOf('standard') });
    backend.licences.set(licence.id, licence);
    backend.checkouts.set('local_cs_2', { sessionId: 'local_cs_2', status: 'PAID', tier: 'standard', priceCents: 2999, refundReason: null, licenceId: licence.id });
    const { user } = openSuccess(backend, 'local_cs_2');

    const files = await screen.findByRole('region', { name: 'Your files' });
    // Standard has no stems.
    expect(within(files).queryByRole('button', { name: /^Download Stems/ })).not.toBeInTheDocument();
    await user.click(within(files).getByRole('button', { name: /^Download WAV/ }));
    await user.click(within(files).getByRole('button', { name: /^Download Licence PDF/ }));
    await waitFor(() =>
      expect(started).toEqual([
        { download: 'Night Drive.wav', href: 'http://api.test/licence-downloads/lic-std/WAV?token=t' },
        { download: 'Night Drive - licence.pdf', href: 'http://api.test/licence-downloads/lic-std/DOCUMENT?token=t' },
      ]),
    );
    expect(backend.operations('RequestLicenceDownload').map((r) => (r.body as { variables: unknown }).variables)).toEqual([
      { licenceId: 'lic-std', file: 'WAV' },
      { licenceId: 'lic-std', file: 'DOCUMENT' },
    ]);
    // The page itself fetched no file and made no object URL: nothing went through its memory.
    expect(backend.downloadsFetched()).toEqual([]);
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when no download link is issued, and starts no download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { started } = captureDownloads();
    const backend = new LicencesBackend();
    backend.overrides.set('requestLicenceDownload', () => {
      throw gqlError('This licence was refunded; its files are no longer available.', 'FORBIDDEN');
    });
    const licence = fakeLicence({ id: 'lic-x' });
    backend.licences.set(licence.id, licence);
    backend.checkouts.set('local_cs_3', { sessionId: 'local_cs_3', status: 'PAID', tier: 'advanced', priceCents: 7999, refundReason: null, licenceId: licence.id });
    const { user } = openSuccess(backend, 'local_cs_3');
    await user.click(await screen.findByRole('button', { name: /^Download MP3/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be downloaded. Please try again.');
    expect(started).toEqual([]);
  });

  it('waits for a payment still being confirmed, then shows the licence', async () => {
    const backend = new LicencesBackend();
    const licence = fakeLicence({ id: 'lic-late' });
    backend.checkouts.set('local_cs_4', { sessionId: 'local_cs_4', status: 'OPEN', tier: 'advanced', priceCents: 7999, refundReason: null, licenceId: null });
    openSuccess(backend, 'local_cs_4');
    expect(await screen.findByRole('heading', { name: 'Payment pending' })).toBeInTheDocument();
    expect(screen.getByText('Advanced Lease, $79.99')).toBeInTheDocument();
    backend.licences.set(licence.id, licence);
    backend.checkouts.set('local_cs_4', { sessionId: 'local_cs_4', status: 'PAID', tier: 'advanced', priceCents: 7999, refundReason: null, licenceId: licence.id });
    expect(await screen.findByRole('heading', { name: 'Success!' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('tells a buyer whose payment was refunded why, with no licence', async () => {
    const backend = new LicencesBackend();
    const reason = 'This beat was sold exclusively before your payment completed, so your payment was refunded in full.';
    backend.checkouts.set('local_cs_5', { sessionId: 'local_cs_5', status: 'REFUNDED', tier: 'excindie', priceCents: 49999, refundReason: reason, licenceId: null });
    openSuccess(backend, 'local_cs_5');
    expect(await screen.findByRole('heading', { name: 'Payment refunded' })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
  });

  it('says a checkout that expired charged nothing', async () => {
    const backend = new LicencesBackend();
    backend.checkouts.set('local_cs_6', { sessionId: 'local_cs_6', status: 'EXPIRED', tier: 'standard', priceCents: 2999, refundReason: null, licenceId: null });
    openSuccess(backend, 'local_cs_6');
    expect(await screen.findByRole('heading', { name: 'Checkout expired' })).toBeInTheDocument();
    expect(screen.getByText('This checkout ended before it was paid. Nothing was charged.')).toBeInTheDocument();
  });

  it('shows Error: and the message for a checkout that is not the user\u2019s or does not exist', async () => {
    openSuccess(new LicencesBackend(), 'cs_unknown');
    expect(await screen.findByText('Error: That checkout does not exist.')).toBeInTheDocument();
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
  });

  it('keeps the subscription page for a checkout without kind=licence', async () => {
    const backend = new BillingBackend();
    backend.sessions.set('cs_sub', { customerName: 'Dana Moss', customerEmail: 'demo@ysm.local', amountTotal: 750, currency: 'usd', paymentStatus: 'paid', subscriptionId: 'sub_1' });
    renderApp({ path: '/success?session_id=cs_sub', signedIn: true, backend });
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeInTheDocument();
    expect(screen.getByText('sub_1')).toBeInTheDocument();
    expect(backend.operations('LicenceForCheckoutSession')).toHaveLength(0);
  });
});
