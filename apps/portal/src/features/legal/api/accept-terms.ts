import { useMutation } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';

/**
 * `accept-terms {terms?, privacy?}`: the member accepts the versions in force it was shown.
 * `success` · `fail` (a newer version was published meanwhile: nothing recorded) · 400.
 */
export function fetchAcceptTerms(input: TCallRequest<'accept-terms'>) {
  return callApi('accept-terms', input);
}

export function useAcceptTerms() {
  return useMutation({ mutationKey: ['accept-terms'], mutationFn: fetchAcceptTerms });
}
