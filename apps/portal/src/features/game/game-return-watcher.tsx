import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GAME_WINDOW_POLL_MS, GAME_WINDOW_SEVERED_MS } from '../../lib/constants.ts';
import { useSession, type SessionValue } from '../../lib/session/session-context.ts';
import { fetchGameTransferOut } from './api/game-transfer-out.ts';
import {
  subscribeTrackedGame,
  trackedGame,
  untrackGameWindow,
  type TrackedGame,
} from '../../components/games/game-window.ts';

/**
 * Brings the member's money back from transfer-wallet providers when they come back from a game
 * (docs/api/member-calls.md, `game-transfer-out`): when the game window the portal opened is closed, or when
 * the portal's tab becomes visible again after a game was opened. Only for a signed-in member whose
 * `in_balance` (money held by such providers) is above 0, and once per opened game; then the balances are
 * read again. It renders nothing and sits in the app's frame, so it works whichever page the member went on
 * to.
 */
export function GameReturnWatcher() {
  const game = useSyncExternalStore(subscribeTrackedGame, trackedGame, () => null);
  const session = useSession();
  const queryClient = useQueryClient();
  const sessionRef = useRef<SessionValue>(session);
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);

  useEffect(() => {
    if (!game) return;

    async function bringMoneyBack(from: TrackedGame) {
      const { status, user, refresh } = sessionRef.current;
      if (from.hasReturned || status !== 'authenticated' || !user || !(user.in_balance > 0)) return;
      from.hasReturned = true;
      try {
        await fetchGameTransferOut();
      } catch {
        // A failure leaves the money with the provider; my page offers the same call by hand.
      } finally {
        void refresh();
        // My page's game-money figure, when it is on screen (queries are keyed by their call's name).
        void queryClient.invalidateQueries({ queryKey: ['get-in-game-balance'] });
      }
    }

    const poll = window.setInterval(() => {
      if (!game.win.closed) return;
      window.clearInterval(poll);
      // A window that reads as closed within seconds of opening was most likely cut off from the
      // portal by the game page itself (a provider's Cross-Origin-Opener-Policy makes the portal's
      // handle read `closed` while the game plays on): taking the money back then would empty the
      // game under the member. The member's return is then told by this tab becoming visible
      // again, or by my page's button.
      if (Date.now() - game.openedAt < GAME_WINDOW_SEVERED_MS) return;
      untrackGameWindow(game);
      void bringMoneyBack(game);
    }, GAME_WINDOW_POLL_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void bringMoneyBack(game);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(poll);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [game, queryClient]);

  return null;
}
