import { screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { FakeWaveSurfer } from '../../player/test/fake-wavesurfer';
import { fakeBeat, GenerationBackend } from '../../generator/test/generation-backend';
import { renderGenerator } from '../../generator/test/render-generator';

vi.mock('wavesurfer.js', () => import('../../player/test/fake-wavesurfer'));

afterEach(() => {
  FakeWaveSurfer.instances = [];
});

/** The user's beat open on the generator, with the api's share of it kept in `state`. */
async function openBeat() {
  const backend = new GenerationBackend();
  const beat = fakeBeat({ title: 'Night Drive' });
  backend.beats.set(beat.id, beat);
  const state: { share: Record<string, unknown> | null; calls: string[] } = { share: null, calls: [] };
  const share = { shareId: 'AbCdEfGhIjKlMnOpQrStUv', url: 'http://api.test/s/AbCdEfGhIjKlMnOpQrStUv', pageUrl: 'http://web.test/shared/AbCdEfGhIjKlMnOpQrStUv', plays: 4, createdAt: '2026-11-27T20:00:00.000Z' };
  backend.overrides.set('beatShare', () => state.share);
  backend.overrides.set('shareBeat', ({ beatId }) => {
    state.calls.push(`share ${String(beatId)}`);
    return (state.share = share);
  });
  backend.overrides.set('unshareBeat', ({ beatId }) => {
    state.calls.push(`unshare ${String(beatId)}`);
    state.share = null;
    return true;
  });
  const view = renderGenerator({ backend, beatAction: { kind: 'open', beatId: beat.id } });
  await screen.findByRole('article', { name: 'Night Drive' });
  const panel = await screen.findByRole('region', { name: 'Share' });
  return { ...view, beat, panel, state };
}

describe('the Share panel of the owner\u2019s beat', () => {
  it('shares the beat, shows the link and the plays, copies the link, and stops sharing', async () => {
    const { user, panel, beat, state } = await openBeat();
    expect(panel).toHaveTextContent('Anyone with the link can play this beat on its public page without signing in; nothing there can be downloaded.');
    await user.click(within(panel).getByRole('button', { name: 'Share this beat' }));
    const link = await within(panel).findByRole('textbox', { name: 'Public link' });
    expect(link).toHaveValue('http://api.test/s/AbCdEfGhIjKlMnOpQrStUv');
    expect(within(panel).getByText('Plays: 4')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open page' })).toHaveAttribute('href', 'http://web.test/shared/AbCdEfGhIjKlMnOpQrStUv');

    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(panel).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://api.test/s/AbCdEfGhIjKlMnOpQrStUv');
    expect(await within(panel).findByText('Link copied.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Stop sharing' }));
    expect(await within(panel).findByRole('button', { name: 'Share this beat' })).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox', { name: 'Public link' })).not.toBeInTheDocument();
    expect(state.calls).toEqual([`share ${beat.id}`, `unshare ${beat.id}`]);
  });

  it('shows the api\u2019s refusal (a beat sold as an exclusive to someone else)', async () => {
    const { user, panel, backend } = await openBeat();
    backend.overrides.set('shareBeat', () => {
      throw new GraphQLError('This beat was sold as an exclusive: only its exclusive owner can share it.', { extensions: { code: 'FORBIDDEN' } });
    });
    await user.click(within(panel).getByRole('button', { name: 'Share this beat' }));
    expect(await within(panel).findByText('This beat was sold as an exclusive: only its exclusive owner can share it.')).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox', { name: 'Public link' })).not.toBeInTheDocument();
  });
});
