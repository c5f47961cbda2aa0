import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Icon } from './icon.tsx';
import { Spinner } from './spinner.tsx';
import type { FieldStatus } from '@casino/web-kit/contract-form';

/** A field's status line (the web kit's form layer gives the error one). */
export type { FieldStatus };

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string | undefined;
  /** The message under the field: an error (marks the input invalid), a confirmation or a pending check. */
  status?: FieldStatus | null | undefined;
  /** Shown after the label for required fields (already translated). */
  requiredLabel?: string | undefined;
  /** A control that replaces the input (a select), given the ids it must use. */
  renderControl?: (ids: { id: string; describedBy: string; isInvalid: boolean }) => ReactNode;
}

/**
 * A labelled form field with a hint and a status line that screen readers hear (live region); the
 * status line keeps its height, so messages appearing never push the form around.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, status, requiredLabel, renderControl, className, ...inputProps },
  ref,
) {
  const id = useId();
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const describedBy = [hint ? hintId : '', messageId].filter(Boolean).join(' ');
  const isInvalid = status?.tone === 'error';
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {requiredLabel && <span className="field__required"> · {requiredLabel}</span>}
      </label>
      {renderControl ? (
        renderControl({ id, describedBy, isInvalid })
      ) : (
        <input
          ref={ref}
          id={id}
          className="input"
          aria-describedby={describedBy}
          aria-invalid={isInvalid || undefined}
          {...inputProps}
        />
      )}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <p
        className={`field__message${status ? ` field__message--${status.tone}` : ''}`}
        id={messageId}
        aria-live="polite"
      >
        {status?.tone === 'pending' && <Spinner size={14} />}
        {status?.tone === 'error' && <Icon name="error" size={14} />}
        {status?.tone === 'ok' && <Icon name="check" size={14} />}
        {status?.text}
      </p>
    </div>
  );
});
