import { callApi } from '../../../lib/api.ts';

/**
 * `game-transfer-out {}`: brings the member's money back from every transfer-wallet provider
 * (`success` · `fail`). The portal calls it by itself when the member comes back from a game
 * (game-return-watcher.tsx), so there is no hook: the watcher is not a form the member drives.
 */
export function fetchGameTransferOut() {
  return callApi('game-transfer-out', {});
}
