import { useMutation } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';

/**
 * `change-exchange-password {password, newExchangePassword}`: `success` · `pass` (wrong login
 * password) · 400 (`newExchangePassword`: 4..6 digits) · 429 after too many wrong passwords.
 */
export function fetchChangeExchangePassword(input: TCallRequest<'change-exchange-password'>) {
  return callApi('change-exchange-password', input);
}

export function useChangeExchangePassword() {
  return useMutation({ mutationKey: ['change-exchange-password'], mutationFn: fetchChangeExchangePassword });
}
