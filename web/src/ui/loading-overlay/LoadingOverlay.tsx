import './LoadingOverlay.css';

/** Requirements §L2: the text of the full-page overlay while auth or a page's data loads. */
export const PAGE_LOADING_MESSAGE = 'Please wait. Page is Loading...';

export function LoadingOverlay({ message = PAGE_LOADING_MESSAGE }: { message?: string }) {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-overlay__bars" aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
        <span />
      </div>
      <p className="loading-overlay__message">{message}</p>
    </div>
  );
}
