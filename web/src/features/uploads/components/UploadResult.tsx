import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { Banner } from '../../../ui/banner/Banner';
import type { UploadOutcome } from '../hooks/use-upload';

/** The outcome of the last upload, or the WAV-only refusal, as a banner the user can dismiss. */
export function UploadResult({ outcome, onDismiss }: { readonly outcome: UploadOutcome | null; readonly onDismiss: () => void }) {
  if (!outcome) return null;
  return (
    <Banner tone={outcome.ok ? 'success' : 'error'} onDismiss={onDismiss}>
      <span>{outcome.text}</span>
      {outcome.detail && <span className="upload-result__detail">{outcome.detail}</span>}
      {outcome.notProducer && (
        <span className="upload-result__detail">
          <Link to={paths.choice}>Become a producer</Link>
        </span>
      )}
    </Banner>
  );
}
