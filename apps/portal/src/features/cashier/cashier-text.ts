import type { TFunction } from 'i18next';
import { errorText, statusText } from '../../i18n/error-text.ts';

/** The screens whose messages can be better worded than the generic `status.<status>`. */
export type TCashierScope = 'deposit' | 'withdraw' | 'comp' | 'history';

/** `cashier:<scope>.status.<status>` where the page words it better, else `common:status.<status>`. */
export function cashierStatusText(t: TFunction, scope: TCashierScope, status: string): string {
  return statusText(t, status, `cashier:${scope}`);
}

/** The message of a failed call: the network error, a field error, or the (page-worded) status. */
export function cashierErrorText(t: TFunction, scope: TCashierScope, error: unknown): string {
  return errorText(t, error, `cashier:${scope}`);
}
