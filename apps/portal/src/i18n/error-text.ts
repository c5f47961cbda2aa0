import type { TFunction } from 'i18next';
import { isApiError } from '../lib/api.ts';

// These messages live in the `common` namespace; the keys name it, so a page whose own namespace
// comes first in useTranslation still finds them.

/**
 * `status.<status>`, falling back to the generic `status.error` for a status nobody expected. A page
 * that words a status better for its own context passes `wordedBy`, the key prefix of its own texts
 * (`cashier:withdraw` tries `cashier:withdraw.status.<status>` first).
 */
export function statusText(t: TFunction, status: string, wordedBy?: string): string {
  const own = wordedBy ? [`${wordedBy}.status.${status}`] : [];
  return t([...own, `common:status.${status}`, 'common:status.error']);
}

/**
 * `field.<path>.<code>`, falling back to `field.<code>` (docs/api/README.md), by the contracts'
 * `fieldMessageKeys` rule: an `unknown` field's path is the caller's input and never becomes a key.
 */
export function fieldErrorText(t: TFunction, path: string, code: string): string {
  const keys =
    path && code !== 'unknown'
      ? [`common:field.${path}.${code}`, `common:field.${code}`]
      : [`common:field.${code}`];
  return t([...keys, 'common:field.unknown']);
}

/** The message for any failure of a call: field error, status (worded by the page, see `statusText`), or the generic network error. */
export function errorText(t: TFunction, error: unknown, wordedBy?: string): string {
  if (isApiError(error)) {
    if (error.isNetwork) return t('common:error.network');
    const first = error.errors[0];
    if (error.status === 'invalid' && first) return fieldErrorText(t, first.path, first.code);
    return statusText(t, error.status, wordedBy);
  }
  return t('common:error.network');
}

/** Field codes by field name: the contract's (`required`, `min`, `length` ...) or a form's own (`mismatch`, `balance`). */
export type { TFieldCodes } from '@casino/web-kit/contract-form';
