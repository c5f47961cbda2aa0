import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@casino/contracts/members';
import { ZApplyUserDepositRequest } from '@casino/contracts/cashier';
import { Form } from '@casino/web-kit/form.tsx';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../components/ui/icon.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { fieldErrorText, type TFieldCodes } from '../../i18n/error-text.ts';
import { useFormat } from '../../i18n/use-format.ts';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { amountErrorCode, QUICK_AMOUNTS } from './amount.ts';
import { useApplyUserDeposit } from './api/apply-user-deposit.ts';
import { useDelDeposit } from './api/del-deposit.ts';
import { useCashierStatus } from './api/get-cashier-status.ts';
import { useDepositList } from './api/get-deposit-list.ts';
import { useDepositBonus } from './api/get-deposit-bonus.ts';
import { BonusOptions, NO_BONUS } from './components/bonus-options.tsx';
import { useUserAskAccount } from '../../lib/community/ask-account.ts';
import { cashierErrorText, cashierStatusText } from './cashier-text.ts';
import { FormAmountField } from './components/amount-field.tsx';
import { CashierSubmit, useCashierRequest, useCashierWindow } from './components/cashier-window.tsx';
import { CashierRequestsPage } from './components/request-history.tsx';
import { DepositLimitOffer, useDepositLimitOfferSettled } from './components/deposit-limit-offer.tsx';
import './cashier.css';

const DEPOSIT_FIELDS = ['amount', 'depositor'] as const;
type TDepositField = (typeof DEPOSIT_FIELDS)[number];

interface DepositValues {
  amount: number;
  /** null until the member edits it: the account holder's name is the default (docs/cashier.md). */
  depositor: string | null;
}

/**
 * /deposit (member): the deposit request form, the deposit account inquiry and the member's deposit
 * requests; before a first deposit, the offer to set a deposit limit first (skippable).
 */
export function DepositPage() {
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const list = useDepositList(page);
  const remove = useDelDeposit();
  // Asked here too, so it loads beside the list rather than once the form shows.
  useCashierStatus();
  const hasNoDeposits = page === 1 && list.data?.maxCount === 0 && !list.isPlaceholderData;
  const isOfferSettled = useDepositLimitOfferSettled(user?.userId ?? '', list.isPending, hasNoDeposits);
  if (!user) return <PageSkeleton />;
  return (
    <CashierRequestsPage kind="deposit" page={page} onPage={setPage} list={list} remove={remove}>
      <DepositLimitOffer userId={user.userId} hasNoDeposits={hasNoDeposits} />
      {isOfferSettled ? (
        <DepositForm user={user} onApplied={() => setPage(1)} />
      ) : (
        <div className="card cashier-form-pending" aria-busy="true">
          <Spinner />
        </div>
      )}
    </CashierRequestsPage>
  );
}

function DepositForm({ user, onApplied }: { user: TUser; onApplied: () => void }) {
  const { t } = useTranslation(['cashier', 'common']);
  const dialogs = useDialogs();
  const format = useFormat();
  const navigate = useNavigate();
  const href = useLocalizedPath();
  const { cashier, status, isLocked, isOpen, limits, lockStatus } = useCashierWindow('deposit');
  const apply = useApplyUserDeposit();
  const ask = useUserAskAccount();
  const bonus = useDepositBonus();
  const [bonusId, setBonusId] = useState<string>(NO_BONUS);
  const chosen = bonus.data?.options.find((o) => o.id === bonusId);

  /** The contract's rules (amount type and maximum, depositor length) plus the operator's minimum and unit. */
  function validate(values: DepositValues): TFieldCodes<TDepositField> {
    const name = (values.depositor ?? user.bankOwner).trim();
    const schemaErrors = schemaCodes(
      ZApplyUserDepositRequest,
      { amount: values.amount, ...(name ? { depositor: name } : {}) },
      DEPOSIT_FIELDS,
    );
    const found: TFieldCodes<TDepositField> = {};
    const amountCode =
      amountErrorCode(values.amount, {
        min: status?.minDeposit,
        unit: status?.unit,
        max: status?.maxAmount,
      }) ?? schemaErrors.amount;
    if (amountCode) found.amount = amountCode;
    if (schemaErrors.depositor) found.depositor = schemaErrors.depositor;
    return found;
  }
  const form = useContractForm<DepositValues>({
    fields: DEPOSIT_FIELDS,
    defaultValues: { amount: 0, depositor: null },
    validate,
  });
  const send = useCashierRequest('deposit', form);
  const wordOf = (field: TDepositField) => (code: string) => fieldErrorText(t, field, code);

  async function onValid(values: DepositValues) {
    const { amount } = values;
    const name = (values.depositor ?? user.bankOwner).trim();
    const money = format.money(amount);
    const confirmText = t('deposit.confirm', { amount: money, depositor: name || '-' });
    const isConfirmed = await dialogs.confirm(
      chosen
        ? `${confirmText} ${t('bonus.confirm', { percent: chosen.percent, cap: format.money(chosen.cap), rollover: chosen.rollover })}`
        : confirmText,
      {
        confirmLabel: t('deposit.submit'),
      },
    );
    if (!isConfirmed) return;
    await send(
      () =>
        apply.mutateAsync({
          amount,
          ...(name ? { depositor: name } : {}),
          ...(chosen ? { bonusId: chosen.id } : {}),
        }),
      async (result) => {
        switch (result.status) {
          case 'success':
            form.setValue('amount', 0);
            form.clearErrors();
            setBonusId(NO_BONUS);
            onApplied();
            await dialogs.success(t('deposit.done', { amount: money }));
            return;
          case 'time':
            void cashier.refetch();
            await dialogs.warning(cashierStatusText(t, 'deposit', 'time'));
            return;
          case 'wait':
            await dialogs.warning(cashierStatusText(t, 'deposit', 'wait'));
            return;
          case 'fail':
            // The chosen bonus is no longer offered (an event ended, the level's options changed).
            setBonusId(NO_BONUS);
            void bonus.refetch();
            await dialogs.warning(t('bonus.gone'));
            return;
          case 'blocked':
            // Beyond the member's own deposit limit (docs/protection.md): what it still allows, and
            // where to change it.
            if (result.remaining !== undefined) {
              // With a bonus chosen, the bonus counted toward the limit too: the largest deposit with
              // it, or (none fits) what a deposit without it may be.
              const text =
                result.bonusMax === undefined
                  ? t('deposit.limitBlocked', { remaining: format.money(result.remaining) })
                  : result.bonusMax > 0
                    ? t('deposit.limitBonus', { max: format.money(result.bonusMax) })
                    : t('deposit.limitBonusNone', { remaining: format.money(result.remaining) });
              if (result.bonusMax !== undefined) void bonus.refetch();
              const isLimitsOpened = await dialogs.warning(text, {
                confirmLabel: t('deposit.limitOpen'),
                cancelLabel: t('common:action.close'),
              });
              if (isLimitsOpened) void navigate(href('responsible'));
              return;
            }
            await dialogs.error(cashierStatusText(t, 'deposit', 'blocked'));
            return;
          default:
            await dialogs.error(cashierStatusText(t, 'deposit', (result as { status: string }).status));
        }
      },
    );
  }

  async function onAsk() {
    if (ask.isPending) return;
    let result;
    try {
      result = await ask.mutateAsync();
    } catch (error) {
      await dialogs.error(cashierErrorText(t, 'deposit', error));
      return;
    }
    const options = { confirmLabel: t('common:action.openHelp'), cancelLabel: t('common:action.close') };
    let openHelp: boolean;
    if (result.status === 'success') openHelp = await dialogs.success(t('deposit.inquiryDone'), options);
    else if (result.status === 'already') openHelp = await dialogs.info(t('deposit.inquiryAlready'), options);
    else {
      await dialogs.error(cashierStatusText(t, 'deposit', result.status));
      return;
    }
    if (openHelp) void navigate(href('help'));
  }

  return (
    <Form
      form={form}
      onValid={onValid}
      before={isOpen}
      className="card cashier-form"
      aria-labelledby="deposit-form-title"
    >
      <h2 className="card__title" id="deposit-form-title">
        {t('deposit.formTitle')}
      </h2>
      {lockStatus}
      <div className="callout">
        <Icon name="info" size={20} className="callout__icon" />
        <div className="callout__body">
          <p className="callout__title">{t('deposit.inquiryTitle')}</p>
          <p className="callout__text">{t('deposit.inquiryText')}</p>
        </div>
        <button
          type="button"
          className="btn btn--secondary btn--sm callout__action"
          onClick={() => void onAsk()}
          disabled={ask.isPending}
          aria-busy={ask.isPending || undefined}
        >
          {ask.isPending && <Spinner size={16} />}
          {t('deposit.inquiry')}
        </button>
      </div>
      <FormAmountField
        control={form.control}
        label={t('deposit.amount')}
        unit="money"
        steps={QUICK_AMOUNTS}
        max={status?.maxAmount}
        hint={limits}
        status={form.statusOf('amount', wordOf('amount'))}
      />
      <BonusOptions
        options={bonus.data?.options ?? []}
        value={chosen ? bonusId : NO_BONUS}
        onChange={setBonusId}
      />
      <Controller
        control={form.control}
        name="depositor"
        render={({ field }) => (
          <TextField
            ref={field.ref}
            label={t('deposit.depositor')}
            name={field.name}
            hint={t('deposit.depositorHint')}
            autoComplete="name"
            maxLength={20}
            value={field.value ?? user.bankOwner}
            status={form.statusOf('depositor', wordOf('depositor'))}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
          />
        )}
      />
      <CashierSubmit kind="deposit" isLocked={isLocked} isPending={apply.isPending} />
    </Form>
  );
}
