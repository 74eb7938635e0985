import type { FilePreview } from '../hooks/use-file-preview';
import { PlayButton } from './PlayButton';

export interface ListedFile {
  readonly id: string;
  readonly file: File;
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The chosen stems with a play/pause preview (one at a time) and a remove action each. */
export function MelodyFileList({ files, preview, onRemove }: {
  readonly files: readonly ListedFile[];
  readonly preview: FilePreview;
  readonly onRemove: (id: string) => void;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="file-list" aria-label="Selected files">
      {files.map(({ id, file }) => {
        const playing = preview.currentId === id && preview.playing;
        return (
          <li key={id} className={`file-list__item${preview.currentId === id ? ' is-current' : ''}`}>
            <PlayButton playing={playing} name={file.name} onClick={() => preview.toggle(id, file)} />
            <span className="file-list__name">{file.name}</span>
            <span className="file-list__size">{formatSize(file.size)}</span>
            <button
              type="button"
              className="icon-button icon-button--danger"
              aria-label={`Remove ${file.name}`}
              onClick={() => {
                preview.release(id);
                onRemove(id);
              }}
            >
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
