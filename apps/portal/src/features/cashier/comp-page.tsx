import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@casino/contracts/members';
import { toFieldErrors } from '@casino/contracts/errors';
import { ZRollToBalanceRequest } from '@casino/contracts/cashier';
import { useDialogs } from '../../components/ui/dialog-context.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { FieldStatus } from '../../components/ui/text-field.tsx';
import { fieldErrorText, formFieldErrors } from '../../i18n/error-text.ts';
import { useFormat } from '../../i18n/use-format.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { QUICK_POINTS } from './amount.ts';
import { useCashierStatus } from './api/get-cashier-status.ts';
import { useRollToBalance } from './api/roll-to-balance.ts';
import { cashierErrorText, cashierStatusText } from './cashier-text.ts';
import { AmountField } from './components/amount-field.tsx';
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

function CompForm({ user }: { user: TUser }) {
  const { t } = useTranslation(['cashier', 'common']);
  const dialogs = useDialogs();
  const format = useFormat();
  const session = useSession();
  const cashier = useCashierStatus();
  const convert = useRollToBalance();
  const [amount, setAmount] = useState(0);
  const [error, setError] = useState<TCompCode | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);

  const minConversion = cashier.data?.minConversion;
  const maxAmount = cashier.data?.maxAmount;
  const points = Math.max(0, user.rolling);

  function errorStatus(): FieldStatus | null {
    if (!error) return null;
    if (error === 'belowMin')
      return { tone: 'error', text: t('comp.belowMin', { min: format.number(minConversion ?? 0) }) };
    if (error === 'overPoints')
      return { tone: 'error', text: t('comp.overPoints', { points: format.number(points) }) };
    if (error === 'low_point') return { tone: 'error', text: cashierStatusText(t, 'comp', 'low_point') };
    return { tone: 'error', text: fieldErrorText(t, 'amount', error) };
  }

  /** The contract's amount rule, then the operator's minimum conversion and the member's points. */
  function validate(): TCompCode | null {
    if (amount <= 0) return 'required';
    const parsed = ZRollToBalanceRequest.safeParse({ amount });
    if (!parsed.success) return toFieldErrors(parsed.error.issues)[0]?.code ?? 'type';
    if (minConversion !== undefined && amount < minConversion) return 'belowMin';
    if (amount > points) return 'overPoints';
    return null;
  }

  function fail(code: TCompCode) {
    setError(code);
    amountRef.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (convert.isPending) return;
    const found = validate();
    if (found) {
      fail(found);
      return;
    }
    const money = format.money(amount);
    const isConfirmed = await dialogs.confirm(t('comp.confirm', { points: format.number(amount), money }), {
      confirmLabel: t('comp.submit'),
    });
    if (!isConfirmed) return;
    try {
      let result;
      try {
        result = await convert.mutateAsync(amount);
      } catch (caught) {
        const fieldErrors = formFieldErrors(caught, ['amount'] as const);
        if (fieldErrors?.amount) fail(fieldErrors.amount);
        else await dialogs.error(cashierErrorText(t, 'comp', caught));
        return;
      }
      switch (result.status) {
        case 'success':
          setAmount(0);
          setError(null);
          await dialogs.success(t('comp.done', { money }));
          return;
        case 'low_point':
          setError('low_point');
          await dialogs.warning(cashierStatusText(t, 'comp', 'low_point'));
          amountRef.current?.focus();
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
    <form
      className="card cashier-form"
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="comp-form-title"
    >
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
      <AmountField
        ref={amountRef}
        label={t('comp.amount')}
        name="amount"
        unit="points"
        value={amount}
        onChange={(next) => {
          setAmount(next);
          setError(null);
        }}
        steps={QUICK_POINTS}
        max={quickMax}
        allAmount={points}
        hint={hint}
        status={errorStatus()}
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
    </form>
  );
}
