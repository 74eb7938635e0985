import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { StaticRuntimeConfig } from '../../../app/config/RuntimeConfigProvider';
import { TEST_API_URL, TEST_CLIENT_CONFIG } from '../../../test/test-config';
import type { BeatAction } from '../../beats/open-beat-state';
import { TokenBalance } from '../../header/components/TokenBalance';
import { GeneratorScreen } from '../components/GeneratorScreen';
import { GenerationBackend } from './generation-backend';

interface RenderGeneratorOptions {
  readonly backend?: GenerationBackend;
  readonly signedIn?: boolean;
  /** A saved beat to open, as a row of My Account does. */
  readonly openBeatId?: string | null;
  /** Any beat action (open or regenerate) from My Account. */
  readonly beatAction?: BeatAction | null;
}

/** The generator with the header's balance beside it, over a GenerationBackend. */
export function renderGenerator({ backend = new GenerationBackend(), signedIn = true, openBeatId = null, beatAction = null }: RenderGeneratorOptions = {}) {
  const action: BeatAction | null = beatAction ?? (openBeatId ? { kind: 'open', beatId: openBeatId } : null);
  const onSignIn = vi.fn();
  const onUnauthenticated = vi.fn();
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  const view = render(
    <StaticRuntimeConfig config={{ ...TEST_CLIENT_CONFIG, apiUrl: TEST_API_URL }}>
      <ApolloProvider client={backend.client}>
        <MemoryRouter>
          {signedIn && <TokenBalance />}
          <GeneratorScreen signedIn={signedIn} onSignIn={onSignIn} onUnauthenticated={onUnauthenticated} beatAction={action} />
        </MemoryRouter>
      </ApolloProvider>
    </StaticRuntimeConfig>,
  );
  return { ...view, backend, user, onSignIn, onUnauthenticated };
}
