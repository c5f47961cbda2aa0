import { useMutation } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';

/** `user-register`: `success`, `alread_have_user`, `alread`, `cant_find_code`, `authenticated`, or 400. */
export function fetchUserRegister(input: TCallRequest<'user-register'>) {
  return callApi('user-register', input);
}

/**
 * The registration. The form stops its availability checks on success and drops their answers
 * itself: asking again here would answer "taken" about the new member's own id and nickname.
 */
export function useUserRegister() {
  return useMutation({ mutationKey: ['user-register'], mutationFn: fetchUserRegister });
}
