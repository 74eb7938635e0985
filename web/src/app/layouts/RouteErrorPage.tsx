import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { pageNavigation } from '../browser/page-navigation';
import { isChunkLoadTimeout } from '../router/lazy-page';
import '../../pages/StatusPage.css';

/**
 * The root route's error boundary. It renders outside the session providers, so it uses plain
 * links (a full load starts the app afresh, which also recovers from a chunk that failed to load or
 * timed out after CHUNK_LOAD_TIMEOUT_MS).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('Route error', error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  const timedOut = isChunkLoadTimeout(error);
  return (
    <main className="status-page status-page--standalone">
      <p className="status-page__eyebrow">Something went wrong</p>
      <h1 className="status-page__title">{timedOut ? 'This page took too long to load' : 'This page hit a snag'}</h1>
      <p className="status-page__text">
        Reload to try again{detail ? ` (${detail})` : ''}. Your beats and account are safe.
      </p>
      <div className="status-page__actions">
        <button type="button" className="button button--primary" onClick={() => pageNavigation.reload()}>
          Reload
        </button>
        <a className="button button--ghost" href="/">
          Go to home
        </a>
      </div>
    </main>
  );
}
