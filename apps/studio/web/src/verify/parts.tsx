import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A field of a verify form: its label, its control (`children`, whose id is `id`) and a hint under it. */
export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="vf-field">
      <label htmlFor={id} className="st-label">
        {label}
      </label>
      {children}
      {hint ? <p className="st-hint">{hint}</p> : null}
    </div>
  );
}

/** One check of a verification: passed, failed or not given (`null`), said to screen readers too. */
export function Check({ ok, children }: { ok: boolean | null; children: ReactNode }) {
  const { t } = useTranslation('verify');
  const mark = ok === null ? '–' : ok ? '✓' : '✗';
  return (
    <li className={`vf-check ${ok === null ? '' : ok ? 'is-ok' : 'is-bad'}`}>
      <span className="vf-check__mark" aria-hidden="true">
        {mark}
      </span>
      <span className="st-sr-only">
        {ok === null ? t('checks.notGiven') : ok ? t('checks.pass') : t('checks.fail')}
      </span>
      <span>{children}</span>
    </li>
  );
}
