import './ServiceUnavailable.css';

/** Shown when the api cannot be reached at boot: without its configuration nothing else can work. */
export function ServiceUnavailable({ onRetry }: { readonly onRetry: () => void }) {
  return (
    <main className="service-unavailable">
      <div className="service-unavailable__card">
        <h1 className="service-unavailable__title">We can't reach the server</h1>
        <p className="service-unavailable__text">Check your connection, then try again. If it keeps happening, we're on it.</p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </main>
  );
}
