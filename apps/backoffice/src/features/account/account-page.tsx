import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
  ZAccountPasswordRequest,
  type TAccountPasswordRequest,
  type TAccountResponse,
  type TTotpConfirmRequest,
  type TTotpDisableRequest,
  ZTotpConfirmRequest,
  ZTotpDisableRequest,
} from '@casino/contracts/backoffice-operators';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm, type ContractForm, type FieldStatus } from '@casino/web-kit/contract-form';
import { Form } from '@casino/web-kit/form.tsx';
import type { FieldValues, Path } from 'react-hook-form';
import { Dialog } from '../../app/dialog.tsx';
import { Field, useFieldText } from '../../components/field.tsx';
import { ME_KEY } from '../../app/session.ts';
import { apiKey, errorKey, useApiMutation } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { groupSecret, TotpQr } from '../../lib/totp-qr.tsx';
import './account.css';
import { useAccount, useSessions } from './queries.ts';

const ACCOUNT_KEY = apiKey('account.get');
const SESSIONS_KEY = apiKey('sessions.list');

/** A short device name from a user agent: browser and system, else the raw text cut short. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return '—';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return browser || system ? [browser, system].filter(Boolean).join(' · ') : userAgent.slice(0, 40);
}

function Notice({ kind, text }: { kind: 'ok' | 'error' | 'warn'; text: string | null }) {
  if (!text) return null;
  return (
    <p role={kind === 'ok' ? 'status' : 'alert'} className={`notice notice--${kind}`}>
      {text}
    </p>
  );
}

const CONFIRM_FIELDS = ['code'] as const;
const DISABLE_FIELDS = ['password', 'code'] as const;

/** The operator's current password in a form (its field named `field`). */
function CurrentPasswordField<V extends FieldValues>({
  form,
  field,
  status,
}: {
  form: ContractForm<V>;
  field: Path<V>;
  status: FieldStatus | null;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('account.password.current')} status={status}>
      {(aria) => (
        <input
          type="password"
          autoComplete="current-password"
          maxLength={OPERATOR_PASSWORD_MAX}
          {...aria}
          {...form.register(field)}
        />
      )}
    </Field>
  );
}

/** The 6-digit code input of a TOTP form: digits only, whatever is typed or pasted. */
function CodeField<V extends { code: string }>({ form, label }: { form: ContractForm<V>; label: string }) {
  const fieldText = useFieldText('account.totp');
  const name = 'code' as Path<V>;
  const code = form.register(name);
  return (
    <Field label={label} status={form.statusOf(name, fieldText('code'))}>
      {(aria) => (
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...aria}
          {...code}
          onChange={(event) => {
            event.target.value = event.target.value.replace(/\D/g, '');
            return code.onChange(event);
          }}
        />
      )}
    </Field>
  );
}

/** Two-factor sign-in: enrolment (QR code and secret, confirmed by a code) and removal. */
function TotpSection({ account }: { account: TAccountResponse['account'] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const fieldText = useFieldText('account.totp');
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const confirmForm = useContractForm<TTotpConfirmRequest>({
    fields: CONFIRM_FIELDS,
    defaultValues: { code: '' },
    validate: (values) => schemaCodes(ZTotpConfirmRequest, values, CONFIRM_FIELDS),
  });
  const disableForm = useContractForm<TTotpDisableRequest>({
    fields: DISABLE_FIELDS,
    defaultValues: { password: '', code: '' },
    validate: (values) => schemaCodes(ZTotpDisableRequest, values, DISABLE_FIELDS),
  });
  const failure = (error: unknown) =>
    setMessage({
      kind: 'error',
      text: t(errorKey(error) === 'errors.too_many' ? 'account.tooMany' : errorKey(error)),
    });

  const start = useApiMutation('account.totpStart', {
    input: () => undefined,
    onSuccess: (answer) => {
      setMessage(null);
      confirmForm.reset();
      if (answer.status === 'success') setEnrolment({ secret: answer.secret, otpauthUrl: answer.otpauthUrl });
      else void client.invalidateQueries({ queryKey: ACCOUNT_KEY });
    },
    onError: (error) => setMessage({ kind: 'error', text: t(errorKey(error)) }),
  });

  const confirm = useApiMutation('account.totpConfirm', {
    input: (body: TTotpConfirmRequest) => ({ body }),
    invalidates: [ACCOUNT_KEY],
    onSuccess: (answer) => {
      confirmForm.reset();
      if (answer.status === 'fail') return confirmForm.failField('code', 'wrong');
      setEnrolment(null);
      setMessage(answer.status === 'success' ? { kind: 'ok', text: t('account.totp.enabled') } : null);
    },
    onError: (error) => confirmForm.showServerErrors(error) || failure(error),
  });

  const disable = useApiMutation('account.totpDisable', {
    input: (body: TTotpDisableRequest) => ({ body }),
    invalidates: [ACCOUNT_KEY],
    onSuccess: (answer) => {
      disableForm.reset();
      if (answer.status === 'fail')
        return setMessage({ kind: 'error', text: t('account.totp.wrongPasswordOrCode') });
      if (answer.status === 'owner_totp_required')
        return setMessage({ kind: 'error', text: t('account.totp.ownerRequired') });
      setMessage(answer.status === 'success' ? { kind: 'ok', text: t('account.totp.disabled') } : null);
    },
    onError: (error) => disableForm.showServerErrors(error) || failure(error),
  });

  const confirmCode = confirmForm.watch('code');
  const [disablePassword, disableCode] = disableForm.watch(DISABLE_FIELDS);

  return (
    <section className="box" aria-labelledby="account-totp">
      <h2 id="account-totp" className="account__heading">
        {t('account.totp.title')}{' '}
        <span className={`badge ${account.hasTotp ? 'badge--on' : ''}`}>
          {t(account.hasTotp ? 'account.totp.on' : 'account.totp.off')}
        </span>
      </h2>
      <p className="muted">{t('account.totp.lead')}</p>
      {account.role === 'owner' && account.ownerTotpRequired && !account.hasTotp && (
        <Notice kind="warn" text={t('account.totp.ownerMust')} />
      )}
      <Notice kind={message?.kind ?? 'ok'} text={message?.text ?? null} />
      {!account.hasTotp && !enrolment && (
        <button
          type="button"
          className="btn btn--primary"
          disabled={start.isPending}
          onClick={() => start.mutate()}
        >
          {t(account.totpPending ? 'account.totp.restart' : 'account.totp.start')}
        </button>
      )}
      {!account.hasTotp && enrolment && (
        <Form
          form={confirmForm}
          className="account__enrol"
          onValid={(values) => {
            setMessage(null);
            confirm.mutate(values);
          }}
        >
          <TotpQr value={enrolment.otpauthUrl} label={t('account.totp.qr')} />
          <div className="account__enrol-side">
            <p>{t('account.totp.scan')}</p>
            <p className="muted">{t('account.totp.manual')}</p>
            <code className="account__secret" aria-label={t('account.totp.secret')}>
              {groupSecret(enrolment.secret)}
            </code>
            <CodeField form={confirmForm} label={t('account.totp.code')} />
            <div className="account__row">
              <button
                type="submit"
                className="btn btn--primary"
                disabled={confirm.isPending || confirmCode.length !== 6}
              >
                {t('account.totp.activate')}
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => setEnrolment(null)}>
                {t('queue.cancel')}
              </button>
            </div>
          </div>
        </Form>
      )}
      {account.hasTotp && (
        <Form
          form={disableForm}
          className="account__form"
          onValid={(values) => {
            setMessage(null);
            disable.mutate(values);
          }}
        >
          <CurrentPasswordField
            form={disableForm}
            field="password"
            status={disableForm.statusOf('password', fieldText('password'))}
          />
          <CodeField form={disableForm} label={t('account.totp.code')} />
          <button
            type="submit"
            className="btn btn--danger"
            disabled={disable.isPending || !disablePassword || disableCode.length !== 6}
          >
            {t('account.totp.disable')}
          </button>
        </Form>
      )}
    </section>
  );
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'again'] as const;
type TPasswordValues = TAccountPasswordRequest & { again: string };

/** The operator's own password: the current one, then the new one twice. */
function PasswordSection({ forced }: { forced: boolean }) {
  const { t } = useTranslation();
  const fieldText = useFieldText('account.password');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const form = useContractForm<TPasswordValues>({
    fields: PASSWORD_FIELDS,
    defaultValues: { currentPassword: '', newPassword: '', again: '' },
    validate: ({ again, ...body }) => ({
      ...schemaCodes(ZAccountPasswordRequest, body, PASSWORD_FIELDS),
      ...(again !== body.newPassword && { again: 'mismatch' }),
    }),
  });

  const change = useApiMutation('account.password', {
    input: (body: TAccountPasswordRequest) => ({ body }),
    invalidates: [ME_KEY, ACCOUNT_KEY, SESSIONS_KEY],
    onSuccess: (answer) => {
      if (answer.status === 'fail') return form.failField('currentPassword', 'wrong');
      if (answer.status === 'same') return form.failField('newPassword', 'same');
      form.reset();
      setMessage({ kind: 'ok', text: t('account.password.changed', { count: answer.revoked }) });
    },
    onError: (error) => {
      if (form.showServerErrors(error)) return;
      setMessage({
        kind: 'error',
        text: t(errorKey(error) === 'errors.too_many' ? 'account.tooMany' : errorKey(error)),
      });
    },
  });

  // Checked as the operator types (the submit waits for both), besides the checks on submit.
  const [current, next, again] = form.watch(PASSWORD_FIELDS);
  const tooShort =
    next.length > 0 && (next.length < OPERATOR_PASSWORD_MIN || next.length > OPERATOR_PASSWORD_MAX);
  const mismatch = again.length > 0 && again !== next;
  const nextStatus = form.statusOf('newPassword', fieldText('newPassword'));
  const againStatus = mismatch
    ? { tone: 'error' as const, text: fieldText('again')('mismatch') }
    : form.statusOf('again', fieldText('again'));

  return (
    <section className="box" aria-labelledby="account-password">
      <h2 id="account-password" className="account__heading">
        {t('account.password.title')}
      </h2>
      {forced && <Notice kind="warn" text={t('account.password.forced')} />}
      <Notice kind={message?.kind ?? 'ok'} text={message?.text ?? null} />
      <Form
        form={form}
        className="account__form"
        onValid={({ currentPassword, newPassword }) => {
          setMessage(null);
          change.mutate({ currentPassword, newPassword });
        }}
      >
        <CurrentPasswordField
          form={form}
          field="currentPassword"
          status={form.statusOf('currentPassword', fieldText('currentPassword'))}
        />
        <div className="field">
          <label htmlFor="account-new">{t('account.password.new')}</label>
          <input
            id="account-new"
            type="password"
            autoComplete="new-password"
            maxLength={OPERATOR_PASSWORD_MAX}
            aria-invalid={tooShort || nextStatus !== null}
            aria-describedby="account-new-rule"
            {...form.register('newPassword')}
          />
          <small id="account-new-rule" className={tooShort || nextStatus ? 'account__error' : 'muted'}>
            {nextStatus?.text ??
              t('account.password.rule', { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX })}
          </small>
        </div>
        <div className="field">
          <label htmlFor="account-again">{t('account.password.again')}</label>
          <input
            id="account-again"
            type="password"
            autoComplete="new-password"
            maxLength={OPERATOR_PASSWORD_MAX}
            aria-invalid={againStatus !== null}
            {...form.register('again')}
          />
          {againStatus && (
            <small role="alert" className="account__error">
              {againStatus.text}
            </small>
          )}
        </div>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={change.isPending || !current || !next || !again || tooShort || mismatch}
        >
          {t('account.password.submit')}
        </button>
      </Form>
    </section>
  );
}

/** The operator's own live sessions, the current one marked, and signing out the others. */
function SessionsSection() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const sessions = useSessions();
  const revoke = useApiMutation('sessions.revokeOthers', {
    input: () => undefined,
    invalidates: [SESSIONS_KEY],
    onSuccess: (answer) => {
      setAsking(false);
      setMessage({ kind: 'ok', text: t('account.sessions.revoked', { count: answer.revoked }) });
    },
    onError: (error) => {
      setAsking(false);
      setMessage({ kind: 'error', text: t(errorKey(error)) });
    },
  });
  const list = sessions.data?.list ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <section className="box account__box--wide" aria-labelledby="account-sessions">
      <div className="account__row account__row--between">
        <h2 id="account-sessions" className="account__heading">
          {t('account.sessions.title')}
        </h2>
        <button type="button" className="btn" disabled={others === 0} onClick={() => setAsking(true)}>
          {t('account.sessions.revokeOthers')}
        </button>
      </div>
      <Notice kind={message?.kind ?? 'ok'} text={message?.text ?? null} />
      {sessions.isError && <Notice kind="error" text={t(errorKey(sessions.error))} />}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>{t('account.sessions.device')}</th>
              <th>{t('account.sessions.ip')}</th>
              <th>{t('account.sessions.started')}</th>
              <th>{t('account.sessions.lastSeen')}</th>
              <th>{t('account.sessions.this')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((s) => (
              <tr key={s.id}>
                <td title={s.userAgent ?? ''}>{deviceOf(s.userAgent)}</td>
                <td className="nowrap">{s.ip ?? '—'}</td>
                <td className="nowrap">{formatDateTime(s.regDate)}</td>
                <td className="nowrap">{formatDateTime(s.lastSeenDate)}</td>
                <td>
                  {s.current && <span className="badge badge--on">{t('account.sessions.current')}</span>}
                </td>
              </tr>
            ))}
            {sessions.isSuccess && list.length === 0 && (
              <tr>
                <td colSpan={5} className="empty">
                  {t('account.sessions.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Dialog open={asking} onOpenChange={setAsking} title={t('account.sessions.confirmTitle')}>
        <p>{t('account.sessions.confirmBody', { count: others })}</p>
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setAsking(false)}>
            {t('queue.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate()}
          >
            {t('queue.confirm')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}

/** My account: the operator's two-factor sign-in, password and sessions (every role). */
export function AccountPage() {
  const { t } = useTranslation();
  const account = useAccount();
  const data = account.data?.account;
  return (
    <section className="account">
      <div className="page-head">
        <h1 className="page-title">{t('account.title')}</h1>
        {data && (
          <span className="muted">
            {data.operatorId} · {t(`role.${data.role}`)}
            {data.lastLoginDate &&
              ` · ${t('account.lastLogin', { date: formatDateTime(data.lastLoginDate) })}`}
          </span>
        )}
      </div>
      {account.isError && <Notice kind="error" text={t(errorKey(account.error))} />}
      {data && (
        <div className="account__grid">
          {data.mustChangePassword ? (
            <PasswordSection forced />
          ) : (
            <>
              <TotpSection account={data} />
              <PasswordSection forced={false} />
            </>
          )}
          <SessionsSection />
        </div>
      )}
    </section>
  );
}
