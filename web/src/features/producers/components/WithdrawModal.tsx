import { useState } from 'react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { Banner } from '../../../ui/banner/Banner';
import { Modal } from '../../../ui/modal/Modal';
import type { UploadKind } from '../hooks/use-my-uploads';

interface WithdrawModalProps {
  readonly target: { kind: UploadKind; id: string; name: string } | null;
  readonly onConfirm: (kind: UploadKind, id: string) => Promise<void>;
  readonly onClose: () => void;
}

/** Asks before an upload is withdrawn: it is no longer used for new beats; beats already made keep it. */
export function WithdrawModal({ target, onConfirm, onClose }: WithdrawModalProps) {
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!target) return;
    setWorking(true);
    setError(null);
    try {
      await onConfirm(target.kind, target.id);
      close();
    } catch (failure) {
      console.error('Failed to withdraw the upload.', failure);
      setError(graphQLFailure(failure)?.message ?? 'The upload could not be withdrawn. Please try again.');
    } finally {
      setWorking(false);
    }
  };
  return (
    <Modal open={target !== null} title="Withdraw Upload" onClose={close}>
      <p className="withdraw-text">
        Withdraw <strong>{target?.name}</strong>? It will no longer be used for new beats. Beats already made with it keep it.
      </p>
      {error && <Banner tone="error">{error}</Banner>}
      <div className="modal-actions">
        <button type="button" className="button button--secondary" onClick={close}>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={working}>
          {working ? 'Withdrawing...' : 'Withdraw'}
        </button>
      </div>
    </Modal>
  );
}
