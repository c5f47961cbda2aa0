import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCallRequest } from '@casino/contracts/calls';
import type { TUsed } from '@casino/contracts/games';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { errorText, statusText } from '../../i18n/error-text.ts';
import { GAME_LOADING_CLOSE_MS, GAME_WINDOW_FEATURES } from '../../lib/constants.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useOpenGame } from './api/open-game.ts';
import { GAME_WINDOW_NAME, isAppleLikeDevice, trackGameWindow } from './game-window.ts';

/** Id of the login-required warning, so a burst of clicks on tiles opens it once. */
const LOGIN_DIALOG_ID = 'game-login-required';

/** A game to open: a casino entry's `code` and `gameCompany`, or a slot game's. */
export type TGameTarget = Pick<TCallRequest<'open-game'>, 'code' | 'company'>;

export interface GameLauncher {
  /** A guest gets msg2001 and false; a member gets true. */
  requireMember(): boolean;
  /** A tile whose `used` is not `y` gets msg2002 and false. */
  requireOpen(used: TUsed | string): boolean;
  /**
   * Opens a game. Call it straight from the click handler: on iOS and Mac-like
   * devices the blank window must open before anything is awaited.
   */
  launch(game: TGameTarget): void;
}

/** A launch address the portal opens: http(s), or a path on this site (never `javascript:` and the like). */
function isGameUrl(url: string): boolean {
  if (!url) return false;
  try {
    return ['http:', 'https:'].includes(new URL(url, window.location.href).protocol);
  } catch {
    return false;
  }
}

/** The rules of the game tiles and the opening of a game, shared by the lobby and the slot-game modal. */
export function useGameLauncher(): GameLauncher {
  const { t } = useTranslation('common');
  const dialogs = useDialogs();
  const session = useSession();
  const openGame = useOpenGame();
  const { mutateAsync } = openGame;
  const { status, refresh } = session;

  const requireMember = useCallback(() => {
    if (status === 'authenticated') return true;
    if (!dialogs.isOpen(LOGIN_DIALOG_ID)) void dialogs.warning(t('msg2001'), { id: LOGIN_DIALOG_ID });
    return false;
  }, [dialogs, status, t]);

  const requireOpen = useCallback(
    (used: string) => {
      if (used === 'y') return true;
      void dialogs.info(t('msg2002'));
      return false;
    },
    [dialogs, t],
  );

  const launch = useCallback(
    (game: TGameTarget) => {
      // Synchronously, inside the click: a blank window on iOS and Mac-like devices.
      const isApple = isAppleLikeDevice(navigator);
      const blank = isApple ? window.open('about:blank', GAME_WINDOW_NAME) : null;
      const loading = dialogs.loading(t('msg2217'));
      const timer = window.setTimeout(() => loading.close(), GAME_LOADING_CLOSE_MS);
      const fail = (show: () => Promise<boolean>) => {
        window.clearTimeout(timer);
        loading.close();
        blank?.close();
        void show();
      };

      void (async () => {
        let answer;
        try {
          answer = await mutateAsync({ ...game, timeStemp: Date.now() });
        } catch (error) {
          fail(() => dialogs.error(errorText(t, error)));
          return;
        }
        if (answer.status === 'time') return fail(() => dialogs.warning(t('msg2218')));
        if (answer.status === 'blocked') return fail(() => dialogs.error(statusText(t, 'blocked')));
        const gameUrl = answer.status === 'success' ? answer.gameUrl : '';
        if (!isGameUrl(gameUrl)) return fail(() => dialogs.error(t('msg2012')));

        const win = isApple ? blank : window.open(gameUrl, GAME_WINDOW_NAME, GAME_WINDOW_FEATURES);
        if (blank) blank.location.href = gameUrl;
        // No window: the browser refused it (a blank window blocked, a pop-up blocker).
        if (!win) return fail(() => dialogs.error(t('msg2012')));
        trackGameWindow(win, gameUrl);
        // A transfer-wallet provider has just taken the member's cash: the header follows.
        void refresh();
      })();
    },
    [dialogs, mutateAsync, refresh, t],
  );

  return useMemo(() => ({ requireMember, requireOpen, launch }), [requireMember, requireOpen, launch]);
}
