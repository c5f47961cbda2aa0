import { useTranslation } from 'react-i18next';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { useFormat } from '../../../i18n/use-format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCancelBonus } from '../api/cancel-bonus.ts';
import { useRollover } from '../api/get-rollover.ts';
import { cashierErrorText } from '../cashier-text.ts';

/**
 * The withdraw page's rollover (`get-rollover`), shown before the amount: while a deposit bonus is
 * in play, the stakes counted toward its requirement, and giving the bonus up (`cancel-bonus`,
 * asked through the one dialog system first).
 */
export function RolloverPanel() {
  const { t } = useTranslation(['cashier', 'common']);
  const dialogs = useDialogs();
  const format = useFormat();
  const session = useSession();
  const rollover = useRollover();
  const cancel = useCancelBonus();
  const data = rollover.data;
  if (!data || data.required === 0) return null;
  const done = Math.min(data.done, data.required);
  const percent = Math.floor((done * 100) / data.required);

  async function onCancel() {
    const isConfirmed = await dialogs.confirm(
      t('rollover.cancelConfirm', { amount: format.money(data?.cancelAmount ?? 0) }),
      { confirmLabel: t('rollover.cancel'), cancelLabel: t('common:action.close') },
    );
    if (!isConfirmed) return;
    try {
      const result = await cancel.mutateAsync();
      if (result.status === 'success')
        await dialogs.success(t('rollover.cancelled', { amount: format.money(result.returned) }));
      else await dialogs.info(t('rollover.none'));
    } catch (error) {
      await dialogs.error(cashierErrorText(t, 'withdraw', error));
    } finally {
      void session.refresh();
    }
  }

  return (
    <section className="rollover" aria-labelledby="rollover-title">
      <h3 className="rollover__title" id="rollover-title">
        {t('rollover.title')}
      </h3>
      <p className="rollover__text">
        {t('rollover.text', { required: format.money(data.required), bonus: format.money(data.bonus ?? 0) })}
      </p>
      <progress className="rollover__bar" value={done} max={data.required} aria-label={t('rollover.title')} />
      <p className="rollover__figures">
        <span className="money">
          {format.money(done)} / {format.money(data.required)}
        </span>
        <span>{t('rollover.percent', { percent })}</span>
      </p>
      <p className="rollover__left">{t('rollover.left', { amount: format.money(data.required - done) })}</p>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => void onCancel()}
        disabled={cancel.isPending}
      >
        {t('rollover.cancel')}
      </button>
    </section>
  );
}
