import { screen, waitFor, within } from '@testing-library/react';
import { gqlError } from '../../../test/fake-backend';
import { renderApp } from '../../../test/render-app';
import { fakeLicence, filesOf, LicencesBackend } from '../test/licences-backend';

const openAccount = (backend: LicencesBackend) => renderApp({ path: '/account/profile', signedIn: true, backend });
const myLicences = async () => (await screen.findByRole('heading', { name: 'My Licences' })).closest('section')!;

describe('My Licences on My Account', () => {
  it('lists each licence with its tier, date, price, status, downloads and the verification page', async () => {
    const backend = new LicencesBackend();
    backend.licences.set('lic-1', fakeLicence({ id: 'lic-1', beatTitle: 'Old Town Lights', tier: 'standard', tierTitle: 'Standard Lease', priceCents: 2999, status: 'SUPERSEDED', issuedAt: '2026-11-20T10:00:00.000Z', files: filesOf('standard', 'Old Town Lights') }));
    backend.licences.set('lic-2', fakeLicence({ id: 'lic-2', beatTitle: 'Night Drive', tier: 'advanced', priceCents: 7999, issuedAt: '2026-11-25T18:00:00.000Z' }));
    backend.licences.set('lic-3', fakeLicence({ id: 'lic-3', beatTitle: 'Desert Run', tier: 'excindie', tierTitle: 'Exclusive Rights (Indie)', priceCents: 49999, status: 'REFUNDED' }));
    openAccount(backend);
    const section = await myLicences();
    const items = await within(section).findAllByRole('listitem', { name: /./ });
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Desert Run', 'Night Drive', 'Old Town Lights']);

    const [refunded, advanced, superseded] = items;
    expect(advanced).toHaveTextContent('Advanced Lease · Nov 25, 2026 · $79.99');
    expect(within(advanced).getByText('Valid')).toBeInTheDocument();
    const names = [
      'Download MP3 of Night Drive (Advanced Lease) 7.3 MB', 'Download WAV of Night Drive (Advanced Lease) 30.2 MB',
      'Download Stems of Night Drive (Advanced Lease) 181.2 MB', 'Download Licence PDF of Night Drive (Advanced Lease) 60 KB',
    ];
    within(advanced).getAllByRole('button').forEach((button, index) => expect(button).toHaveAccessibleName(names[index]));
    expect(within(advanced).getByRole('link', { name: 'Verification page' })).toHaveAttribute('href', '/licenses/verify/lic-2');

    expect(superseded).toHaveTextContent('Standard Lease · Nov 20, 2026 · $29.99');
    expect(within(superseded).getByText('Superseded')).toBeInTheDocument();
    expect(within(superseded).queryByRole('button', { name: /Stems/ })).not.toBeInTheDocument();

    expect(within(refunded).getByText('Refunded')).toBeInTheDocument();
    expect(refunded).toHaveTextContent('The payment was refunded: this licence grants no rights and has no files.');
    expect(within(refunded).queryByRole('button')).not.toBeInTheDocument();
  });

  it('downloads a licence file from the list through its signed link, not through the page', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const started: Array<{ download: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      started.push({ download: this.download, href: this.href });
    });
    const backend = new LicencesBackend();
    backend.licences.set('lic-2', fakeLicence({ id: 'lic-2' }));
    const { user } = openAccount(backend);
    await user.click(await screen.findByRole('button', { name: /^Download Stems of Night Drive \(Advanced Lease\) / }));
    await waitFor(() => expect(started).toEqual([{ download: 'Night Drive - stems.zip', href: 'http://api.test/licence-downloads/lic-2/STEMS?token=t' }]));
    expect(backend.downloadsFetched()).toEqual([]);
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('shows the notice of a new licence until it is dismissed, then marks it read', async () => {
    const backend = new LicencesBackend();
    backend.licences.set('lic-2', fakeLicence({ id: 'lic-2' }));
    backend.notices = [
      { id: 'n-2', kind: 'licence_issued', message: 'Your Advanced Lease for Night Drive is ready: download its files below.', licenceId: 'lic-2', createdAt: '2026-11-25T18:00:01.000Z', read: false },
      { id: 'n-1', kind: 'licence_issued', message: 'An older notice you already read.', licenceId: 'lic-1', createdAt: '2026-11-20T10:00:01.000Z', read: true },
    ];
    const { user } = openAccount(backend);
    const notices = await within(await myLicences()).findByRole('list', { name: 'Notices' });
    expect(within(notices).getByRole('status')).toHaveTextContent('Your Advanced Lease for Night Drive is ready: download its files below.');
    expect(screen.queryByText('An older notice you already read.')).not.toBeInTheDocument();

    await user.click(within(notices).getByRole('button', { name: 'Dismiss message' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Notices' })).not.toBeInTheDocument());
    expect(backend.operations('MarkLicenceNoticeRead')[0].body).toMatchObject({ variables: { id: 'n-2' } });
    expect(backend.notices[0].read).toBe(true);
  });

  it('asks again while files are being prepared, and shows them when ready', async () => {
    const backend = new LicencesBackend();
    const licence = fakeLicence({ id: 'lic-9', filesReady: false, files: [] });
    backend.licences.set('lic-9', licence);
    openAccount(backend);
    const section = await myLicences();
    expect(await within(section).findByText('Preparing your files (MP3, WAV, Stems, Licence PDF)...')).toBeInTheDocument();
    backend.licences.set('lic-9', { ...licence, filesReady: true, files: filesOf('advanced') });
    expect(await within(section).findByRole('button', { name: /^Download MP3/ }, { timeout: 6000 })).toBeInTheDocument();
  });

  it('says when there are no licences yet', async () => {
    openAccount(new LicencesBackend());
    expect(await within(await myLicences()).findByText(/^No licences yet\./)).toBeInTheDocument();
  });

  it('offers Try again when the licences could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = new LicencesBackend();
    let fail = true;
    backend.overrides.set('myLicences', () => {
      if (fail) throw gqlError('Something broke.', 'INTERNAL_SERVER_ERROR');
      return [fakeLicence({ id: 'lic-back' })];
    });
    const { user } = openAccount(backend);
    const section = await myLicences();
    expect(await within(section).findByText(/Your licences could not be loaded\./)).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('heading', { name: 'Night Drive' })).toBeInTheDocument();
  });
});
