import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordEqualsUserId } from '@casino/contracts/fields';

let common: ReadonlySet<string> | undefined;

/**
 * Whether a password is on the shipped list of the most common passwords (zxcvbn-ts's common
 * list, about 49,000 entries, all lower-case): compared case-insensitively, so `Password1` counts
 * as `password1`. The list is loaded on first use and kept (about 2 MB).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

/**
 * The rules of a new password that its schema cannot see: not the user id, not a common password.
 * Length is the contract's (ZPassword). Returns true when the password is acceptable.
 */
export function isAcceptableNewPassword(password: string, userId: string): boolean {
  return !passwordEqualsUserId(password, userId) && !isCommonPassword(password);
}
