import type { FieldHelpKey } from '../field-help';
import { InfoPopover } from './InfoPopover';

/** A field's label with its info popover; `required` adds the asterisk. */
export function FieldLabel({ htmlFor, text, help, required = false }: {
  readonly htmlFor: string;
  readonly text: string;
  readonly help: FieldHelpKey;
  readonly required?: boolean;
}) {
  return (
    <div className="field-label">
      <label htmlFor={htmlFor}>
        {text}
        {required && (
          <span className="field-label__required" aria-hidden="true">
            {' '}*
          </span>
        )}
      </label>
      <InfoPopover field={help} label={text} />
    </div>
  );
}
