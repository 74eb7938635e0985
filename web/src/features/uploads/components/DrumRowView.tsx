import type { ChangeEvent } from 'react';
import { isEightOhEight, isRowComplete, numericBpm, setDrumType, type CopyPart, type DrumRow } from '../drum-rows';
import type { FilePreview } from '../hooks/use-file-preview';
import { DRUM_TYPE_OPTIONS, isBpmInRange, KEY_OPTIONS, MODE_OPTIONS } from '../music-options';
import { CopyFromMenu } from './CopyFromMenu';
import { WAV_ACCEPT } from './FileDropZone';
import { PlayButton } from './PlayButton';
import { TagInput } from './TagInput';

export const previewId = (row: DrumRow) => `row-${row.id}`;

interface DrumRowViewProps {
  readonly row: DrumRow;
  readonly rows: readonly DrumRow[];
  readonly preview: FilePreview;
  readonly disabled: boolean;
  readonly onChange: (row: DrumRow) => void;
  readonly onFile: (row: DrumRow, file: File) => void;
  readonly onDelete: (row: DrumRow) => void;
  readonly onCopyFrom: (row: DrumRow, sourceId: number, part: CopyPart) => void;
  readonly onCopyToAll: (row: DrumRow, part: CopyPart) => void;
}

type TagList = 'genres' | 'artists' | 'moods' | 'tempoStyle';
const TAG_CELLS: readonly { list: TagList; column: string; placeholder: string }[] = [
  { list: 'genres', column: 'Genres', placeholder: 'trap' },
  { list: 'artists', column: 'Artists', placeholder: 'Future' },
  { list: 'moods', column: 'Style', placeholder: 'dark' },
  { list: 'tempoStyle', column: 'Tempo Style', placeholder: 'bouncy' },
];

/** One row of the drum table (requirements §P2): file and preview, type, tags, BPM, key/mode for 808s, actions. */
export function DrumRowView({ row, rows, preview, disabled, onChange, onFile, onDelete, onCopyFrom, onCopyToAll }: DrumRowViewProps) {
  const name = `Row ${rows.indexOf(row) + 1}`;
  const playing = preview.currentId === previewId(row) && preview.playing;
  const complete = isRowComplete(row);

  const pickFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(row, file);
  };

  const fileInput = (
    <input type="file" className="visually-hidden" accept={WAV_ACCEPT} aria-label={`${name} file`} disabled={disabled} onChange={pickFile} />
  );

  return (
    <tr className={`drum-row${complete ? ' is-complete' : ''}`} aria-label={name}>
      <td className="drum-row__file" data-label="File">
        <span className="drum-row__number" aria-hidden="true">
          {rows.indexOf(row) + 1}
        </span>
        {row.file ? (
          <div className="drum-file">
            <PlayButton playing={playing} name={row.file.name} onClick={() => preview.toggle(previewId(row), row.file!)} />
            <span className="drum-file__name" title={row.file.name}>
              {row.file.name}
            </span>
            <label className="drum-file__change">
              {fileInput}
              Change
            </label>
          </div>
        ) : (
          <label className="button button--secondary button--small drum-file__choose">
            {fileInput}
            Choose WAV
          </label>
        )}
        <span className={`drum-row__status${complete ? ' is-ready' : ''}`}>{complete ? 'Ready' : 'Incomplete'}</span>
      </td>
      <td data-label="Type">
        <select
          className={`upload-input upload-select upload-input--small${row.drumType ? '' : ' is-invalid'}`}
          aria-label={`${name} type`}
          value={row.drumType}
          disabled={disabled}
          onChange={(event) => onChange(setDrumType(row, event.target.value))}
        >
          <option value="">Type</option>
          {DRUM_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <div className="drum-row__instruments">
          <TagInput
            label={`${name} instruments`}
            tags={row.instruments}
            placeholder="kick"
            compact
            disabled={disabled}
            onChange={(instruments) => onChange({ ...row, instruments })}
          />
        </div>
      </td>
      {TAG_CELLS.map(({ list, column, placeholder }) => (
        <td key={list} data-label={column}>
          <TagInput
            label={`${name} ${column}`}
            tags={row[list]}
            placeholder={placeholder}
            compact
            disabled={disabled}
            onChange={(tags) => onChange({ ...row, [list]: tags })}
          />
        </td>
      ))}
      <td data-label="BPM">
        <input
          type="text"
          inputMode="decimal"
          className={`upload-input upload-input--small upload-input--bpm${isBpmInRange(row.bpm) ? '' : ' is-invalid'}`}
          aria-label={`${name} BPM`}
          placeholder="140"
          value={row.bpm}
          disabled={disabled}
          onChange={(event) => onChange({ ...row, bpm: numericBpm(event.target.value) })}
        />
      </td>
      <td data-label="Key/Mode">
        {isEightOhEight(row) ? (
          <div className="drum-row__key">
            <select
              className={`upload-input upload-select upload-input--small${row.key ? '' : ' is-invalid'}`}
              aria-label={`${name} key`}
              value={row.key}
              disabled={disabled}
              onChange={(event) => onChange({ ...row, key: event.target.value })}
            >
              <option value="">Key</option>
              {KEY_OPTIONS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
            <select
              className={`upload-input upload-select upload-input--small${row.mode ? '' : ' is-invalid'}`}
              aria-label={`${name} mode`}
              value={row.mode}
              disabled={disabled}
              onChange={(event) => onChange({ ...row, mode: event.target.value })}
            >
              <option value="">Mode</option>
              {MODE_OPTIONS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <span className="drum-row__na" title="Key and mode are only for 808s">
            N/A
          </span>
        )}
      </td>
      <td data-label="Actions">
        <div className="drum-row__actions">
          <CopyFromMenu
            row={row}
            rows={rows}
            disabled={disabled}
            onCopyFrom={(sourceId, part) => onCopyFrom(row, sourceId, part)}
            onCopyToAll={(part) => onCopyToAll(row, part)}
          />
          <button type="button" className="icon-button icon-button--danger" aria-label={`Delete ${name}`} disabled={disabled} onClick={() => onDelete(row)}>
            <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" aria-hidden="true">
              <path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5" />
            </svg>
          </button>
        </div>
      </td>
    </tr>
  );
}
