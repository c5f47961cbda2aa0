import { useTranslation } from 'react-i18next';
import type { TUser } from '@casino/contracts/members';
import { toFieldErrors } from '@casino/contracts/errors';
import { ZRollToBalanceRequest } from '@casino/contracts/cashier';
import { Form } from '@casino/web-kit/form.tsx';
import { useContractForm } from '@casino/web-kit/contract-form';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../components/ui/icon.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { fieldErrorText } from '../../i18n/error-text.ts';
import { useFormat } from '../../i18n/use-format.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { QUICK_POINTS } from './amount.ts';
import { useCashierStatus } from './api/get-cashier-status.ts';
import { useRollToBalance } from './api/roll-to-balance.ts';
import { cashierErrorText, cashierStatusText } from './cashier-text.ts';
import { FormAmountField } from './components/amount-field.tsx';
import './cashier.css';

/**
 * A field code of the amount: the contract's (`required`, `max` ...), the server's `low_point`, or the
 * form's own `belowMin` (under the minimum conversion) and `overPoints` (more than the member holds).
 */
type TCompCode = string;

/** /comp (member): comp points become cash 1:1 (`roll-to-balance`); cash never becomes points. */
export function CompPage() {
  const { t } = useTranslation(['cashier', 'common']);
  const { user } = useSession();
  if (!user) return <PageSkeleton />;
  return (
    <PageShell title={t('common:menu.comp')} lead={t('comp.lead')} icon="comp">
      <div className="cashier-layout">
        <CompForm user={user} />
        <aside className="card comp-guide" aria-labelledby="comp-guide-title">
          <h2 className="card__title" id="comp-guide-title">
            {t('comp.guideTitle')}
          </h2>
          <ul className="comp-guide__list">
            {(['earn', 'rate', 'oneWay', 'instant'] as const).map((item) => (
              <li key={item}>
                <Icon name="check" size={18} />
                <span>{t(`comp.guide.${item}`)}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </PageShell>
  );
}

interface CompValues {
  amount: number;
}

function CompForm({ user }: { user: TUser }) {
  const { t } = useTranslation(['cashier', 'common']);
  const dialogs = useDialogs();
  const format = useFormat();
  const session = useSession();
  const cashier = useCashierStatus();
  const convert = useRollToBalance();

  const minConversion = cashier.data?.minConversion;
  const maxAmount = cashier.data?.maxAmount;
  const points = Math.max(0, user.rolling);

  /** The contract's amount rule, then the operator's minimum conversion and the member's points. */
  function validate({ amount }: CompValues): { amount?: TCompCode } {
    if (amount <= 0) return { amount: 'required' };
    const parsed = ZRollToBalanceRequest.safeParse({ amount });
    if (!parsed.success) return { amount: toFieldErrors(parsed.error.issues, { amount })[0]?.code ?? 'type' };
    if (minConversion !== undefined && amount < minConversion) return { amount: 'belowMin' };
    if (amount > points) return { amount: 'overPoints' };
    return {};
  }
  const form = useContractForm<CompValues>({ fields: ['amount'], defaultValues: { amount: 0 }, validate });
  const amount = form.watch('amount');

  function wordOf(code: TCompCode): string {
    if (code === 'belowMin') return t('comp.belowMin', { min: format.number(minConversion ?? 0) });
    if (code === 'overPoints') return t('comp.overPoints', { points: format.number(points) });
    if (code === 'low_point') return cashierStatusText(t, 'comp', 'low_point');
    return fieldErrorText(t, 'amount', code);
  }

  async function onValid(values: CompValues) {
    const money = format.money(values.amount);
    const isConfirmed = await dialogs.confirm(
      t('comp.confirm', { points: format.number(values.amount), money }),
      {
        confirmLabel: t('comp.submit'),
      },
    );
    if (!isConfirmed) return;
    try {
      let result;
      try {
        result = await convert.mutateAsync(values.amount);
      } catch (caught) {
        if (!form.showServerErrors(caught)) await dialogs.error(cashierErrorText(t, 'comp', caught));
        return;
      }
      switch (result.status) {
        case 'success':
          form.reset({ amount: 0 });
          await dialogs.success(t('comp.done', { money }));
          return;
        case 'low_point':
          form.failField('amount', 'low_point', { shouldFocus: false });
          await dialogs.warning(cashierStatusText(t, 'comp', 'low_point'));
          form.setFocus('amount');
          return;
        default:
          await dialogs.error(cashierStatusText(t, 'comp', result.status));
      }
    } finally {
      // Once the member has read the answer (a health check may open its own dialog), the header
      // balance follows.
      void session.refresh();
    }
  }

  const hint =
    minConversion !== undefined ? t('comp.limits', { min: format.number(minConversion) }) : t('comp.rate');
  const quickMax = points > 0 ? Math.min(points, maxAmount ?? points) : maxAmount;

  return (
    <Form form={form} onValid={onValid} className="card cashier-form" aria-labelledby="comp-form-title">
      <h2 className="card__title" id="comp-form-title">
        {t('comp.formTitle')}
      </h2>
      <dl className="comp-figures">
        <div className="comp-figures__item comp-figures__item--points">
          <dt>{t('comp.points')}</dt>
          <dd className="money">{format.number(points)}</dd>
        </div>
        <div className="comp-figures__item">
          <dt>{t('common:user.balance')}</dt>
          <dd className="points">{format.money(user.balance)}</dd>
        </div>
      </dl>
      <FormAmountField
        control={form.control}
        label={t('comp.amount')}
        unit="points"
        steps={QUICK_POINTS}
        max={quickMax}
        allAmount={points}
        hint={hint}
        status={form.statusOf('amount', wordOf)}
      />
      <p className="comp-preview" aria-live="polite">
        <span>{t('comp.after')}</span>
        <span className="money">
          {format.money(user.balance + (amount > 0 && amount <= points ? amount : 0))}
        </span>
      </p>
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={convert.isPending}>
        {convert.isPending ? <Spinner size={18} /> : <Icon name="comp" size={20} />}
        {convert.isPending ? t('comp.submitting') : t('comp.submit')}
      </button>
    </Form>
  );
}
