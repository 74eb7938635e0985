import { screen } from '@testing-library/react';
import { FakeBackend } from '../../../test/fake-backend';
import { renderApp } from '../../../test/render-app';
import { beatActionOf } from '../../beats/open-beat-state';
import { completeProfileState } from '../complete-profile-state';

vi.mock('wavesurfer.js', () => import('../../player/test/fake-wavesurfer'));

describe('completing the profile to license a beat', () => {
  it('says what a licence needs, then leads back to the beat with Purchase Rights to open', async () => {
    const backend = new FakeBackend();
    backend.user = { ...backend.user, fname: null, country: null };
    const { user, router } = renderApp({ path: '/account/profile', signedIn: true, backend, state: completeProfileState('beat-7') });
    expect(await screen.findByText(/A licence names its buyer: add your first name, last name and country below/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to your beat' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('First name'), 'Nia');
    await user.selectOptions(screen.getByLabelText('Country'), 'Japan');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();

    await user.click(await screen.findByRole('link', { name: 'Back to your beat' }));
    expect(router.state.location.pathname).toBe('/');
    expect(beatActionOf(router.state.location.state)).toEqual({ kind: 'open', beatId: 'beat-7', getLicense: true });
  });

  it('shows nothing about licensing on a plain visit to My Account', async () => {
    renderApp({ path: '/account/profile', signedIn: true });
    await screen.findByRole('heading', { name: 'My Account' });
    expect(screen.queryByRole('region', { name: 'Licensing your beat' })).not.toBeInTheDocument();
  });
});
