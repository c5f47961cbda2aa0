import type { TFunction } from 'i18next';
import { errorText, statusText } from '../../i18n/error-text.ts';

/** The forms of my page whose messages are worded better than the generic `status.<status>`. */
export type TAccountScope = 'password' | 'exchange';

/** `account:<scope>.status.<status>` where my page words it better, else `common:status.<status>`. */
export function accountStatusText(t: TFunction, scope: TAccountScope, status: string): string {
  return statusText(t, status, `account:${scope}`);
}

/** The message of a failed call: the network error, a field error, or the (page-worded) status. */
export function accountErrorText(t: TFunction, scope: TAccountScope, error: unknown): string {
  return errorText(t, error, `account:${scope}`);
}
