import type { TFunction } from 'i18next';
import { fieldErrorText } from '../../i18n/error-text.ts';
import { isApiError } from '../../lib/api.ts';

/** The screens whose messages can be better worded than the generic `status.<status>`. */
export type TCashierScope = 'deposit' | 'withdraw' | 'comp' | 'history';

/** `cashier:<scope>.status.<status>` where the page words it better, else `common:status.<status>`. */
export function cashierStatusText(t: TFunction, scope: TCashierScope, status: string): string {
  return t([`cashier:${scope}.status.${status}`, `common:status.${status}`, 'common:status.error']);
}

/** The message of a failed call: the network error, a field error, or the (page-worded) status. */
export function cashierErrorText(t: TFunction, scope: TCashierScope, error: unknown): string {
  if (!isApiError(error) || error.isNetwork) return t('common:error.network');
  const first = error.errors[0];
  if (error.status === 'invalid' && first) return fieldErrorText(t, first.path, first.code);
  return cashierStatusText(t, scope, error.status);
}

/** Field codes by field name: the contract's (`min`, `unit`, `length` ...) or a page's own (`balance`). */
export type TFieldCodes<F extends string> = Partial<Record<F, string>>;

/**
 * The field errors of a 400 that name this form's fields (first error per field), or null when the
 * failure is not such a 400 (then the caller shows a dialog instead).
 */
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
