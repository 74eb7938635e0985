import { useState, type DragEvent, type ReactNode } from 'react';

interface FileDropZoneProps {
  /** The accessible name of the file input. */
  readonly label: string;
  readonly onFiles: (files: File[]) => void;
  readonly children: ReactNode;
  readonly disabled?: boolean;
}

export const WAV_ACCEPT = '.wav,audio/wav,audio/x-wav,audio/wave';

/** A drag-and-drop or click file zone accepting multiple files; the parent decides what it takes. */
export function FileDropZone({ label, onFiles, children, disabled = false }: FileDropZoneProps) {
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  return (
    <label
      className={`drop-zone${over ? ' is-over' : ''}${disabled ? ' is-disabled' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <input
        type="file"
        className="visually-hidden"
        aria-label={label}
        multiple
        accept={WAV_ACCEPT}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so choosing the same file again is a change too.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <span className="drop-zone__icon" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 16V4M7 9l5-5 5 5" />
          <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </svg>
      </span>
      {children}
    </label>
  );
}
