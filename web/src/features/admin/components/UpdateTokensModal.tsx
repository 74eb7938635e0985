import { useState, type FormEvent } from 'react';
import { Modal } from '../../../ui/modal/Modal';
import type { AdminSubscription } from '../admin-api';

interface UpdateTokensModalProps {
  readonly subscription: AdminSubscription | null;
  readonly onCancel: () => void;
  /** Posts the new amount; rejects with a message to show when the api refused it. */
  readonly onUpdate: (subscription: AdminSubscription, tokens: number) => Promise<void>;
}

/** Update Tokens for {username} (requirements §P2): current tokens, "New token amount:" (minimum 0), Cancel, Update, close icon. */
export function UpdateTokensModal({ subscription, onCancel, onUpdate }: UpdateTokensModalProps) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (!subscription) return null;

  const close = () => {
    setAmount('');
    setError(null);
    onCancel();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tokens = Number(amount);
    if (amount.trim() === '' || !Number.isInteger(tokens) || tokens < 0) {
      setError('Enter a whole number of tokens, 0 or more.');
      return;
    }
    setSaving(true);
    try {
      await onUpdate(subscription, tokens);
      setAmount('');
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The tokens could not be updated.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={`Update Tokens for ${subscription.username}`} onClose={close}>
      <form className="admin-tokens" onSubmit={(event) => void submit(event)} noValidate>
        <p>Current tokens: {subscription.tokens_remaining}</p>
        <label htmlFor="admin-new-tokens">New token amount:</label>
        <input id="admin-new-tokens" type="number" min={0} step={1} value={amount} onChange={(e) => setAmount(e.target.value)} />
        {error && (
          <p className="admin-error" role="alert">
            {error}
          </p>
        )}
        <div className="admin-tokens__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            Update
          </button>
        </div>
      </form>
    </Modal>
  );
}
