import { useMutation } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';

/**
 * `open-game {code, company, timeStemp}`: `{status:"success", gameUrl}` · `time` (the provider's
 * maintenance) · `fail` (unknown or closed game) · `blocked` (the member may not play). For a
 * transfer-wallet provider the server first moves the member's whole cash into the game.
 */
export function fetchOpenGame(input: TCallRequest<'open-game'>) {
  return callApi('open-game', input);
}

export function useOpenGame() {
  return useMutation({ mutationKey: ['open-game'], mutationFn: fetchOpenGame });
}
