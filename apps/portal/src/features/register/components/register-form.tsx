import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useDialogs } from '../../../components/ui/dialog-context.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { TextField, type FieldStatus, type TextFieldProps } from '../../../components/ui/text-field.tsx';
import { errorText, fieldErrorText, statusText } from '../../../i18n/error-text.ts';
import { useLocale } from '../../../i18n/locale-context.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError } from '../../../lib/api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useBanks } from '../api/get-banks.ts';
import { useRegDomain } from '../api/get-reg-domain.ts';
import { useCheckUserId } from '../api/check-user-id.ts';
import { useCheckUserNick } from '../api/check-user-nick.ts';
import { useUserRegister } from '../api/user-register.ts';
import {
  EMPTY_REGISTER_VALUES,
  isRegisterField,
  normalizedNick,
  normalizedUserId,
  REGISTER_FIELDS,
  validateRegister,
  type RegisterValues,
  type TRegisterErrors,
  type TRegisterField,
} from '../register-validation.ts';

const CHECK_DELAY_MS = 400;

type TAvailability = ReturnType<typeof useCheckUserId>;

/** The live availability line of the id or nickname field. */
function availabilityStatus(t: TFunction, query: TAvailability, isChecking: boolean, texts: { free: string; taken: string }, path: string): FieldStatus | null {
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
 */
export function RegisterForm() {
  const { t } = useTranslation(['auth', 'common']);
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const href = useLocalizedPath();
  const locale = useLocale();
  const [values, setValues] = useState<RegisterValues>(EMPTY_REGISTER_VALUES);
  const [touched, setTouched] = useState<Partial<Record<TRegisterField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<TRegisterErrors>({});
  const [summary, setSummary] = useState('');
  const refs = useRef<Partial<Record<TRegisterField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const register = useUserRegister();
  const banks = useBanks();
  const regDomain = useRegDomain();

  // Pre-fill the registration code bound to this host, unless the member already typed one.
  useEffect(() => {
    const data = regDomain.data;
    if (data?.status === 'success' && data.code) setValues((v) => (v.code ? v : { ...v, code: data.code }));
  }, [regDomain.data]);

  const localErrors = validateRegister(values).errors;
  const debouncedId = useDebouncedValue(normalizedUserId(values.userId), CHECK_DELAY_MS);
  const debouncedNick = useDebouncedValue(normalizedNick(values.nick), CHECK_DELAY_MS);
  const currentId = normalizedUserId(values.userId);
  const currentNick = normalizedNick(values.nick);
  const idQuery = useCheckUserId(debouncedId ?? '', debouncedId !== null && debouncedId === currentId);
  const nickQuery = useCheckUserNick(debouncedNick ?? '', debouncedNick !== null && debouncedNick === currentNick);
  const isIdTaken = idQuery.data?.status === 'alread_have_user' && debouncedId === currentId;
  const isNickTaken = nickQuery.data?.status === 'alread_have_user' && debouncedNick === currentNick;

  function set<K extends TRegisterField>(field: K, value: RegisterValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }
  const touch = (field: TRegisterField) => setTouched((v) => (v[field] ? v : { ...v, [field]: true }));

  function errorStatus(field: TRegisterField): FieldStatus | null {
    const code = serverErrors[field] ?? (touched[field] ? localErrors[field] : undefined);
    if (!code) return null;
    if (code === 'taken') return { tone: 'error', text: field === 'nick' ? t('register.nickTaken') : field === 'userId' ? t('register.idTaken') : statusText(t, 'alread') };
    return { tone: 'error', text: fieldErrorText(t, field, code) };
  }
  function statusOf(field: TRegisterField): FieldStatus | null {
    const error = errorStatus(field);
    if (error) return error;
    if (field === 'userId') return availabilityStatus(t, idQuery, currentId !== null, { free: t('register.idFree'), taken: t('register.idTaken') }, 'userId');
    if (field === 'nick') return availabilityStatus(t, nickQuery, currentNick !== null, { free: t('register.nickFree'), taken: t('register.nickTaken') }, 'nick');
    return null;
  }

  function focusFirst(errors: TRegisterErrors) {
    const first = REGISTER_FIELDS.find((f) => errors[f]);
    if (first) refs.current[first]?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending) return;
    setTouched(Object.fromEntries(REGISTER_FIELDS.map((f) => [f, true])));
    const { errors, request } = validateRegister(values);
    if (isIdTaken) errors.userId ??= 'taken';
    if (isNickTaken) errors.nick ??= 'taken';
    if (!request || Object.keys(errors).length > 0) {
      setServerErrors((e) => ({ ...e, ...(isIdTaken ? { userId: 'taken' } : {}), ...(isNickTaken ? { nick: 'taken' } : {}) }));
      setSummary(t('register.fixErrors'));
      focusFirst(errors);
      return;
    }
    setSummary('');
    let result;
    try {
      result = await register.mutateAsync(request);
    } catch (error) {
      if (isApiError(error) && error.status === 'invalid' && error.errors.some((e) => isRegisterField(e.path))) {
        const next: TRegisterErrors = {};
        for (const e of error.errors) if (isRegisterField(e.path)) next[e.path] ??= e.code;
        setServerErrors(next);
        setSummary(t('register.fixErrors'));
        focusFirst(next);
        return;
      }
      await dialogs.error(errorText(t, error));
      return;
    }
    switch (result.status) {
      case 'success':
        await dialogs.success(t('register.done'));
        void navigate(href('login'));
        return;
      case 'alread_have_user':
      case 'alread': {
        const field = 'field' in result ? result.field : undefined;
        if (field) setServerErrors((e) => ({ ...e, [field]: 'taken' }));
        await dialogs.error(statusText(t, result.status));
        if (field) refs.current[field]?.focus();
        return;
      }
      case 'cant_find_code':
        setServerErrors((e) => ({ ...e, code: 'pattern' }));
        await dialogs.error(statusText(t, 'cant_find_code'));
        refs.current.code?.focus();
        return;
      default:
        await dialogs.error(statusText(t, result.status));
    }
  }

  const required = t('register.required');
  const text = (field: TRegisterField, extra: Partial<TextFieldProps> = {}) => ({
    label: t(`register.${field}`),
    requiredLabel: required,
    status: statusOf(field),
    ref: (el: HTMLInputElement | null) => {
      refs.current[field] = el;
    },
    name: field,
    value: values[field] as string,
    required: true,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.value),
    onBlur: () => touch(field),
    ...extra,
  });

  const bankOptions = banks.data?.status === 'success' ? banks.data.banks : [];
  return (
    <form className="register-form" method="post" noValidate onSubmit={onSubmit} aria-describedby="register-summary">
      <fieldset className="register-form__section">
        <legend>{t('register.sectionAccount')}</legend>
        <div className="register-form__grid">
          <TextField {...text('userId', { hint: t('register.userIdHint'), autoComplete: 'username', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, maxLength: 16 })} />
          <div className="register-form__spacer" aria-hidden="true" />
          <TextField {...text('password', { type: 'password', hint: t('register.passwordHint'), autoComplete: 'new-password', maxLength: 64 })} />
          <TextField {...text('passwordConfirm', { type: 'password', autoComplete: 'new-password', maxLength: 64 })} />
        </div>
      </fieldset>
      <fieldset className="register-form__section">
        <legend>{t('register.sectionProfile')}</legend>
        <div className="register-form__grid">
          <TextField {...text('nick', { hint: t('register.nickHint'), autoComplete: 'nickname', maxLength: 10 })} />
          <TextField {...text('phone', { type: 'tel', inputMode: 'tel', hint: t('register.phoneHint'), autoComplete: 'tel-national', maxLength: 13 })} />
        </div>
      </fieldset>
      <fieldset className="register-form__section">
        <legend>{t('register.sectionBank')}</legend>
        <div className="register-form__grid">
          <TextField
            label={t('register.bankname')}
            requiredLabel={required}
            status={statusOf('bankname') ?? (banks.isError ? { tone: 'error', text: t('register.banksFailed') } : null)}
            renderControl={({ id, describedBy, isInvalid }) => (
              <div className="register-form__bank">
                <select
                  id={id}
                  ref={(el) => {
                    refs.current.bankname = el;
                  }}
                  className="select"
                  name="bankname"
                  required
                  aria-describedby={describedBy}
                  aria-invalid={isInvalid || undefined}
                  value={values.bankname}
                  disabled={banks.isPending}
                  onChange={(e) => {
                    set('bankname', e.target.value);
                    touch('bankname');
                  }}
                  onBlur={() => touch('bankname')}
                >
                  <option value="">{banks.isPending ? t('register.banksLoading') : t('register.bankPlaceholder')}</option>
                  {bankOptions.map((bank) => (
                    <option key={bank.code} value={bank.code}>
                      {locale === 'ko' ? bank.nameKo : bank.nameEn}
                    </option>
                  ))}
                </select>
                {banks.isError && (
                  <button type="button" className="btn btn--secondary btn--sm" onClick={() => void banks.refetch()}>
                    {t('register.banksRetry')}
                  </button>
                )}
              </div>
            )}
          />
          <TextField {...text('bankOwner', { hint: t('register.bankOwnerHint'), autoComplete: 'name', maxLength: 20 })} />
          <TextField {...text('banknum', { inputMode: 'numeric', hint: t('register.banknumHint'), autoComplete: 'off', maxLength: 24 })} />
          <TextField
            {...text('exchangePassword', { type: 'password', inputMode: 'numeric', hint: t('register.exchangePasswordHint'), autoComplete: 'off', maxLength: 6 })}
          />
        </div>
      </fieldset>
      <fieldset className="register-form__section">
        <legend>{t('register.sectionCode')}</legend>
        <div className="register-form__grid">
          <TextField {...text('code', { hint: t('register.codeHint'), autoCapitalize: 'characters', autoCorrect: 'off', spellCheck: false, maxLength: 20 })} />
        </div>
      </fieldset>
      <div className="register-form__agree">
        <label className="checkbox">
          <input
            ref={(el) => {
              refs.current.agree18 = el;
            }}
            type="checkbox"
            name="agree18"
            checked={values.agree18}
            aria-invalid={errorStatus('agree18') ? true : undefined}
            aria-describedby="agree18-message"
            onChange={(e) => {
              set('agree18', e.target.checked);
              touch('agree18');
            }}
          />
          <span className="checkbox__box" aria-hidden="true">
            <Icon name="check" size={16} />
          </span>
          <span className="checkbox__label">{t('register.agree18')}</span>
        </label>
        <p id="agree18-message" className="field__message field__message--error" aria-live="polite">
          {errorStatus('agree18')?.text}
        </p>
      </div>
      <p id="register-summary" className="register-form__summary" role="status">
        {summary}
      </p>
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={register.isPending}>
        {register.isPending ? t('register.submitting') : t('register.submit')}
      </button>
      <p className="register-form__login">
        {t('register.haveAccount')} <Link to={href('login')}>{t('common:auth.login')}</Link>
      </p>
    </form>
  );
}
