import { useTranslation } from 'react-i18next';
import { ZTakeBreakRequest, type TBreakKind, type TBreakPeriod } from '@casino/contracts/protection';
import { Form } from '@casino/web-kit/form.tsx';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../../components/ui/icon.tsx';
import { ModalDescription, ModalLayer, ModalTitle } from '@casino/web-kit/modal-layer.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorText, fieldErrorText, statusText } from '../../../i18n/error-text.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { reloadPage } from '../../../lib/browser.ts';
import { blockedSearch } from '../../../lib/protection/blocked-url.ts';
import { useTakeBreak } from '../api/take-break.ts';

export interface TBreakChoice {
  kind: TBreakKind;
  period: TBreakPeriod;
}

type TValues = { password: string };

/**
 * The confirmation of a time-out or self-exclusion: what it means (no way back before it ends, every
 * session ends now) and the member's password. On success the server has already signed the member
 * out everywhere; the page that says so (/blocked) is loaded in place of this one.
 */
export function BreakDialog({ choice, onClose }: { choice: TBreakChoice | null; onClose: () => void }) {
  return (
    <ModalLayer
      isOpen={choice !== null}
      onEscape={onClose}
      overlayClassName="modal-overlay--center"
      className="dialog dialog--warning break-dialog"
      role="alertdialog"
      aria-modal="true"
    >
      {choice && <BreakForm choice={choice} onClose={onClose} />}
    </ModalLayer>
  );
}

function BreakForm({ choice, onClose }: { choice: TBreakChoice; onClose: () => void }) {
  const { t } = useTranslation(['protection', 'common']);
  const dialogs = useDialogs();
  const href = useLocalizedPath();
  const take = useTakeBreak();
  const form = useContractForm<TValues>({
    fields: ['password'],
    defaultValues: { password: '' },
    validate: (values) =>
      values.password === ''
        ? { password: 'required' }
        : schemaCodes(ZTakeBreakRequest, { ...choice, password: values.password }, ['password'] as const),
  });
  const what = t(`breaks.${choice.kind}.name`);
  const length = t(`breaks.period.${choice.period}`);

  async function onValid(values: TValues) {
    let result;
    try {
      result = await take.mutateAsync({ ...choice, password: values.password });
    } catch (error) {
      if (!form.showServerErrors(error)) await dialogs.error(errorText(t, error));
      return;
    }
    if (result.status === 'success') {
      reloadPage(`${href('blocked')}${blockedSearch({ ...choice, until: result.until })}`);
      return;
    }
    if (result.status === 'pass') {
      form.setValue('password', '');
      form.failField('password', 'pass');
      return;
    }
    await dialogs.error(statusText(t, (result as { status: string }).status));
  }

  return (
    <Form form={form} onValid={onValid} className="break-dialog__form">
      <div className="dialog__badge" aria-hidden="true">
        <Icon name="warning" size={28} />
      </div>
      <ModalTitle className="dialog__title">{t('breaks.confirmTitle', { what, length })}</ModalTitle>
      <ModalDescription className="dialog__message">{t(`breaks.${choice.kind}.warning`)}</ModalDescription>
      <ul className="break-dialog__facts">
        <li>{t('breaks.factNow')}</li>
        <li>{t('breaks.factNoEnd')}</li>
        <li>{t('breaks.factMoney')}</li>
      </ul>
      <TextField
        {...form.register('password')}
        label={t('breaks.password')}
        type="password"
        autoComplete="current-password"
        maxLength={64}
        status={form.statusOf('password', (code) =>
          code === 'pass' ? t('breaks.wrongPassword') : fieldErrorText(t, 'password', code),
        )}
      />
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={take.isPending}>
          {t('common:action.cancel')}
        </button>
        <button type="submit" className="btn btn--danger" disabled={take.isPending}>
          {take.isPending && <Spinner size={16} />}
          {t('breaks.confirm', { what })}
        </button>
      </div>
    </Form>
  );
}
