import { useEffect, useState, type FormEvent } from 'react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import type { ProducerFieldsFragment } from '../../../generated/graphql';
import { Banner } from '../../../ui/banner/Banner';
import { Modal } from '../../../ui/modal/Modal';
import { useProducerSettings } from '../hooks/use-producer-settings';
import { PRODUCER_TEXTS, failureText } from '../producer-messages';
import { PRO_ID_MAX, PRO_OPTIONS } from '../signup-rules';
import { ProducerField } from './ProducerField';

interface AccountSettingsModalProps {
  readonly open: boolean;
  readonly producer: ProducerFieldsFragment;
  readonly pros: readonly string[] | undefined;
  readonly onClose: () => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The account settings popup (requirements §P5): name, birth date and producer name read-only; PRO, PRO ID and email editable. */
export function AccountSettingsModal({ open, producer, pros = PRO_OPTIONS, onClose }: AccountSettingsModalProps) {
  const { updateAccount, updatingAccount } = useProducerSettings();
  const [email, setEmail] = useState(producer.email);
  const [pro, setPro] = useState(producer.pro ?? '');
  const [proId, setProId] = useState(producer.proId ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- resets the popup's form from its props each time it opens (a keyed remount would do the same)
    setEmail(producer.email);
    setPro(producer.pro ?? '');
    setProId(producer.proId ?? '');
    setEmailError(null);
    setResult(null);
    // Only when the popup opens: a save must not wipe what its answer says.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: the producer's values are read at opening only
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const trimmed = email.trim();
    const error = !trimmed ? 'Email is required.' : EMAIL.test(trimmed) ? null : 'Email is not a valid email address.';
    setEmailError(error);
    if (error) return setResult({ ok: false, text: PRODUCER_TEXTS.producerUpdateFailed });
    try {
      const message = await updateAccount({ email: trimmed, pro: pro || null, proId: proId.trim() || null });
      setResult({ ok: true, text: message || PRODUCER_TEXTS.producerUpdated });
    } catch (failure) {
      console.error('Failed to update the producer record.', failure);
      setResult({ ok: false, text: failureText(PRODUCER_TEXTS.producerUpdateFailed, graphQLFailure(failure)?.message) });
    }
    return undefined;
  };

  return (
    <Modal open={open} title="Account Settings" onClose={onClose}>
      <form className="account-settings" onSubmit={(e) => void submit(e)} noValidate aria-label="Account Settings">
        <dl className="account-settings__facts">
          <div>
            <dt>Name</dt>
            <dd>
              {producer.firstName} {producer.lastName}
            </dd>
          </div>
          <div>
            <dt>Birth date</dt>
            <dd>{producer.birthDate}</dd>
          </div>
          <div>
            <dt>Producer name</dt>
            <dd>{producer.producerName}</dd>
          </div>
        </dl>
        <ProducerField id="settings-email" label="Email" required error={emailError ?? undefined}>
          <input id="settings-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" aria-invalid={emailError ? true : undefined} />
        </ProducerField>
        <ProducerField id="settings-pro" label="PRO">
          <select id="settings-pro" value={pro} onChange={(e) => setPro(e.target.value)}>
            <option value="">None</option>
            {pros.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </ProducerField>
        <ProducerField id="settings-pro-id" label="PRO ID">
          <input id="settings-pro-id" type="text" value={proId} maxLength={PRO_ID_MAX} onChange={(e) => setProId(e.target.value)} />
        </ProducerField>
        {result && <Banner tone={result.ok ? 'success' : 'error'}>{result.text}</Banner>}
        <div className="modal-actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={updatingAccount}>
            {updatingAccount ? 'Updating...' : 'Update Producer'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
