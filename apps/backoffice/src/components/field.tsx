import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldStatus } from '@casino/web-kit/contract-form';
import { errorKey, isApiError } from '../lib/api.ts';
import { Notice } from './notice.tsx';

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
 * What a failed save that is no form says (a switch, an order, a row's action): a 400's field
 * errors in the words a form shows under its fields (`useFieldText(scope)`; an error that only has
 * the generic words is named by its field), else the console's message for its status
 * (`errors.<status>`).
 */
export function useFailureText(scope?: string): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  const fieldText = useFieldText(scope);
  return (error) => {
    if (!isApiError(error) || error.status !== 'invalid' || error.errors.length === 0)
      return t(errorKey(error));
    const texts = error.errors.map(({ path, code }) => {
      const own = [...(scope ? [`${scope}.field.${path}.${code}`] : []), `field.${path}.${code}`];
      const text = fieldText(path)(code);
      return !path || own.some((key) => i18n.exists(key)) ? text : t('errors.fieldOf', { field: path, text });
    });
    return [...new Set(texts)].join(' ');
  };
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
  return <Notice tone="error" text={text} />;
}
