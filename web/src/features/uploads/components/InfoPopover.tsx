import { useId, useRef, useState } from 'react';
import { useDismiss } from '../../../ui/use-dismiss';
import { FIELD_HELP, type FieldHelpKey } from '../field-help';

/** An (i) button beside a field label that shows the field's description and examples. */
export function InfoPopover({ field, label }: { readonly field: FieldHelpKey; readonly label: string }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLSpanElement>(null);
  const panelId = useId();
  const help = FIELD_HELP[field];
  useDismiss(rootRef, open, () => setOpen(false));

  return (
    <span className="info-popover" ref={rootRef}>
      <button
        type="button"
        className="info-popover__button"
        aria-label={`About ${label}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        i
      </button>
      {open && (
        <span className="info-popover__panel" id={panelId} role="note">
          <span className="info-popover__description">{help.description}</span>
          <span className="info-popover__examples">
            <strong>Examples:</strong> {help.examples}
          </span>
        </span>
      )}
    </span>
  );
}
