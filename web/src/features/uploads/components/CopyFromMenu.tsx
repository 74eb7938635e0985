import { useId, useRef, useState } from 'react';
import { useDismiss } from '../../../ui/use-dismiss';
import { isEightOhEight, type CopyPart, type DrumRow } from '../drum-rows';

const PARTS: readonly { part: CopyPart; label: string }[] = [
  { part: 'all', label: 'All metadata' },
  { part: 'genres', label: 'Genres' },
  { part: 'artists', label: 'Artists' },
  { part: 'moods', label: 'Style' },
  { part: 'tempoStyle', label: 'Tempo Style' },
  { part: 'keyMode', label: 'Key/Mode' },
];

interface CopyFromMenuProps {
  readonly row: DrumRow;
  readonly rows: readonly DrumRow[];
  readonly onCopyFrom: (sourceId: number, part: CopyPart) => void;
  readonly onCopyToAll: (part: CopyPart) => void;
  readonly disabled?: boolean;
}

export const rowName = (rows: readonly DrumRow[], row: DrumRow) => `Row ${rows.indexOf(row) + 1}`;

/**
 * A row's Copy From menu (requirements §P2): all metadata, or one tag list, from another row, or from
 * this row to all rows. Key and mode are offered only between 808s rows.
 */
export function CopyFromMenu({ row, rows, onCopyFrom, onCopyToAll, disabled = false }: CopyFromMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useDismiss(rootRef, open, () => setOpen(false));
  const others = rows.filter((r) => r.id !== row.id);
  const partsBetween = (target: DrumRow, source: DrumRow) =>
    PARTS.filter(({ part }) => part !== 'keyMode' || (isEightOhEight(target) && isEightOhEight(source)));

  const choose = (copy: () => void) => {
    copy();
    setOpen(false);
  };

  return (
    <div className="copy-from" ref={rootRef}>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled || others.length === 0}
        onClick={() => setOpen((o) => !o)}
      >
        Copy From
      </button>
      {open && (
        <div className="copy-from__panel" id={panelId} role="group" aria-label={`Copy into ${rowName(rows, row)}`}>
          {others.map((source) => (
            <div key={source.id} className="copy-from__group" role="group" aria-label={`From ${rowName(rows, source)}`}>
              <p className="copy-from__source">
                From {rowName(rows, source)}
                {source.file && <span className="copy-from__file"> · {source.file.name}</span>}
              </p>
              <div className="copy-from__parts">
                {partsBetween(row, source).map(({ part, label }) => (
                  <button key={part} type="button" className="chip-button" onClick={() => choose(() => onCopyFrom(source.id, part))}>
                    {label}
                  </button>
                ))}
              </div>
            </div>
          ))}
          <div className="copy-from__group copy-from__group--all" role="group" aria-label="To all rows">
            <p className="copy-from__source">From this row to all rows</p>
            <div className="copy-from__parts">
              {PARTS.filter(({ part }) => part !== 'keyMode' || isEightOhEight(row)).map(({ part, label }) => (
                <button key={part} type="button" className="chip-button" onClick={() => choose(() => onCopyToAll(part))}>
                  {label}
                </button>
              ))}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
