import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldStatus } from '@casino/web-kit/contract-form';

/** What a field's control carries: its id (for the label) and, while it has an error, invalid and described by it. */
interface TFieldAria {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A field's error code in the console's words: `<scope>.field.<path>.<code>` (a screen's own
 * wording), else `field.<path>.<code>`, else `field.<code>` (the contract's codes, `i18n/*.json`).
 * Pass it to the web kit form's `statusOf(field, fieldText(field))`.
 */
export function useFieldText(scope?: string): (path: string) => (code: string) => string {
  const { t } = useTranslation();
  return (path) => (code) =>
    t([
      ...(scope ? [`${scope}.field.${path}.${code}`] : []),
      `field.${path}.${code}`,
      `field.${code}`,
      'field.unknown',
    ]);
}

/**
 * A labelled field of a console form on the web kit's form layer: its control (given the id and
 * aria attributes to spread) and, under it and outside the label (so the label names the control
 * alone), its error in words.
 */
export function Field({
  label,
  status,
  className = 'field',
  children,
}: {
  label: ReactNode;
  status: FieldStatus | null;
  className?: string;
  children: (aria: TFieldAria) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children(status ? { id, 'aria-invalid': true, 'aria-describedby': errorId } : { id })}
      {status && (
        <small id={errorId} className="field-error">
          {status.text}
        </small>
      )}
    </div>
  );
}

/** The whole form's failure (the web kit form's `formMessage`), as an alert. */
export function FormMessage({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="notice notice--error">
      {text}
    </p>
  );
}
