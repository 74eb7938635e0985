import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { TokenBalance } from '../../header/components/TokenBalance';
import { GeneratorScreen } from '../components/GeneratorScreen';
import { GenerationBackend } from './generation-backend';

interface RenderGeneratorOptions {
  readonly backend?: GenerationBackend;
  readonly signedIn?: boolean;
  readonly openBeatId?: string | null;
}

/** The generator with the header's balance beside it, over a GenerationBackend. */
export function renderGenerator({ backend = new GenerationBackend(), signedIn = true, openBeatId = null }: RenderGeneratorOptions = {}) {
  const onSignIn = vi.fn();
  const onUnauthenticated = vi.fn();
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  const view = render(
    <ApolloProvider client={backend.client}>
      <MemoryRouter>
        {signedIn && <TokenBalance />}
        <GeneratorScreen signedIn={signedIn} onSignIn={onSignIn} onUnauthenticated={onUnauthenticated} openBeatId={openBeatId} />
      </MemoryRouter>
    </ApolloProvider>,
  );
  return { ...view, backend, user, onSignIn, onUnauthenticated };
}
