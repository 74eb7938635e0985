import { useState, type FormEvent } from 'react';
import { Modal } from '../../../ui/modal/Modal';

interface RefundModalProps {
  /** What is refunded ("Early Access Premium payment of $7.50"), or null when closed. */
  readonly what: string | null;
  readonly onCancel: () => void;
  readonly onRefund: (reason: string) => Promise<void>;
}

/** Confirms a refund in full, with the reason the audit log keeps. */
export function RefundModal({ what, onCancel, onRefund }: RefundModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!what) return null;

  const close = () => {
    setReason('');
    setError(null);
    onCancel();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Give a reason.');
      return;
    }
    setBusy(true);
    try {
      await onRefund(reason.trim());
      setReason('');
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The refund failed.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={`Refund ${what}`} onClose={close}>
      <form className="admin-tokens" onSubmit={(event) => void submit(event)} noValidate>
        <p>The full amount goes back to the customer. This cannot be undone.</p>
        <label htmlFor="admin-refund-reason">Reason:</label>
        <textarea id="admin-refund-reason" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        {error && (
          <p className="admin-error" role="alert">
            {error}
          </p>
        )}
        <div className="admin-tokens__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            Refund
          </button>
        </div>
      </form>
    </Modal>
  );
}
