import type { InputHTMLAttributes } from 'react';
import './ui.css';

export type FormFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'aria-invalid'> & {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  /** Marked invalid by a validation issue. */
  readonly invalid?: boolean;
  /** Ids of the messages that explain why (aria-describedby). */
  readonly describedBy?: string;
  /** What the field expects, shown under it and read with it. */
  readonly hint?: string;
};

/** The "*" after a required field's label (the spec's messages refer to it); screen readers hear `required` instead. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/**
 * A labelled text input. Required fields show "*" (the spec's messages refer to
 * it) and are announced as required; validation is the form's own (noValidate),
 * so the browser's popups never replace the spec's messages.
 */
export function FormField({ id, label, value, onValueChange, invalid, describedBy, hint, required, className, ...rest }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <input
        type="text"
        {...rest}
        id={id}
        className={['input', className].filter(Boolean).join(' ')}
        value={value}
        onChange={(e) => onValueChange(e.currentTarget.value)}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={[describedBy, hintId].filter(Boolean).join(' ') || undefined}
      />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
