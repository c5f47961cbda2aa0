import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Form } from '@casino/web-kit/form.tsx';
import { useContractForm } from '@casino/web-kit/contract-form';
import { useDialogs } from '@casino/web-kit/dialog-context';
import '../../../components/ui/checkbox.css';
import { Icon } from '../../../components/ui/icon.tsx';
import { TextField, type FieldStatus, type TextFieldProps } from '../../../components/ui/text-field.tsx';
import { errorText, fieldErrorText, statusText } from '../../../i18n/error-text.ts';
import { useLocale } from '../../../i18n/locale-context.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError } from '../../../lib/api.ts';
import { reloadPage } from '../../../lib/browser.ts';
import { signInWithCredentials, type TSignInResult } from '../../../lib/session/api/credentials-sign-in.ts';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useBanks } from '../api/get-banks.ts';
import { useRegDomain } from '../api/get-reg-domain.ts';
import { useCheckUserId } from '../api/check-user-id.ts';
import { useCheckUserNick } from '../api/check-user-nick.ts';
import { useUserRegister } from '../api/user-register.ts';
import {
  EMPTY_REGISTER_VALUES,
  normalizedNick,
  normalizedUserId,
  REGISTER_FIELDS,
  validateRegister,
  type RegisterValues,
  type TRegisterField,
} from '../register-validation.ts';
import { LegalConsent } from './legal-consent.tsx';

const CHECK_DELAY_MS = 400;

type TAvailability = ReturnType<typeof useCheckUserId>;

/** The live availability line of the id or nickname field. */
function availabilityStatus(
  t: TFunction,
  query: TAvailability,
  isChecking: boolean,
  texts: { free: string; taken: string },
  path: string,
): FieldStatus | null {
  if (!isChecking) return null;
  if (query.isFetching && !query.data) return { tone: 'pending', text: t('register.checking') };
  if (query.error) {
    if (isApiError(query.error) && query.error.status === 'invalid') {
      const first = query.error.errors[0];
      return { tone: 'error', text: fieldErrorText(t, first?.path || path, first?.code ?? 'pattern') };
    }
    return null;
  }
  if (query.data?.status === 'success') return { tone: 'ok', text: texts.free };
  if (query.data?.status === 'alread_have_user') return { tone: 'error', text: texts.taken };
  return null;
}

/**
 * The registration form: the contracts' field rules run as the member types (errors appear once a
 * field was left), the id and nickname are checked for availability while typing, the bank list
 * comes from `get-banks` and the registration code is pre-filled from `get-reg-domain`.
 *
 * A successful registration stops the availability checks (the id and nickname are the new
 * member's own now, not "already in use") and signs the new member in with the id and password
 * just entered, through the same credentials sign-in as the login forms; then the home page loads.
 */
export function RegisterForm() {
  const { t } = useTranslation(['auth', 'common']);
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const href = useLocalizedPath();
  const locale = useLocale();
  const [summary, setSummary] = useState('');
  const queryClient = useQueryClient();
  const register = useUserRegister();
  const [isRegistered, setIsRegistered] = useState(false);
  const banks = useBanks();
  const regDomain = useRegDomain();

  // The availability checks read the id and nickname as typed; `taken` joins the form's own rules.
  const [taken, setTaken] = useState({ userId: false, nick: false });
  const form = useContractForm<RegisterValues>({
    fields: REGISTER_FIELDS,
    defaultValues: EMPTY_REGISTER_VALUES,
    mode: 'onTouched',
    validate: (values) => {
      const { errors } = validateRegister(values);
      if (taken.userId) errors.userId ??= 'taken';
      if (taken.nick) errors.nick ??= 'taken';
      return errors;
    },
  });
  const userId = form.watch('userId');
  const nick = form.watch('nick');

  // A recommender's link (`/register?recommender=<id>`, shown on their my page) pre-fills the
  // recommender, unless the member typed one. Read after hydration: the prerendered form has none.
  const [search] = useSearchParams();
  useEffect(() => {
    const from = search.get('recommender')?.trim().slice(0, 16);
    if (from && !form.getValues('recommender')) form.setValue('recommender', from);
  }, [search, form]);

  // Pre-fill the registration code bound to this host, unless the member already typed one.
  useEffect(() => {
    const data = regDomain.data;
    if (data?.status === 'success' && data.code && !form.getValues('code')) form.setValue('code', data.code);
  }, [regDomain.data, form]);

  // The confirmation follows the password once it was checked (left, or the form submitted).
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name !== 'password') return;
      if (form.getFieldState('passwordConfirm').isTouched || form.formState.isSubmitted)
        void form.trigger('passwordConfirm');
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const debouncedId = useDebouncedValue(normalizedUserId(userId), CHECK_DELAY_MS);
  const debouncedNick = useDebouncedValue(normalizedNick(nick), CHECK_DELAY_MS);
  const currentId = normalizedUserId(userId);
  const currentNick = normalizedNick(nick);
  const idQuery = useCheckUserId(
    debouncedId ?? '',
    !isRegistered && debouncedId !== null && debouncedId === currentId,
  );
  const nickQuery = useCheckUserNick(
    debouncedNick ?? '',
    !isRegistered && debouncedNick !== null && debouncedNick === currentNick,
  );
  const isIdTaken = idQuery.data?.status === 'alread_have_user' && debouncedId === currentId;
  const isNickTaken = nickQuery.data?.status === 'alread_have_user' && debouncedNick === currentNick;
  if (taken.userId !== isIdTaken || taken.nick !== isNickTaken)
    setTaken({ userId: isIdTaken, nick: isNickTaken });

  // Once registered, the cached answers ("free") are dropped without asking again: the checks are
  // off, and asking now would only answer "taken" about the member's own id and nickname.
  useEffect(() => {
    if (!isRegistered) return;
    queryClient.removeQueries({ queryKey: ['check-user-id'] });
    queryClient.removeQueries({ queryKey: ['check-user-nick'] });
  }, [isRegistered, queryClient]);

  const wordOf = (field: TRegisterField) => (code: string) => {
    if (code === 'taken')
      return field === 'nick'
        ? t('register.nickTaken')
        : field === 'userId'
          ? t('register.idTaken')
          : statusText(t, 'alread');
    return fieldErrorText(t, field, code);
  };
  const errorStatus = (field: TRegisterField): FieldStatus | null => form.statusOf(field, wordOf(field));
  function statusOf(field: TRegisterField): FieldStatus | null {
    const error = errorStatus(field);
    if (error) return error;
    if (isRegistered) return null;
    if (field === 'userId')
      return availabilityStatus(
        t,
        idQuery,
        currentId !== null,
        { free: t('register.idFree'), taken: t('register.idTaken') },
        'userId',
      );
    if (field === 'nick')
      return availabilityStatus(
        t,
        nickQuery,
        currentNick !== null,
        { free: t('register.nickFree'), taken: t('register.nickTaken') },
        'nick',
      );
    return null;
  }

  /** Marks a field as a business answer named it (`taken`, a code not found) and says so in a dialog. */
  async function failWithDialog(field: TRegisterField | undefined, code: string, message: string) {
    if (field) form.failField(field, code, { shouldFocus: false });
    await dialogs.error(message);
    if (field) form.setFocus(field);
  }

  /**
   * Signs the new member in with the id and password just registered, then loads the
   * responsible-gaming page signed in, which offers to set limits now (skippable). A member who waits for the operator's approval is told so; any other failure sends
   * them to the sign-in page with their id filled in.
   */
  async function signInNewMember(userId: string, password: string) {
    writeStorage(STORAGE_KEYS.lastUserId, userId);
    const loading = dialogs.loading(t('common:msg2214'));
    let result: TSignInResult | null;
    try {
      result = await signInWithCredentials({ userId, password });
    } catch {
      result = null;
    } finally {
      loading.close();
    }
    if (result?.ok) {
      await dialogs.success(t('register.done'));
      // The optional next step (issue 14): the member may set deposit and loss limits now, or skip.
      reloadPage(`${href('responsible')}?welcome=1`);
      return;
    }
    if (result?.error === 'AccessDenied') {
      await dialogs.info(t('register.awaitingApproval'));
      void navigate(href('home'));
      return;
    }
    await dialogs.warning(t('register.signInLater'));
    void navigate(href('login'));
  }

  async function onValid(values: RegisterValues) {
    const { request } = validateRegister(values);
    if (!request) return;
    setSummary('');
    let result;
    try {
      result = await register.mutateAsync(request);
    } catch (error) {
      if (form.showServerErrors(error)) {
        setSummary(t('register.fixErrors'));
        return;
      }
      await dialogs.error(errorText(t, error));
      return;
    }
    switch (result.status) {
      case 'success':
        setIsRegistered(true);
        await signInNewMember(request.userId, request.password);
        return;
      case 'alread_have_user':
      case 'alread': {
        const field = 'field' in result ? result.field : undefined;
        await failWithDialog(field, 'taken', statusText(t, result.status));
        return;
      }
      case 'cant_find_code':
        await failWithDialog('code', 'pattern', statusText(t, 'cant_find_code'));
        return;
      default:
        await dialogs.error(statusText(t, result.status));
    }
  }

  const required = t('register.required');
  const text = (field: Exclude<TRegisterField, 'agree18'>, extra: Partial<TextFieldProps> = {}) => ({
    ...form.register(field),
    label: t(`register.${field}`),
    requiredLabel: required,
    status: statusOf(field),
    required: true,
    ...extra,
  });
  /** A select or a checkbox is checked as soon as it changes (there is nothing to finish typing). */
  const chosen = { shouldTouch: true, shouldValidate: true, shouldDirty: true } as const;

  const bankOptions = banks.data?.status === 'success' ? banks.data.banks : [];
  return (
    <Form
      form={form}
      onValid={onValid}
      onInvalid={() => setSummary(t('register.fixErrors'))}
      className="register-form"
      aria-describedby="register-summary"
    >
      <fieldset className="register-form__section">
        <legend>{t('register.sectionAccount')}</legend>
        <div className="register-form__grid">
          <TextField
            {...text('userId', {
              hint: t('register.userIdHint'),
              autoComplete: 'username',
              autoCapitalize: 'none',
              autoCorrect: 'off',
              spellCheck: false,
              maxLength: 16,
            })}
          />
          <div className="register-form__spacer" aria-hidden="true" />
          <TextField
            {...text('password', {
              type: 'password',
              hint: t('register.passwordHint'),
              autoComplete: 'new-password',
              maxLength: 64,
            })}
          />
          <TextField
            {...text('passwordConfirm', { type: 'password', autoComplete: 'new-password', maxLength: 64 })}
          />
        </div>
      </fieldset>
      <fieldset className="register-form__section">
        <legend>{t('register.sectionProfile')}</legend>
        <div className="register-form__grid">
          <TextField
            {...text('nick', { hint: t('register.nickHint'), autoComplete: 'nickname', maxLength: 10 })}
          />
          <TextField
            {...text('phone', {
              type: 'tel',
              inputMode: 'tel',
              hint: t('register.phoneHint'),
              autoComplete: 'tel-national',
              maxLength: 13,
            })}
          />
        </div>
      </fieldset>
      <fieldset className="register-form__section">
        <legend>{t('register.sectionBank')}</legend>
        <div className="register-form__grid">
          <TextField
            label={t('register.bankname')}
            requiredLabel={required}
            status={
              statusOf('bankname') ??
              (banks.isError ? { tone: 'error', text: t('register.banksFailed') } : null)
            }
            renderControl={({ id, describedBy, isInvalid }) => (
              <div className="register-form__bank">
                <select
                  {...form.register('bankname')}
                  id={id}
                  className="select"
                  required
                  aria-describedby={describedBy}
                  aria-invalid={isInvalid || undefined}
                  disabled={banks.isPending}
                  onChange={(e) => form.setValue('bankname', e.target.value, chosen)}
                >
                  <option value="">
                    {banks.isPending ? t('register.banksLoading') : t('register.bankPlaceholder')}
                  </option>
                  {bankOptions.map((bank) => (
                    <option key={bank.code} value={bank.code}>
                      {locale === 'ko' ? bank.nameKo : bank.nameEn}
                    </option>
                  ))}
                </select>
                {banks.isError && (
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => void banks.refetch()}
                  >
                    {t('register.banksRetry')}
                  </button>
                )}
              </div>
            )}
          />
          <TextField
            {...text('bankOwner', { hint: t('register.bankOwnerHint'), autoComplete: 'name', maxLength: 20 })}
          />
          <TextField
            {...text('banknum', {
              inputMode: 'numeric',
              hint: t('register.banknumHint'),
              autoComplete: 'off',
              maxLength: 24,
            })}
          />
          <TextField
            {...text('exchangePassword', {
              type: 'password',
              inputMode: 'numeric',
              hint: t('register.exchangePasswordHint'),
              autoComplete: 'off',
              maxLength: 6,
            })}
          />
        </div>
      </fieldset>
      <fieldset className="register-form__section">
        <legend>{t('register.sectionCode')}</legend>
        <div className="register-form__grid">
          <TextField
            {...text('code', {
              hint: t('register.codeHint'),
              autoCapitalize: 'characters',
              autoCorrect: 'off',
              spellCheck: false,
              maxLength: 20,
            })}
          />
          <TextField
            {...text('recommender', {
              hint: t('register.recommenderHint'),
              required: false,
              requiredLabel: t('register.optional'),
              autoCapitalize: 'none',
              autoCorrect: 'off',
              spellCheck: false,
              maxLength: 16,
            })}
          />
        </div>
      </fieldset>
      <div className="register-form__agree">
        <label className="checkbox">
          <input
            {...form.register('agree18')}
            type="checkbox"
            aria-invalid={errorStatus('agree18') ? true : undefined}
            aria-describedby="agree18-message"
            onChange={(e) => form.setValue('agree18', e.target.checked, chosen)}
          />
          <span className="checkbox__box" aria-hidden="true">
            <Icon name="check" size={16} />
          </span>
          <span className="checkbox__label">
            <LegalConsent />
          </span>
        </label>
        <p id="agree18-message" className="field__message field__message--error" aria-live="polite">
          {errorStatus('agree18')?.text}
        </p>
      </div>
      <p id="register-summary" className="register-form__summary" role="status">
        {summary}
      </p>
      <button
        type="submit"
        className="btn btn--primary btn--lg btn--block"
        disabled={register.isPending || isRegistered}
      >
        {register.isPending ? t('register.submitting') : t('register.submit')}
      </button>
      <p className="register-form__login">
        {t('register.haveAccount')} <Link to={href('login')}>{t('common:auth.login')}</Link>
      </p>
    </Form>
  );
}
