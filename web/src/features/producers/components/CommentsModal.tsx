import { useEffect, useId, useState } from 'react';
import { Modal } from '../../../ui/modal/Modal';

interface CommentsModalProps {
  readonly open: boolean;
  readonly title: string;
  readonly value: string;
  readonly maxLength: number;
  readonly onSave: (value: string) => void;
  readonly onClose: () => void;
}

/** A term set's additional comments (requirements §P2), plain text up to the api's limit; kept by Save Contracts. */
export function CommentsModal({ open, title, value, maxLength, onSave, onClose }: CommentsModalProps) {
  const [text, setText] = useState(value);
  const fieldId = useId();
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- resets the popup's text from its props each time it opens
    if (open) setText(value);
  }, [open, value]);

  return (
    <Modal open={open} title={`${title}: Additional Comments`} onClose={onClose}>
      <form
        className="comments-form"
        onSubmit={(event) => {
          event.preventDefault();
          // A portal's events bubble through the React tree: the contract form must not submit too.
          event.stopPropagation();
          onSave(text.trim());
        }}
      >
        <label htmlFor={fieldId} className="comments-form__label">
          Additional comments
        </label>
        <textarea
          id={fieldId}
          rows={6}
          maxLength={maxLength}
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, maxLength))}
          placeholder="Anything the licence adds or limits, in plain words (credit lines, exclusions)"
        />
        <p className="comments-form__count" aria-live="polite">
          {text.length}/{maxLength} characters
        </p>
        <p className="comments-form__note">Comments are shown as plain text and saved with Save Contracts.</p>
        <div className="modal-actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary">
            Done
          </button>
        </div>
      </form>
    </Modal>
  );
}
