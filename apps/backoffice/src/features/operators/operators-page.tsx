import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type TStaffRole } from '@casino/contracts/backoffice';
import {
  ipAllowedBy,
  IP_ALLOWLIST_MAX,
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
  parseCidr,
  ZIpAllowlistRequest,
  ZOperatorCreateRequest,
  type TOperatorCreateRequest,
  type TOperatorsListResponse,
} from '@casino/contracts/backoffice-operators';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { Dialog } from '../../app/dialog.tsx';
import { Field, FormMessage, useFieldText } from '../../components/field.tsx';
import { useOperator } from '../../app/session.ts';
import { api, apiKey, errorKey, useApiMutation, useApiWrite } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { groupSecret, TotpQr } from '../../lib/totp-qr.tsx';
import './operators.css';
import { useIpAllowlist, useOperators } from './queries.ts';
import { Notice, FailureNotice } from '../../components/notice.tsx';

const OPERATORS_KEY = apiKey('operators.list');
const ALLOWLIST_KEY = apiKey('ipAllowlist.get');

type TOperatorRow = TOperatorsListResponse['list'][number];
type TMessage = { kind: 'ok' | 'error'; text: string } | null;

/** What an owner is about to do to an operator (asked in the confirm dialog first). */
type TAction =
  | { kind: 'role'; role: TStaffRole }
  | { kind: 'deactivate' }
  | { kind: 'reactivate' }
  | { kind: 'password' }
  | { kind: 'totpNew' }
  | { kind: 'totpRemove' };

/** A password or TOTP secret the server answered once: shown until the owner closes it. */
interface TShownOnce {
  operatorId: string;
  password?: string | undefined;
  totpSecret?: string | undefined;
  otpauthUrl?: string | undefined;
}

/** Sends an owner's action on an operator. */
function runAction(operatorId: string, action: TAction) {
  const params = { operatorId };
  switch (action.kind) {
    case 'role':
      return api('operators.role', { params, body: { role: action.role } });
    case 'deactivate':
    case 'reactivate':
      return api(`operators.${action.kind}`, { params });
    case 'password':
      return api('operators.password', { params, body: {} });
    default:
      return api('operators.totp', { params, body: action.kind === 'totpRemove' ? { remove: true } : {} });
  }
}

/** The secret or password shown once, with the QR code for a TOTP secret. */
function ShownOnceDialog({ shown, onClose }: { shown: TShownOnce | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('operators.once.title', { id: shown?.operatorId ?? '' })}
    >
      <p className="notice notice--warn">{t('operators.once.lead')}</p>
      {shown?.password && (
        <p>
          {t('operators.once.password')} <code className="operators__secret">{shown.password}</code>
        </p>
      )}
      {shown?.otpauthUrl && shown.totpSecret && (
        <div className="operators__once-totp">
          <TotpQr value={shown.otpauthUrl} label={t('operators.once.qr')} size={160} />
          <p>
            {t('operators.once.totp')}
            <br />
            <code className="operators__secret">{groupSecret(shown.totpSecret)}</code>
          </p>
        </div>
      )}
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('operators.once.done')}
        </button>
      </div>
    </Dialog>
  );
}

const CREATE_FIELDS = ['operatorId', 'role', 'password', 'withTotp'] as const;
type TCreateValues = Required<TOperatorCreateRequest>;

/** The request of the create form: a password and TOTP only when asked for. */
function createBody({ password, withTotp, ...rest }: TCreateValues): TOperatorCreateRequest {
  return { ...rest, ...(password ? { password } : {}), ...(withTotp ? { withTotp } : {}) };
}

function CreateForm({ onCreated }: { onCreated: (shown: TShownOnce | null, message: TMessage) => void }) {
  const { t } = useTranslation();
  const form = useContractForm<TCreateValues>({
    fields: CREATE_FIELDS,
    defaultValues: { operatorId: '', role: 'support', password: '', withTotp: false },
    validate: (values) => schemaCodes(ZOperatorCreateRequest, createBody(values), CREATE_FIELDS),
  });
  // Checked as the operator types (the submit waits for both), besides the contract's check on submit.
  const [operatorId, role, password] = form.watch(['operatorId', 'role', 'password']);
  const idOk = /^[A-Za-z][A-Za-z0-9._-]{2,31}$/.test(operatorId);
  const passwordOk =
    password === '' || (password.length >= OPERATOR_PASSWORD_MIN && password.length <= OPERATOR_PASSWORD_MAX);
  const idStatus = form.statusOf('operatorId', (code) =>
    t(code === 'taken' ? 'operators.create.taken' : 'operators.create.idRule'),
  );
  const passwordStatus = form.statusOf('password', () =>
    t('operators.create.passwordRule', { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX }),
  );
  const idField = form.register('operatorId');

  const create = useApiMutation('operators.create', {
    input: (body: TOperatorCreateRequest) => ({ body }),
    invalidates: [OPERATORS_KEY],
    onSuccess: (answer, body) => {
      if (answer.status === 'already') return form.failField('operatorId', 'taken');
      const id = body.operatorId.toLowerCase();
      form.reset();
      const once = 'password' in answer || 'totpSecret' in answer ? { operatorId: id, ...answer } : null;
      onCreated(once && (once.password || once.totpSecret) ? once : null, {
        kind: 'ok',
        text: t('operators.create.done', { id }),
      });
    },
    onError: (caught) => form.showServerErrors(caught) || form.failForm(t(errorKey(caught))),
  });

  return (
    <Form
      form={form}
      className="box"
      aria-labelledby="operators-create"
      onValid={(values) => create.mutate(createBody(values))}
    >
      <h2 id="operators-create" className="operators__heading">
        {t('operators.create.title')}
      </h2>
      <div className="field">
        <label htmlFor="operators-new-id">{t('operators.id')}</label>
        <input
          id="operators-new-id"
          autoComplete="off"
          maxLength={32}
          aria-invalid={(operatorId !== '' && !idOk) || idStatus !== null}
          aria-describedby="operators-new-id-rule"
          {...idField}
          onChange={(event) => {
            event.target.value = event.target.value.trim();
            return idField.onChange(event);
          }}
        />
        <small id="operators-new-id-rule" className={idStatus ? 'operators__error' : 'muted'}>
          {idStatus?.text ?? t('operators.create.idRule')}
        </small>
      </div>
      <label className="field" htmlFor="operators-new-role">
        <span>{t('operators.role')}</span>
        <select id="operators-new-role" className="operators__select" {...form.register('role')} value={role}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="field">
        <label htmlFor="operators-new-password">{t('operators.create.password')}</label>
        <input
          id="operators-new-password"
          type="password"
          autoComplete="new-password"
          maxLength={OPERATOR_PASSWORD_MAX}
          aria-invalid={!passwordOk || passwordStatus !== null}
          aria-describedby="operators-new-password-rule"
          {...form.register('password')}
        />
        <small
          id="operators-new-password-rule"
          className={passwordOk && !passwordStatus ? 'muted' : 'operators__error'}
        >
          {t('operators.create.passwordRule', { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX })}
        </small>
      </div>
      <label className="operators__check">
        <input type="checkbox" {...form.register('withTotp')} />
        {t('operators.create.withTotp')}
      </label>
      <FormMessage text={form.formMessage} />
      <button type="submit" className="btn btn--primary" disabled={create.isPending || !idOk || !passwordOk}>
        {t('operators.create.submit')}
      </button>
    </Form>
  );
}

const ALLOWLIST_FIELDS = ['ranges'] as const;

/** The ranges of the allow-list's text: one a line, blank lines left out. */
function rangesOf(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The IP allow-list: one range per line, checked here as the server checks it. */
function AllowlistSection() {
  const { t } = useTranslation();
  const fieldText = useFieldText('operators');
  const [saved, setSaved] = useState<string | null>(null);
  const current = useIpAllowlist();
  const form = useContractForm<{ ranges: string }>({
    fields: ALLOWLIST_FIELDS,
    defaultValues: { ranges: '' },
    validate: ({ ranges }) =>
      schemaCodes(ZIpAllowlistRequest, { ranges: rangesOf(ranges) }, ALLOWLIST_FIELDS),
  });
  const { isDirty } = form.formState;
  const stored = current.data?.ranges.join('\n');
  // The stored list fills the field until the owner edits it.
  useEffect(() => {
    if (stored !== undefined && !isDirty) form.reset({ ranges: stored });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new stored list only
  }, [stored]);
  const lines = rangesOf(form.watch('ranges'));
  const bad = lines.filter((l) => parseCidr(l) === null);
  const yourIp = current.data?.yourIp ?? '';
  const excludesYou = lines.length > 0 && bad.length === 0 && !ipAllowedBy(lines, yourIp);

  const save = useApiMutation('ipAllowlist.save', {
    input: (ranges: string[]) => ({ body: { ranges } }),
    sets: ALLOWLIST_KEY,
    onSuccess: (answer) => {
      if (answer.status === 'excludes_you')
        return form.failForm(t('operators.ip.excludesYou', { ip: answer.yourIp }));
      form.reset({ ranges: answer.ranges.join('\n') });
      setSaved(t(answer.ranges.length ? 'operators.ip.saved' : 'operators.ip.off'));
    },
    onError: (caught) => form.showServerErrors(caught) || form.failForm(t(errorKey(caught))),
  });

  return (
    <section className="box" aria-labelledby="operators-ip">
      <h2 id="operators-ip" className="operators__heading">
        {t('operators.ip.title')}
      </h2>
      <p className="muted">{t('operators.ip.lead')}</p>
      {current.data && (
        <p className="operators__ip-now">
          {t('operators.ip.yourIp')} <code>{yourIp}</code>
          {current.data.floor.length > 0 && (
            <>
              {' · '}
              {t('operators.ip.floor')} <code>{current.data.floor.join(', ')}</code>
            </>
          )}
        </p>
      )}
      {!isDirty && <Notice tone="ok" text={saved} />}
      <Form
        form={form}
        onValid={({ ranges }) => {
          setSaved(null);
          save.mutate(rangesOf(ranges));
        }}
      >
        <FormMessage text={form.formMessage} />
        <Field label={t('operators.ip.ranges')} status={form.statusOf('ranges', fieldText('ranges'))}>
          {(aria) => (
            <textarea
              rows={5}
              spellCheck={false}
              className="operators__ranges"
              placeholder={'203.0.113.0/24\n2001:db8::/32'}
              {...aria}
              aria-invalid={bad.length > 0 || aria['aria-invalid']}
              {...form.register('ranges')}
            />
          )}
        </Field>
        {bad.length > 0 && <Notice tone="error" text={t('operators.ip.bad', { ranges: bad.join(', ') })} />}
        {excludesYou && (
          <p role="alert" className="notice notice--warn">
            {t('operators.ip.excludesYou', { ip: yourIp })}
          </p>
        )}
        <div className="operators__row">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={
              save.isPending || !isDirty || bad.length > 0 || excludesYou || lines.length > IP_ALLOWLIST_MAX
            }
          >
            {t('operators.ip.save')}
          </button>
          <span className="muted">{t(lines.length ? 'operators.ip.onHint' : 'operators.ip.offHint')}</span>
        </div>
      </Form>
    </section>
  );
}

/** Operators (owner): the list with role, state and TOTP, creation, changes, and the IP allow-list. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const me = useOperator();
  const [asking, setAsking] = useState<{ operator: TOperatorRow; action: TAction } | null>(null);
  const [shown, setShown] = useState<TShownOnce | null>(null);
  const [message, setMessage] = useState<TMessage>(null);
  const list = useOperators();

  const act = useApiWrite(
    ({ operator, action }: { operator: TOperatorRow; action: TAction }) =>
      runAction(operator.operatorId, action),
    {
      invalidates: [OPERATORS_KEY],
      onSuccess: (answer, { operator, action }) => {
        setAsking(null);
        const id = operator.operatorId;
        if (answer.status !== 'success') {
          return setMessage({ kind: 'error', text: t(`operators.status.${answer.status}`, { id }) });
        }
        setMessage({ kind: 'ok', text: t(`operators.done.${action.kind}`, { id }) });
        const once = answer as { password?: string; totpSecret?: string; otpauthUrl?: string };
        if (once.password || once.totpSecret) setShown({ operatorId: id, ...once });
      },
      onError: (caught) => {
        setAsking(null);
        setMessage({ kind: 'error', text: t(errorKey(caught)) });
      },
    },
  );

  const self = me.data?.operatorId;
  const rows = list.data?.list ?? [];
  const ask = (operator: TOperatorRow, action: TAction) => setAsking({ operator, action });
  const onOff = (on: boolean, yes: string, no: string) => (
    <span className={on ? 'operators__on' : 'operators__off'}>{t(on ? yes : no)}</span>
  );
  const columns: TColumn<TOperatorRow>[] = [
    {
      key: 'id',
      header: t('operators.id'),
      className: 'nowrap',
      headerClassName: '',
      cell: (op) => (
        <>
          <strong>{op.operatorId}</strong>
          {op.operatorId === self && <span className="badge operators__you">{t('operators.you')}</span>}
        </>
      ),
    },
    {
      key: 'role',
      header: t('operators.role'),
      cell: (op) => (
        <select
          className="operators__select"
          aria-label={t('operators.roleOf', { id: op.operatorId })}
          value={op.role}
          disabled={op.operatorId === self}
          onChange={(event) => ask(op, { kind: 'role', role: event.target.value as TStaffRole })}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`)}
            </option>
          ))}
        </select>
      ),
    },
    {
      key: 'state',
      header: t('operators.state'),
      className: 'nowrap',
      headerClassName: '',
      cell: (op) => (
        <>
          {onOff(op.isActive, 'operators.active', 'operators.inactive')}
          {op.mustChangePassword && (
            <span className="badge operators__flag">{t('operators.mustChange')}</span>
          )}
        </>
      ),
    },
    {
      key: 'totp',
      header: t('operators.totp'),
      className: 'nowrap',
      headerClassName: '',
      cell: (op) => onOff(op.hasTotp, 'operators.totpOn', 'operators.totpOff'),
    },
    { key: 'sessions', header: t('operators.sessions'), className: 'num', cell: (op) => op.sessions },
    {
      key: 'created',
      header: t('operators.created'),
      className: 'nowrap',
      headerClassName: '',
      cell: (op) => formatDateTime(op.regDate),
    },
    {
      key: 'lastLogin',
      header: t('operators.lastLogin'),
      className: 'nowrap',
      headerClassName: '',
      cell: (op) => (op.lastLoginDate ? formatDateTime(op.lastLoginDate) : '—'),
    },
    {
      key: 'actions',
      header: t('operators.actions'),
      className: 'operators__actions',
      headerClassName: '',
      cell: (op) =>
        op.operatorId === self ? (
          <span className="muted">{t('operators.selfHint')}</span>
        ) : (
          <>
            <button
              type="button"
              className={`btn btn--small ${op.isActive ? 'btn--danger' : ''}`}
              onClick={() => ask(op, { kind: op.isActive ? 'deactivate' : 'reactivate' })}
            >
              {t(op.isActive ? 'operators.deactivate' : 'operators.reactivate')}
            </button>
            <button type="button" className="btn btn--small" onClick={() => ask(op, { kind: 'password' })}>
              {t('operators.resetPassword')}
            </button>
            <button type="button" className="btn btn--small" onClick={() => ask(op, { kind: 'totpNew' })}>
              {t('operators.totpNew')}
            </button>
            {op.hasTotp && (
              <button
                type="button"
                className="btn btn--small"
                onClick={() => ask(op, { kind: 'totpRemove' })}
              >
                {t('operators.totpRemove')}
              </button>
            )}
          </>
        ),
    },
  ];

  return (
    <section className="operators">
      <div className="page-head">
        <h1 className="page-title">{t('operators.title')}</h1>
        <span className="muted">{t('operators.count', { count: rows.length })}</span>
      </div>
      <Notice tone={message?.kind} text={message?.text} />
      <FailureNotice error={list.error} />
      <DataTable
        columns={columns}
        rows={list.data?.list}
        rowKey={(op) => op.operatorId}
        empty={t('operators.empty')}
      />

      <div className="operators__grid">
        <CreateForm
          onCreated={(once, created) => {
            setMessage(created);
            setShown(once);
          }}
        />
        <AllowlistSection />
      </div>

      <Dialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={
          asking
            ? t(`operators.ask.${asking.action.kind}`, {
                id: asking.operator.operatorId,
                role: asking.action.kind === 'role' ? t(`role.${asking.action.role}`) : '',
              })
            : ''
        }
      >
        {asking && <p>{t(`operators.askBody.${asking.action.kind}`)}</p>}
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setAsking(null)}>
            {t('queue.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={act.isPending}
            onClick={() => asking && act.mutate(asking)}
          >
            {t('queue.confirm')}
          </button>
        </div>
      </Dialog>
      <ShownOnceDialog shown={shown} onClose={() => setShown(null)} />
    </section>
  );
}
