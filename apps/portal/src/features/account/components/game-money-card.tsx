import { useTranslation } from 'react-i18next';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../i18n/error-text.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useGameTransferOut } from '../api/game-transfer-out.ts';
import { useInGameBalance } from '../api/get-in-game-balance.ts';
import { TitledSection } from '../../../components/ui/titled-section.tsx';

/**
 * The money transfer-wallet game providers hold for the member (`gameMoney` of get-in-game-balance),
 * and the button that brings it back into the cash balance (`game-transfer-out {}`): the portal does
 * it by itself when the member leaves a game, this is the way by hand.
 */
export function GameMoneyCard() {
  const { t } = useTranslation(['account', 'common']);
  const dialogs = useDialogs();
  const format = useFormat();
  const session = useSession();
  const game = useInGameBalance();
  const transferOut = useGameTransferOut();
  const data = game.data?.data;
  const gameMoney = data?.gameMoney ?? 0;

  async function bringBack() {
    const money = format.money(gameMoney);
    try {
      const result = await transferOut.mutateAsync();
      if (result.status === 'success') await dialogs.success(t('gameMoney.done', { money }));
      else await dialogs.error(t('gameMoney.failed'));
    } catch (error) {
      await dialogs.error(errorText(t, error));
    } finally {
      // Once the member has read the answer, the header balance follows.
      void session.refresh();
    }
  }

  return (
    <TitledSection name="game-money" className="card game-money" title={t('wallet.game')}>
      <div className="game-money__figure">
        <span className="game-money__icon" aria-hidden="true">
          <Icon name="game" size={24} />
        </span>
        <p className="game-money__amount money" aria-live="polite">
          {data ? (
            format.money(data.gameMoney)
          ) : game.isError ? (
            <button type="button" className="wallet__retry" onClick={() => void game.refetch()}>
              {t('wallet.retry')}
            </button>
          ) : (
            <span className="skeleton wallet__skeleton" aria-label={t('common:state.loading')} />
          )}
        </p>
      </div>
      <p className="wallet__note" aria-live="polite">
        {data?.status === 'fail'
          ? t('wallet.gameStale')
          : game.isError
            ? t('wallet.gameFailed')
            : t('wallet.gameHint')}
      </p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={!data || gameMoney <= 0 || transferOut.isPending}
        onClick={() => void bringBack()}
      >
        {transferOut.isPending ? <Spinner size={18} /> : <Icon name="coin" size={20} />}
        {transferOut.isPending ? t('gameMoney.moving') : t('gameMoney.moveBack')}
      </button>
    </TitledSection>
  );
}
