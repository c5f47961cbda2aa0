import { useTranslation } from 'react-i18next';
import { ZGuestWriteHelpRequest } from '@casino/contracts/community';
import { HELP_CONTENTS_MAX, HELP_TITLE_MAX, USER_ID_MAX } from '@casino/contracts/fields';
import { Form } from '@casino/web-kit/form.tsx';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../../components/ui/icon.tsx';
import { ModalDescription, ModalLayer, ModalTitle } from '@casino/web-kit/modal-layer.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiError } from '../../../lib/api.ts';
import { helpFieldText } from '../../../lib/community/help-text.ts';
import { errorText } from '../../../i18n/error-text.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { useGuestWriteHelp } from '../api/guest-write-help.ts';
import './guest-help.css';

const FIELDS = ['userId', 'phone', 'title', 'contents'] as const;
type TField = (typeof FIELDS)[number];
type TValues = Record<TField, string>;
const EMPTY: TValues = { userId: '', phone: '', title: '', contents: '' };

/** The request as sent: the user id only when the guest typed one. */
function requestOf(values: TValues) {
  const userId = values.userId.trim();
  return {
    ...(userId ? { userId } : {}),
    phone: values.phone,
    title: values.title,
    contents: values.contents,
  };
}

/** The contract's rules for the guest inquiry (the server checks the same). */
export function validateGuestHelp(values: TValues) {
  return schemaCodes(ZGuestWriteHelpRequest, requestOf(values), FIELDS);
}

/**
 * The guest inquiry of the login page (`guest-write-help`), for members who cannot sign in: user id
 * (optional), mobile number, title and contents, checked as the member's help form is (msg2024,
 * msg2025, confirmation msg2222); a 429 says plainly that too many were sent and when to try again.
 */
export function GuestHelpDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <ModalLayer
      isOpen={isOpen}
      onEscape={onClose}
      overlayClassName="modal-overlay--center"
      className="guest-help"
      aria-modal="true"
    >
      <GuestHelpForm onClose={onClose} />
    </ModalLayer>
  );
}

function GuestHelpForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['community', 'common']);
  const dialogs = useDialogs();
  const send = useGuestWriteHelp();
  const format = useFormat();
  const form = useContractForm<TValues>({
    fields: FIELDS,
    defaultValues: EMPTY,
    validate: validateGuestHelp,
  });
  const wordOf = (field: TField) => (code: string) => helpFieldText(t, field, code);

  function onInvalid() {
    const codes = validateGuestHelp(form.getValues());
    const field = FIELDS.find((f) => codes[f] !== undefined);
    if (field) void dialogs.warning(wordOf(field)(codes[field]!));
  }

  async function onValid(values: TValues) {
    if (!(await dialogs.confirm(t('common:msg2222'), { confirmLabel: t('guest.submit') }))) return;
    let result;
    try {
      result = await send.mutateAsync(requestOf(values));
    } catch (error) {
      if (form.showServerErrors(error)) return;
      if (isApiError(error) && error.status === 'too_many') {
        const minutes = error.retryAfterSec ? Math.max(1, Math.ceil(error.retryAfterSec / 60)) : undefined;
        await dialogs.warning(minutes ? t('guest.tooMany', { minutes }) : t('guest.tooManyLater'));
      } else if (isApiError(error) && !error.isNetwork && error.httpStatus < 500) {
        await dialogs.error(errorText(t, error));
      } else {
        await dialogs.error(t('common:msg2027'));
      }
      return;
    }
    if (result.status === 'success') {
      onClose();
      await dialogs.success(t('guest.done'));
    } else {
      // `authenticated`: signed in meanwhile (in another tab); the member's own form is on /help.
      onClose();
      await dialogs.info(t('common:status.authenticated'));
    }
  }

  const title = form.watch('title');
  const contents = form.watch('contents');
  return (
    <Form form={form} onValid={onValid} onInvalid={onInvalid} className="guest-help__form">
      <div className="guest-help__head">
        <span className="guest-help__icon" aria-hidden="true">
          <Icon name="help" size={22} />
        </span>
        <div>
          <ModalTitle className="guest-help__title">{t('guest.heading')}</ModalTitle>
          <ModalDescription className="guest-help__lead">{t('guest.lead')}</ModalDescription>
        </div>
      </div>
      <div className="guest-help__row">
        <TextField
          {...form.register('userId')}
          label={t('guest.userId')}
          hint={t('guest.userIdHint')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={USER_ID_MAX}
          status={form.statusOf('userId', wordOf('userId'))}
        />
        <TextField
          {...form.register('phone')}
          label={t('guest.phone')}
          hint={t('guest.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={13}
          status={form.statusOf('phone', wordOf('phone'))}
        />
      </div>
      <TextField
        {...form.register('title')}
        label={t('help.form.title')}
        maxLength={HELP_TITLE_MAX}
        autoComplete="off"
        hint={t('help.form.count', { used: format.number(title.length), max: format.number(HELP_TITLE_MAX) })}
        status={form.statusOf('title', wordOf('title'))}
      />
      <TextField
        label={t('help.form.contents')}
        hint={t('help.form.count', {
          used: format.number(contents.length),
          max: format.number(HELP_CONTENTS_MAX),
        })}
        status={form.statusOf('contents', wordOf('contents'))}
        renderControl={({ id, describedBy, isInvalid }) => (
          <textarea
            {...form.register('contents')}
            id={id}
            className="input guest-help__textarea"
            rows={6}
            maxLength={HELP_CONTENTS_MAX}
            aria-describedby={describedBy}
            aria-invalid={isInvalid || undefined}
          />
        )}
      />
      <div className="guest-help__actions">
        <button type="button" className="btn btn--secondary btn--lg" onClick={onClose}>
          {t('common:action.cancel')}
        </button>
        <button type="submit" className="btn btn--primary btn--lg" disabled={send.isPending}>
          {send.isPending && <Spinner size={18} />}
          {send.isPending ? t('guest.submitting') : t('guest.submit')}
        </button>
      </div>
    </Form>
  );
}
