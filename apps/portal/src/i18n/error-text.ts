import type { TFunction } from 'i18next';
import { isApiError } from '../lib/api.ts';

// These messages live in the `common` namespace; the keys name it, so a page whose own namespace
// comes first in useTranslation still finds them.

/** `status.<status>`, falling back to the generic `status.error` for a status nobody expected. */
export function statusText(t: TFunction, status: string): string {
  return t([`common:status.${status}`, 'common:status.error']);
}

/**
 * `field.<path>.<code>`, falling back to `field.<code>` (API.md section 1), by the contracts'
 * `fieldMessageKeys` rule: an `unknown` field's path is the caller's input and never becomes a key.
 */
export function fieldErrorText(t: TFunction, path: string, code: string): string {
  const keys = path && code !== 'unknown' ? [`common:field.${path}.${code}`, `common:field.${code}`] : [`common:field.${code}`];
  return t([...keys, 'common:field.unknown']);
}

/** The message for any failure of a call: field error, status, or the generic network error. */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetwork) return t('common:error.network');
    const first = error.errors[0];
    if (error.status === 'invalid' && first) return fieldErrorText(t, first.path, first.code);
    return statusText(t, error.status);
  }
  return t('common:error.network');
}
