import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { GameLobby } from '../../components/games/game-lobby.tsx';

/** /game: the game lobby, live-casino tables and slot providers. */
export function GamePage() {
  const { t } = useTranslation(['game', 'common']);
  return (
    <PageShell title={t('common:menu.game')} lead={t('lead')} icon="game">
      <GameLobby />
    </PageShell>
  );
}
