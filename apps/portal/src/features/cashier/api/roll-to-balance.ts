import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** `roll-to-balance {amount}`: comp points become cash 1:1; `success` · `low_point` · `blocked` · 400 (`amount` max). */
export function fetchRollToBalance(amount: number) {
  return callApi('roll-to-balance', { amount });
}

/**
 * Points and cash live in the session's user (no query of this feature holds them): the page
 * refreshes the session once the member has read the answer.
 */
export function useRollToBalance() {
  return useMutation({ mutationKey: ['roll-to-balance'], mutationFn: fetchRollToBalance });
}
