import { useMutation } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';

/**
 * `change-password {password, newPassword}`: `success` (every other session of the member is signed
 * out) · `pass` (wrong current password) · 400 (`newPassword` length, or pattern: the user id or a
 * common password) · 429 after too many wrong passwords.
 */
export function fetchChangePassword(input: TCallRequest<'change-password'>) {
  return callApi('change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationKey: ['change-password'], mutationFn: fetchChangePassword });
}
