import { useMutation } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';

/**
 * `guest-write-help {userId?, phone, title, contents}` (guests only): the login page's inquiry for
 * members who cannot sign in. `success` · `authenticated` (signed in meanwhile) · 400 naming the
 * field · 429 when this connection sent too many (`Retry-After` says for how long).
 */
export function fetchGuestWriteHelp(input: TCallRequest<'guest-write-help'>) {
  return callApi('guest-write-help', input);
}

export function useGuestWriteHelp() {
  return useMutation({ mutationKey: ['guest-write-help'], mutationFn: fetchGuestWriteHelp });
}
