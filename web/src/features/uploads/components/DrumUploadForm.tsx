import { useCallback, useRef, useState } from 'react';
import { Banner } from '../../../ui/banner/Banner';
import { TableScroll } from '../../../ui/table-scroll/TableScroll';
import { canUploadDrums, copyPartFrom, copyToAllRows, emptyDrumRow, isRowComplete, placeFiles, withFile, type DrumRow } from '../drum-rows';
import { useFilePreview } from '../hooks/use-file-preview';
import { usePageFileDrop } from '../hooks/use-page-file-drop';
import { useUploadDrums, type UploadOutcome } from '../hooks/use-upload';
import { allWav, isWavFile } from '../melody-form-rules';
import { drumUploadRequest } from '../upload-requests';
import { UPLOAD_TEXTS } from '../upload-messages';
import { DrumRowView, previewId } from './DrumRowView';
import { FileDropZone } from './FileDropZone';
import { PageDropOverlay } from './PageDropOverlay';
import { UploadingModal } from './UploadingModal';
import { UploadResult } from './UploadResult';

const COLUMNS = ['File', 'Type', 'Genres', 'Artists', 'Style', 'Tempo Style', 'BPM', 'Key/Mode', 'Actions'] as const;

/**
 * The drum table of Drum Sample Upload (requirements §P2): files dropped anywhere on the page or chosen per
 * row, each row with its type, tags, BPM and (808s) key and mode; the complete rows are uploaded.
 */
export function DrumUploadForm() {
  const nextId = useRef(1);
  const newId = useCallback(() => nextId.current++, []);
  const [rows, setRows] = useState<DrumRow[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  const preview = useFilePreview();
  const { upload, uploading } = useUploadDrums();

  const addFiles = useCallback(
    (files: File[]) => {
      // One file that is not WAV rejects the whole batch (requirements §P5).
      if (!allWav(files)) return setFileError(UPLOAD_TEXTS.notWav);
      setFileError(null);
      setRows((current) => placeFiles(current, files, newId));
    },
    [newId],
  );
  const { dragging, overlayHandlers } = usePageFileDrop(addFiles, !uploading);

  const update = (next: DrumRow) => setRows((current) => current.map((r) => (r.id === next.id ? next : r)));

  const setRowFile = (row: DrumRow, file: File) => {
    if (!isWavFile(file)) return setFileError(UPLOAD_TEXTS.notWav);
    setFileError(null);
    preview.release(previewId(row));
    update(withFile(row, file));
  };

  const deleteRow = (row: DrumRow) => {
    preview.release(previewId(row));
    setRows((current) => current.filter((r) => r.id !== row.id));
  };

  const submit = async () => {
    if (!canUploadDrums(rows) || uploading) return;
    const request = drumUploadRequest(rows);
    setOutcome(null);
    const result = await upload({ files: request.files, entries: request.entries });
    setOutcome(result);
    if (!result.ok) return;
    // A success resets the table to one empty row (requirements §P4), rows that were not complete included.
    preview.stop();
    for (const row of rows) preview.release(previewId(row));
    setRows([emptyDrumRow(newId())]);
  };

  const ready = rows.filter(isRowComplete).length;

  return (
    <div className="drum-form">
      {dragging && <PageDropOverlay {...overlayHandlers} />}
      {fileError && (
        <Banner tone="error" onDismiss={() => setFileError(null)}>
          {fileError}
        </Banner>
      )}

      {rows.length === 0 ? (
        <div className="drum-empty">
          <FileDropZone label="Select WAV files" onFiles={addFiles} disabled={uploading}>
            <span className="drop-zone__title">Drop WAV drum loops here, or click to choose</span>
            <span className="drop-zone__hint">Each file becomes a row. You can also drop files anywhere on this page.</span>
          </FileDropZone>
          <button type="button" className="button button--secondary" onClick={() => setRows([emptyDrumRow(newId())])}>
            + Add Row
          </button>
        </div>
      ) : (
        <>
          <TableScroll label="Drum samples table" className="drum-table-wrap">
            <table className="drum-table">
              <caption className="visually-hidden">Drum samples to upload</caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <DrumRowView
                    key={row.id}
                    row={row}
                    rows={rows}
                    preview={preview}
                    disabled={uploading}
                    onChange={update}
                    onFile={setRowFile}
                    onDelete={deleteRow}
                    onCopyFrom={(target, sourceId, part) => {
                      const source = rows.find((r) => r.id === sourceId);
                      if (source) update(copyPartFrom(target, source, part));
                    }}
                    onCopyToAll={(source, part) => setRows((current) => copyToAllRows(current, source.id, part))}
                  />
                ))}
              </tbody>
            </table>
          </TableScroll>
          <div className="drum-form__below">
            <button type="button" className="button button--secondary" disabled={uploading} onClick={() => setRows((current) => [...current, emptyDrumRow(newId())])}>
              + Add Row
            </button>
            <p className="drum-form__summary" aria-live="polite">
              {ready} of {rows.length} {rows.length === 1 ? 'row' : 'rows'} ready.
              {ready < rows.length && ' Only complete rows are uploaded: a file, a type, each tag list and a BPM (808s also a key and a mode).'}
            </p>
          </div>
        </>
      )}

      <div className="upload-actions">
        <div className="upload-actions__message">
          <UploadResult outcome={outcome} onDismiss={() => setOutcome(null)} />
        </div>
        <button type="button" className="button button--primary button--large" disabled={!canUploadDrums(rows) || uploading} onClick={() => void submit()}>
          Upload Drum Samples
        </button>
      </div>
      <UploadingModal open={uploading} />
    </div>
  );
}
