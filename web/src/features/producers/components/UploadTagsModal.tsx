import { useEffect, useState, type FormEvent } from 'react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import type { SampleTagsInput } from '../../../generated/graphql';
import { Banner } from '../../../ui/banner/Banner';
import { Modal } from '../../../ui/modal/Modal';
import { TagInput } from '../../uploads/components/TagInput';
import type { UploadKind } from '../hooks/use-my-uploads';

const TAG_LISTS = [
  { key: 'artists', label: 'Artists' },
  { key: 'instruments', label: 'Instruments' },
  { key: 'genres', label: 'Genres' },
  { key: 'moods', label: 'Moods' },
  { key: 'tempoStyles', label: 'Tempo Style' },
] as const;

interface UploadTagsModalProps {
  readonly target: { kind: UploadKind; id: string; name: string; tags: SampleTagsInput } | null;
  readonly onSave: (kind: UploadKind, id: string, tags: SampleTagsInput) => Promise<void>;
  readonly onClose: () => void;
}

/** Edits an upload's tags: every list is replaced; each needs a tag (instruments are optional for drum loops), as at upload. */
export function UploadTagsModal({ target, onSave, onClose }: UploadTagsModalProps) {
  const [tags, setTags] = useState<SampleTagsInput>({ artists: [], instruments: [], genres: [], moods: [], tempoStyles: [] });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!target) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- resets the popup's form from its props each time it opens (a keyed remount would do the same)
    setTags({ ...target.tags });
    setError(null);
  }, [target]);

  const missing = TAG_LISTS.find((list) => tags[list.key].length === 0 && !(list.key === 'instruments' && target?.kind === 'drum'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    if (missing) return setError(`Add at least one tag to ${missing.label}.`);
    setSaving(true);
    try {
      await onSave(target.kind, target.id, tags);
      onClose();
    } catch (failure) {
      console.error('Failed to save the tags.', failure);
      setError(graphQLFailure(failure)?.message ?? 'The tags could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={target !== null} title={`Edit Tags: ${target?.name ?? ''}`} onClose={onClose}>
      <form className="upload-tags-form" onSubmit={(e) => void submit(e)} noValidate>
        {TAG_LISTS.map((list) => (
          <div key={list.key} className="producer-field">
            <span className="producer-field__label">{list.label}</span>
            <TagInput label={list.label} tags={tags[list.key]} onChange={(next) => setTags((t) => ({ ...t, [list.key]: next }))} placeholder="Type, then Enter or comma" />
          </div>
        ))}
        {error && <Banner tone="error">{error}</Banner>}
        <div className="modal-actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save Tags'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
