import { useTranslation } from 'react-i18next';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCashierStatus } from '../api/get-cashier-status.ts';
import { cashierErrorText, cashierStatusText } from '../cashier-text.ts';
import { LockStatus } from './lock-status.tsx';

type TCashierKind = 'deposit' | 'withdraw';

/**
 * What the deposit and the withdrawal form read of the cashier's status: the query, whether the
 * form's window is closed now, the `before` check that says a closed window before any other, the
 * amount's hint (the operator's minimum and unit) and the line with the window above the form.
 */
export function useCashierWindow(kind: TCashierKind) {
  const { t } = useTranslation(['cashier', 'common']);
  const dialogs = useDialogs();
  const format = useFormat();
  const cashier = useCashierStatus();
  const status = cashier.data;
  const isLocked = status?.[kind].locked === true;

  /** A closed window is said before any check. */
  async function isOpen(): Promise<boolean> {
    if (!isLocked) return true;
    await dialogs.warning(cashierStatusText(t, kind, 'time'));
    return false;
  }

  const limits = status
    ? t('amount.limits', {
        min: format.money(kind === 'deposit' ? status.minDeposit : status.minWithdraw),
        unit: format.money(status.unit),
      })
    : t('common:state.loading');

  const lockStatus = (
    <LockStatus
      kind={kind}
      window={status?.[kind]}
      isLoading={cashier.isFetching}
      isError={cashier.isError}
      onRetry={() => void cashier.refetch()}
    />
  );
  return { cashier, status, isLocked, isOpen, limits, lockStatus };
}

/**
 * Sends the form's request (`call`): a failed call shows at the form's fields or in a dialog, an
 * answer goes to `onAnswer`; once the member has read it (a health check may open its own dialog),
 * the header balance follows.
 */
export function useCashierRequest(
  kind: TCashierKind,
  form: { showServerErrors: (error: unknown) => boolean },
) {
  const { t } = useTranslation(['cashier', 'common']);
  const dialogs = useDialogs();
  const session = useSession();
  return async function send<R>(
    call: () => Promise<R>,
    onAnswer: (result: R) => Promise<void>,
  ): Promise<void> {
    try {
      let result: R;
      try {
        result = await call();
      } catch (error) {
        if (!form.showServerErrors(error)) await dialogs.error(cashierErrorText(t, kind, error));
        return;
      }
      await onAnswer(result);
    } finally {
      void session.refresh();
    }
  };
}

/** The form's submit button: busy while the request goes, "closed" while the window is. */
export function CashierSubmit({
  kind,
  isLocked,
  isPending,
}: {
  kind: TCashierKind;
  isLocked: boolean;
  isPending: boolean;
}) {
  const { t } = useTranslation(['cashier', 'common']);
  return (
    <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={isLocked || isPending}>
      {isPending ? <Spinner size={18} /> : <Icon name={kind} size={20} />}
      {isPending ? t(`${kind}.submitting`) : isLocked ? t(`${kind}.closed`) : t(`${kind}.submit`)}
    </button>
  );
}
