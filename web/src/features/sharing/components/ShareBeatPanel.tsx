import { useId, useState } from 'react';
import { Banner } from '../../../ui/banner/Banner';
import { useBeatShare } from '../hooks/use-beat-share';
import './Storefront.css';

/**
 * The owner's sharing of a beat (issue 36): Share makes a public link (anyone plays the beat on the
 * storefront player without signing in; nothing downloads), Stop sharing ends it at once.
 */
export function ShareBeatPanel({ beatId }: { readonly beatId: string }) {
  const { share, loading, busy, error, start, stop } = useBeatShare(beatId);
  const titleId = useId();
  const linkId = useId();
  const [copied, setCopied] = useState(0);
  const [copyFailed, setCopyFailed] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopyFailed(false);
      setCopied((n) => n + 1);
    } catch {
      setCopyFailed(true);
    }
  };

  return (
    <section className="share-panel" aria-labelledby={titleId}>
      <h2 className="share-panel__title" id={titleId}>
        Share
      </h2>
      {loading ? null : share ? (
        <>
          <label className="visually-hidden" htmlFor={linkId}>
            Public link
          </label>
          <input id={linkId} className="share-panel__link" readOnly value={share.url} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button button--secondary" onClick={() => void copy(share.url)}>
            Copy link
          </button>
          <a className="button button--secondary" href={share.pageUrl}>
            Open page
          </a>
          <button type="button" className="button button--secondary" onClick={() => void stop()} disabled={busy}>
            Stop sharing
          </button>
          <p>{`Plays: ${share.plays}`}</p>
        </>
      ) : (
        <>
          <p>Anyone with the link can play this beat on its public page without signing in; nothing there can be downloaded.</p>
          <button type="button" className="button button--primary" onClick={() => void start()} disabled={busy}>
            Share this beat
          </button>
        </>
      )}
      {copied > 0 && (
        <Banner key={copied} tone="success" onDismiss={() => setCopied(0)} autoHide>
          Link copied.
        </Banner>
      )}
      {copyFailed && (
        <Banner tone="error" onDismiss={() => setCopyFailed(false)}>
          The link could not be copied. Select it and copy it yourself.
        </Banner>
      )}
      {error && <Banner tone="error">{error}</Banner>}
    </section>
  );
}
