import { screen, waitFor, within } from '@testing-library/react';
import { FakeBackend } from '../test/fake-backend';
import { renderApp } from '../test/render-app';

/** A producer on Premium, whose upload pages show their forms (uploads that earn need Premium). */
function premiumBackend(): FakeBackend {
  const backend = new FakeBackend();
  backend.user = { ...backend.user, subscriptionLevel: 3, subscriptionType: 'Premium' };
  return backend;
}

describe('/upload-samples and /upload-drums', () => {
  it.each(['/upload-samples', '/upload-drums'])('%s sends signed-out visitors to /welcome', async (path) => {
    const { location } = renderApp({ path });
    await waitFor(() => expect(location()).toBe('/welcome'), { timeout: 10_000 });
  });

  it.each([
    ['/upload-samples', 'Only producers can upload melody samples'],
    ['/upload-drums', 'Only producers can upload drum samples'],
  ])('%s tells a signed-in user who is not a producer so, and points to /choice', async (path, title) => {
    const backend = new FakeBackend();
    backend.producer = null;
    renderApp({ path, signedIn: true, backend });
    expect(await screen.findByRole('heading', { level: 2, name: title }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/You are not a producer yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a Producer' })).toHaveAttribute('href', '/choice');
    expect(screen.queryByRole('button', { name: /^(Select Files to Upload|Upload Drum Samples)$/ })).toBeNull();
  });

  it.each([
    ['/upload-samples', 'Select Files to Upload'],
    ['/upload-drums', '+ Add Row'],
  ])('%s tells a producer below Premium what uploading needs and where to upgrade, and shows the form from Premium', async (path, formControl) => {
    const backend = new FakeBackend();
    backend.user = { ...backend.user, subscriptionLevel: 2, subscriptionType: 'Early Access Premium' };
    const view = renderApp({ path, signedIn: true, backend });
    expect(await screen.findByRole('heading', { level: 2, name: 'Uploads need Premium' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/^Uploading samples to earn from them needs Premium or a higher plan\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Plans' })).toHaveAttribute('href', '/subscriptions');
    expect(screen.queryByRole('button', { name: formControl })).toBeNull();
    view.unmount();

    const premium = new FakeBackend();
    premium.user = { ...premium.user, subscriptionLevel: 3, subscriptionType: 'Premium' };
    renderApp({ path, signedIn: true, backend: premium });
    expect(await screen.findByRole('button', { name: formControl }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Uploads need Premium' })).toBeNull();
  });

  it('Upload Melody Samples: dismissible guidelines, collapsible metadata help, the help modal', async () => {
    const { user } = renderApp({ path: '/upload-samples', signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload Melody Samples' }, { timeout: 10_000 })).toBeInTheDocument();

    const guidelines = screen.getByRole('region', { name: 'Upload Guidelines' });
    for (const item of ['Melody stems from compositions', 'Short melodic loops', 'Individual instrument melodies', 'Stems from an MP3 loop sample',
      'Full beats or songs', 'Drum loops', 'Vocal recordings', 'MP3 sample loops']) {
      expect(within(guidelines).getByText(item)).toBeInTheDocument();
    }
    expect(within(guidelines).getByText(/Each upload is one composition/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss guidelines' }));
    expect(screen.queryByRole('region', { name: 'Upload Guidelines' })).not.toBeInTheDocument();

    const helpToggle = screen.getByRole('button', { name: 'Metadata Help' });
    expect(helpToggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(helpToggle);
    expect(helpToggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('BPM, Key and Mode')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'How to Upload' }));
    const help = screen.getByRole('dialog', { name: 'How to Upload Melody Samples' });
    expect(within(help).getByText('Only WAV files.')).toBeInTheDocument();
    expect(within(help).getByText(/8 bars/)).toBeInTheDocument();
    expect(within(help).getByText(/Use the fields for tags/)).toBeInTheDocument();
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('info popovers give a description and examples', async () => {
    const { user } = renderApp({ path: '/upload-samples', signedIn: true, backend: premiumBackend() });
    await user.click(await screen.findByRole('button', { name: 'About Tempo Style' }, { timeout: 10_000 }));
    expect(screen.getByRole('note')).toHaveTextContent('How the tempo feels when it plays.');
    expect(screen.getByRole('note')).toHaveTextContent('Examples: half-time, double-time, bouncy, laid-back');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('Drum Sample Upload: the Upload Guide modal and the metadata help', async () => {
    const { user } = renderApp({ path: '/upload-drums', signedIn: true, backend: premiumBackend() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Drum Sample Upload' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Metadata Help' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Upload Guide' }));
    const guide = screen.getByRole('dialog', { name: 'How to Upload Drum Samples' });
    expect(within(guide).getByText('Only WAV files.')).toBeInTheDocument();
    expect(within(guide).getByText(/8 bars/)).toBeInTheDocument();
    await user.click(within(guide).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Add Row' })).toBeInTheDocument();
  });
});
