import type { TFunction } from 'i18next';
import { fieldErrorText } from '../../i18n/error-text.ts';
import { isApiError } from '../../lib/api.ts';

/** The forms of my page whose messages are worded better than the generic `status.<status>`. */
export type TAccountScope = 'password' | 'exchange';

/** `account:<scope>.status.<status>` where my page words it better, else `common:status.<status>`. */
export function accountStatusText(t: TFunction, scope: TAccountScope, status: string): string {
  return t([`account:${scope}.status.${status}`, `common:status.${status}`, 'common:status.error']);
}

/** The message of a failed call: the network error, a field error, or the (page-worded) status. */
export function accountErrorText(t: TFunction, scope: TAccountScope, error: unknown): string {
  if (!isApiError(error) || error.isNetwork) return t('common:error.network');
  const first = error.errors[0];
  if (error.status === 'invalid' && first) return fieldErrorText(t, first.path, first.code);
  return accountStatusText(t, scope, error.status);
}

/** Field codes by field name: the contract's (`required`, `length` ...) or the form's own (`mismatch`, `pass`). */
export type TFieldCodes<F extends string> = Partial<Record<F, string>>;

/** The field errors of a 400 that name this form's fields, or null when the failure is something else. */
export function formFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): TFieldCodes<F> | null {
  if (!isApiError(error) || error.status !== 'invalid') return null;
  const out: TFieldCodes<F> = {};
  for (const e of error.errors) {
    const field = fields.find((f) => f === e.path);
    if (field && out[field] === undefined) out[field] = e.code;
  }
  return Object.keys(out).length > 0 ? out : null;
}
