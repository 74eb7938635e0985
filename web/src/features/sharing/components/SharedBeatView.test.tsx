import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { FakeWaveSurfer } from '../../player/test/fake-wavesurfer';
import { fakeSharedBeat, SharingBackend } from '../test/sharing-backend';

vi.mock('wavesurfer.js', () => import('../../player/test/fake-wavesurfer'));

const ID = 'AbCdEfGhIjKlMnOpQrStUv';

afterEach(() => {
  FakeWaveSurfer.instances = [];
});

describe('/shared/:shareId', () => {
  it('plays a shared beat to anyone, signed out: storefront player, producers and shares, no Get License, no plays, no download', async () => {
    const backend = new SharingBackend();
    backend.shared.set(ID, fakeSharedBeat({ ownedBySignedIn: true }));
    const { user } = renderApp({ path: `/shared/${ID}`, backend });
    const player = await screen.findByRole('article', { name: 'Night Drive' });
    expect(FakeWaveSurfer.latest().options).toMatchObject({ url: `http://api.test/shared-beats/${ID}/audio?exp=1&sig=s`, height: 80 });
    const producers = screen.getByRole('region', { name: 'Contributed Producers' });
    expect(within(producers).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Mara Keys60%', 'Drum Lab40%']);
    expect(screen.queryByRole('button', { name: /Get License/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Plays:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    const [asked] = backend.operations('SharedBeat');
    expect(asked.headers.has('authorization')).toBe(false);

    // The first start of playback reports one play; later starts on the page do not.
    const surfer = FakeWaveSurfer.latest();
    act(() => surfer.canPlay());
    await user.click(within(player).getByRole('button', { name: 'Play' }));
    await user.click(within(player).getByRole('button', { name: 'Pause' }));
    await user.click(within(player).getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(backend.playReports).toEqual([ID]));
  });

  it('shows its owner the plays and Get License', async () => {
    const backend = new SharingBackend();
    backend.shared.set(ID, fakeSharedBeat({ ownedBySignedIn: true, plays: 7 }));
    renderApp({ path: `/shared/${ID}`, backend, signedIn: true });
    expect(await screen.findByText('Plays: 7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get License' })).toBeInTheDocument();
  });

  it('a signed-in listener who is not the owner gets no Get License', async () => {
    const backend = new SharingBackend();
    backend.shared.set(ID, fakeSharedBeat({ ownedBySignedIn: false }));
    renderApp({ path: `/shared/${ID}`, backend, signedIn: true });
    await screen.findByRole('article', { name: 'Night Drive' });
    expect(screen.queryByRole('button', { name: 'Get License' })).not.toBeInTheDocument();
  });

  it.each([['an unshared beat', ID], ['a malformed link', 'nope']])('says the beat is not shared for %s', async (_case, id) => {
    renderApp({ path: `/shared/${id}`, backend: new SharingBackend() });
    expect(await screen.findByRole('heading', { name: 'This beat is not shared' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
