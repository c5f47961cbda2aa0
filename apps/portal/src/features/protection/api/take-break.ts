import { useMutation } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';

/**
 * `take-break {kind, period, password}`: `success` (the break starts at once and every session of
 * the member ends, this one too) · `pass` (wrong password) · 400 (a period the kind does not take).
 */
export function fetchTakeBreak(input: TCallRequest<'take-break'>) {
  return callApi('take-break', input);
}

export function useTakeBreak() {
  return useMutation({ mutationKey: ['take-break'], mutationFn: fetchTakeBreak });
}
