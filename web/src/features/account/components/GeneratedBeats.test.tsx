import { ApolloProvider } from '@apollo/client/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beatActionOf } from '../../beats/open-beat-state';
import { fakeBeat, GenerationBackend } from '../../generator/test/generation-backend';
import { GeneratedBeats } from './GeneratedBeats';

function OpenedBeat() {
  const location = useLocation();
  const action = beatActionOf(location.state);
  return <p>{action ? `${action.kind === 'open' ? 'Opened' : 'Regenerating'} ${action.beatId}` : 'Nothing to do'}</p>;
}

function renderList(backend: GenerationBackend) {
  const router = createMemoryRouter(
    [
      { path: '/account/profile', element: <GeneratedBeats /> },
      { path: '/', element: <OpenedBeat /> },
    ],
    { initialEntries: ['/account/profile'] },
  );
  render(
    <ApolloProvider client={backend.client}>
      <RouterProvider router={router} />
    </ApolloProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('Generated Beats on My Account', () => {
  it('lists Search Query, Date Created and Producers in the api order (newest first)', async () => {
    const backend = new GenerationBackend();
    const older = fakeBeat({ prompt: 'lofi study beat', createdAt: '2026-11-20T09:30:00.000Z', producers: [{ name: 'Tape Dust', percent: 100 }] });
    const newer = fakeBeat({ prompt: 'trap type beat with country drums', kind: 'full', createdAt: '2026-11-22T18:05:00.000Z' });
    backend.beats.set(older.id, older);
    backend.beats.set(newer.id, newer);
    renderList(backend);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Search Query', 'Date Created', 'Producers', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['trap type beat with country drumsFull beat', 'lofi study beat']);
    expect(within(rows[0]).getAllByRole('cell')[2]).toHaveTextContent('Night Owl, Cowboy Loops');
    expect(within(rows[1]).getByText('Nov 20, 2026', { exact: false })).toHaveAttribute('datetime', '2026-11-20T09:30:00.000Z');
  });

  it('goes to / with the beat to open when a row is clicked, or its link followed', async () => {
    const backend = new GenerationBackend();
    const beat = fakeBeat({ prompt: 'drill beat' });
    backend.beats.set(beat.id, beat);
    const { router, user } = renderList(backend);
    await user.click((await screen.findByText('Nov 22, 2026', { exact: false })).closest('tr')!);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText(`Opened ${beat.id}`)).toBeInTheDocument();
    await router.navigate('/account/profile');
    await user.click(await screen.findByRole('link', { name: 'drill beat' }));
    expect(screen.getByText(`Opened ${beat.id}`)).toBeInTheDocument();
  });

  it('goes to / with the beat to regenerate when its Regenerate action is pressed (not opening it)', async () => {
    const backend = new GenerationBackend();
    const beat = fakeBeat({ prompt: 'drill beat' });
    backend.beats.set(beat.id, beat);
    const { router, user } = renderList(backend);
    await user.click(await screen.findByRole('button', { name: 'Regenerate drill beat (1 token)' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText(`Regenerating ${beat.id}`)).toBeInTheDocument();
  });

  it('says when there are no beats yet, and offers a retry when the list fails', async () => {
    const backend = new GenerationBackend();
    backend.overrides.set('myBeats', () => {
      throw new GraphQLError('database unavailable', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    });
    const { user } = renderList(backend);
    expect(await screen.findByText(/Your beats could not be loaded/)).toBeInTheDocument();
    backend.overrides.delete('myBeats');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No beats yet. The beats you generate will be listed here.')).toBeInTheDocument();
  });
});
