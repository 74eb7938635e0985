import type { ReactNode } from 'react';

interface ProducerFieldProps {
  readonly id: string;
  readonly label: string;
  readonly children: ReactNode;
  readonly required?: boolean;
  readonly error?: string;
  readonly wide?: boolean;
  readonly hint?: string;
}

/** A labelled form control with its error (announced) below it. The control gets `id`. */
export function ProducerField({ id, label, children, required = false, error, wide = false, hint }: ProducerFieldProps) {
  return (
    <div className={`producer-field${wide ? ' producer-field--wide' : ''}${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="producer-field__required" aria-hidden="true">
            {' '}*
          </span>
        )}
      </label>
      {children}
      {hint && !error && <p className="producer-field__hint">{hint}</p>}
      {error && (
        <p className="producer-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
