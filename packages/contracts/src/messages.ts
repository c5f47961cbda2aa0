import { FIELD_ERROR_CODES, type TFieldError, type TFieldErrorCode } from './errors.ts';
import { REQUEST_STATE_LABEL_KEYS, STATUSES, type TStatus } from './status.ts';

export const DIALOG_KINDS = ['warning', 'info', 'error', 'success', 'confirm', 'loading'] as const;
export type TDialogKind = (typeof DIALOG_KINDS)[number];

/** The portal's message keys (`msg2001`...) and the dialog each one opens in. */
export const MESSAGES = {
  msg2001: 'warning', // login required
  msg2002: 'info', // provider unavailable
  msg2003: 'info', // new notes, button to /note
  msg2004: 'info', // new help replies, button to /help
  msg2012: 'error', // opening the game failed
  msg2218: 'warning', // open-game answered `time`
  // The specification shows msg2030 as a warning for an empty field and as an error for a failed
  // sign-in; the warning is its default, the sign-in failure opens it as an error.
  msg2030: 'warning',
  msg2029: 'success', // login success
  msg2024: 'warning', // help title missing
  msg2025: 'warning', // help contents missing
  msg2026: 'success', // help written
  msg2027: 'error', // help write failed
  msg2053: 'success', // all help deleted
  msg2054: 'error', // deleting help failed
  msg2216: 'confirm', // logout
  msg2221: 'confirm', // delete all help
  msg2222: 'confirm', // write help
  msg2214: 'loading', // logging in
  msg2217: 'loading', // opening the game
} as const satisfies Record<string, TDialogKind>;
export type TMessageKey = keyof typeof MESSAGES;

export const MESSAGE_KEYS = Object.keys(MESSAGES) as TMessageKey[];

export function isMessageKey(value: unknown): value is TMessageKey {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

export type TStatusMessageKey = `status.${TStatus}`;
export function statusMessageKey<S extends string>(status: S): `status.${S}` {
  return `status.${status}`;
}
export const STATUS_MESSAGE_KEYS: readonly TStatusMessageKey[] = STATUSES.map((s) => statusMessageKey(s));

export type TFieldCodeMessageKey = `field.${TFieldErrorCode}`;
export const FIELD_CODE_MESSAGE_KEYS: readonly TFieldCodeMessageKey[] = FIELD_ERROR_CODES.map(
  (c) => `field.${c}` as const,
);

/**
 * The i18n keys of a field error, most specific first (`field.amount.min`, then `field.min`), for
 * i18next's key fallback. An `unknown` key's path is caller input, so it never becomes a key.
 */
export function fieldMessageKeys(error: TFieldError): string[] {
  if (error.path === '' || error.code === 'unknown') return [`field.${error.code}`];
  return [`field.${error.path}.${error.code}`, `field.${error.code}`];
}

export const REQUEST_STATE_MESSAGE_KEYS = Object.values(REQUEST_STATE_LABEL_KEYS);

/**
 * Every fixed i18n key the contracts imply, for locale completeness checks. `field.<path>.<code>`
 * keys are optional refinements of `field.<code>` and are not listed.
 */
export const CONTRACT_I18N_KEYS: readonly string[] = [
  ...MESSAGE_KEYS,
  ...STATUS_MESSAGE_KEYS,
  ...FIELD_CODE_MESSAGE_KEYS,
  ...REQUEST_STATE_MESSAGE_KEYS,
];
