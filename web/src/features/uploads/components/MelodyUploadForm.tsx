import { useId, useState, type FormEvent } from 'react';
import { Banner } from '../../../ui/banner/Banner';
import type { FieldHelpKey } from '../field-help';
import { useFilePreview } from '../hooks/use-file-preview';
import { useUploadMelody, type UploadOutcome } from '../hooks/use-upload';
import { allWav, digitsOnly, melodyFormComplete, melodySubmitLabel, type MelodyFormState } from '../melody-form-rules';
import { BPM_RANGE_TEXT, isBpmInRange, KEY_OPTIONS, MODE_OPTIONS } from '../music-options';
import { melodyUploadVariables } from '../upload-requests';
import { UPLOAD_TEXTS } from '../upload-messages';
import { FieldLabel } from './FieldLabel';
import { FileDropZone } from './FileDropZone';
import { MelodyFileList, type ListedFile } from './MelodyFileList';
import { TagInput } from './TagInput';
import { UploadingModal } from './UploadingModal';
import { UploadResult } from './UploadResult';

type TagField = 'artists' | 'instruments' | 'genres' | 'moods' | 'tempoStyle';

const TAG_FIELDS: readonly { field: TagField; label: string; help: FieldHelpKey; placeholder: string }[] = [
  { field: 'artists', label: 'Artists', help: 'artists', placeholder: 'e.g. Metro Boomin' },
  { field: 'instruments', label: 'Instruments', help: 'instruments', placeholder: 'e.g. piano' },
  { field: 'genres', label: 'Genres', help: 'genres', placeholder: 'e.g. trap' },
  { field: 'moods', label: 'Moods', help: 'moods', placeholder: 'e.g. dark' },
  { field: 'tempoStyle', label: 'Tempo Style', help: 'tempoStyle', placeholder: 'e.g. half-time' },
];

type Tags = Record<TagField, string[]>;
const NO_TAGS: Tags = { artists: [], instruments: [], genres: [], moods: [], tempoStyle: [] };

const fileId = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/** Upload Melody Samples (requirements §P2): one composition's WAV stems and their tags, BPM, key and mode. */
export function MelodyUploadForm() {
  const ids = useId();
  const [files, setFiles] = useState<ListedFile[]>([]);
  const [tags, setTags] = useState<Tags>(NO_TAGS);
  const [bpm, setBpm] = useState('');
  const [key, setKey] = useState('');
  const [mode, setMode] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  const preview = useFilePreview();
  const { upload, uploading } = useUploadMelody();

  const state: MelodyFormState = { files, ...tags, bpm, key, mode };
  const label = melodySubmitLabel(state);

  const addFiles = (chosen: File[]) => {
    // One file that is not WAV rejects the whole batch (requirements §P5).
    if (!allWav(chosen)) return setFileError(UPLOAD_TEXTS.notWav);
    setFileError(null);
    setFiles((current) => {
      const known = new Set(current.map((f) => f.id));
      const added = chosen.map((file) => ({ id: fileId(file), file })).filter((f) => !known.has(f.id) && known.add(f.id));
      return [...current, ...added];
    });
  };

  const reset = () => {
    preview.stop();
    setFiles([]);
    setTags(NO_TAGS);
    setBpm('');
    setKey('');
    setMode('');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!melodyFormComplete(state) || uploading) return;
    setOutcome(null);
    const result = await upload(melodyUploadVariables({ ...state, files: files.map((f) => f.file) }));
    setOutcome(result);
    if (result.ok) reset();
  };

  const bpmInvalid = !isBpmInRange(bpm);
  const bpmOutOfRange = bpm !== '' && bpmInvalid;

  return (
    <form className="melody-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <section className="upload-card" aria-labelledby={`${ids}-files`}>
        <h2 id={`${ids}-files`} className="upload-card__title">
          Stems
        </h2>
        <FileDropZone label="Select WAV files" onFiles={addFiles} disabled={uploading}>
          <span className="drop-zone__title">Drag and drop WAV files here, or click to choose</span>
          <span className="drop-zone__hint">WAV only · 8 bars · all the stems of one composition</span>
        </FileDropZone>
        {fileError && (
          <Banner tone="error" onDismiss={() => setFileError(null)}>
            {fileError}
          </Banner>
        )}
        <MelodyFileList files={files} preview={preview} onRemove={(id) => setFiles((current) => current.filter((f) => f.id !== id))} />
      </section>

      <section className="upload-card" aria-labelledby={`${ids}-tags`}>
        <h2 id={`${ids}-tags`} className="upload-card__title">
          Tags
        </h2>
        <p className="upload-card__text">Press Enter or type a comma to add a tag. Every list needs at least one.</p>
        <div className="upload-fields">
          {TAG_FIELDS.map(({ field, label: text, help, placeholder }) => (
            <div key={field} className="upload-field">
              <FieldLabel htmlFor={`${ids}-${field}`} text={text} help={help} />
              <TagInput
                id={`${ids}-${field}`}
                label={text}
                tags={tags[field]}
                placeholder={placeholder}
                disabled={uploading}
                onChange={(next) => setTags((current) => ({ ...current, [field]: next }))}
              />
            </div>
          ))}
        </div>
        <div className="upload-fields upload-fields--music">
          <div className="upload-field">
            <FieldLabel htmlFor={`${ids}-bpm`} text="BPM" help="bpm" />
            <input
              id={`${ids}-bpm`}
              className={`upload-input${bpmInvalid ? ' is-invalid' : ''}`}
              type="text"
              inputMode="numeric"
              placeholder="e.g. 140"
              value={bpm}
              disabled={uploading}
              aria-invalid={bpmInvalid}
              aria-describedby={bpmOutOfRange ? `${ids}-bpm-error` : undefined}
              onChange={(event) => setBpm(digitsOnly(event.target.value))}
            />
            {bpmOutOfRange && (
              <span id={`${ids}-bpm-error`} className="upload-field__error">
                {BPM_RANGE_TEXT}
              </span>
            )}
          </div>
          <div className="upload-field">
            <FieldLabel htmlFor={`${ids}-key`} text="Key" help="key" />
            <select
              id={`${ids}-key`}
              className={`upload-input upload-select${key ? '' : ' is-invalid'}`}
              value={key}
              disabled={uploading}
              aria-invalid={!key}
              onChange={(event) => setKey(event.target.value)}
            >
              <option value="">Select Key</option>
              {KEY_OPTIONS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </div>
          <div className="upload-field">
            <FieldLabel htmlFor={`${ids}-mode`} text="Mode" help="mode" required />
            <select
              id={`${ids}-mode`}
              className={`upload-input upload-select${mode ? '' : ' is-invalid'}`}
              value={mode}
              required
              disabled={uploading}
              aria-invalid={!mode}
              onChange={(event) => setMode(event.target.value)}
            >
              <option value="">Required</option>
              {MODE_OPTIONS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
        </div>
      </section>

      <div className="upload-actions">
        <div className="upload-actions__message">
          <UploadResult outcome={outcome} onDismiss={() => setOutcome(null)} />
        </div>
        <button type="submit" className="button button--primary button--large" disabled={label !== 'Upload Samples' || uploading}>
          {label}
        </button>
      </div>
      <UploadingModal open={uploading} />
    </form>
  );
}
