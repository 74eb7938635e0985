import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, parsePath } from 'react-router-dom';
import { App } from '../app/App';
import { appRoutes } from '../app/router/app-routes';
import { FakeBackend } from './fake-backend';
import { storeLogin, type StoredLogin } from './oidc-user';
import { TEST_API_URL } from './test-config';

interface RenderAppOptions {
  /** The route to open. */
  readonly path?: string;
  readonly backend?: FakeBackend;
  /** Stores a login before boot (true for the default one). */
  readonly signedIn?: boolean | StoredLogin;
  /** The navigation state the route is opened with (as a Link's `state` carries it). */
  readonly state?: unknown;
}

/**
 * Boots the whole app, providers and router included, with only the network replaced: `fetch`
 * answers from a FakeBackend and the identity provider's stored login is seeded in session storage.
 */
export function renderApp({ path = '/', backend = new FakeBackend(), signedIn = false, state }: RenderAppOptions = {}) {
  vi.stubGlobal('fetch', backend.fetch);
  if (signedIn) storeLogin(signedIn === true ? {} : signedIn);
  const router = createMemoryRouter(appRoutes, { initialEntries: [state === undefined ? path : { ...parsePath(path), state }] });
  const user = userEvent.setup();
  const view = render(<App apiUrl={TEST_API_URL} router={router} />);
  return {
    ...view,
    backend,
    router,
    user,
    /** The current route as `pathname?search`. */
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}
