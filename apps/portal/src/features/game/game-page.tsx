import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';

/** /game: the live-casino and slot lists come with the games issue. */
export function GamePage() {
  const { t } = useTranslation(['game', 'common']);
  return <PageShell title={t('common:menu.game')} lead={t('lead')} icon="game" />;
}
