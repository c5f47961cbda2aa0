import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ZCashierSettings,
  ZCashierSettingsPatch,
  ZMemberLevelsPatch,
  type TCashierSettings,
  type TMemberLevelsPatch,
} from '@casino/contracts/backoffice-settings';
import {
  LEVEL_NAME_MAX,
  REG_DOMAIN_MAX,
  REG_MEMO_MAX,
  ZRegCodeCreateRequest,
  ZRegCodePatch,
  type TRegCode,
} from '@casino/contracts/backoffice-settings';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { Form } from '@casino/web-kit/form.tsx';
import { siteTimeZone } from '@casino/web-kit/format';
import { Dialog } from '../../app/dialog.tsx';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { useOperator } from '../../app/session.ts';
import { apiKey, errorKey, useApiMutation } from '../../lib/api.ts';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import './settings.css';
import {
  useCashierSettings,
  useLevelNames,
  useMaintenance,
  useRegCodes,
  useRegistrationSettings,
} from './queries.ts';
import { Notice } from '../../components/notice.tsx';

function Section({
  title,
  children,
  note,
}: {
  title: string;
  children: ReactNode;
  note?: string | undefined;
}) {
  return (
    <section className="settings__section" aria-label={title}>
      <h2 className="settings__title">{title}</h2>
      {note && <p className="muted settings__note">{note}</p>}
      {children}
    </section>
  );
}

function Result({ ok, error }: { ok: string | null; error: string | null }) {
  return <Notice tone={error ? 'error' : 'ok'} text={error || ok} />;
}

// --- member approval ---

function ApprovalSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const failure = useFailureText('settings');
  const [message, setMessage] = useState<{ ok: string | null; error: string | null }>({
    ok: null,
    error: null,
  });
  const current = useRegistrationSettings();
  const save = useApiMutation('settings.updateRegistration', {
    input: (requireApproval: boolean) => ({
      body: { requireApproval },
    }),
    sets: apiKey('settings.registration'),
    onSuccess: () => {
      setMessage({ ok: t('settings.saved'), error: null });
    },
    onError: (error) => setMessage({ ok: null, error: failure(error) }),
  });
  const on = current.data?.settings.requireApproval;
  return (
    <Section title={t('settings.approval.title')} note={t('settings.approval.note')}>
      {current.isError && <Result ok={null} error={t(errorKey(current.error))} />}
      {on !== undefined && (
        <div className="settings__row">
          <span className={`badge ${on ? 'settings__on' : ''}`}>
            {on ? t('settings.approval.on') : t('settings.approval.off')}
          </span>
          {canEdit && (
            <button
              type="button"
              className="btn btn--small"
              disabled={save.isPending}
              onClick={() => save.mutate(!on)}
            >
              {on ? t('settings.approval.turnOff') : t('settings.approval.turnOn')}
            </button>
          )}
        </div>
      )}
      <Result {...message} />
    </Section>
  );
}

// --- registration codes ---

const CODE_EDIT_FIELDS = ['domain', 'memo'] as const;
type TCodeEditValues = { domain: string; memo: string };

function RegCodeDialog({ code, onClose }: { code: TRegCode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const failure = useFailureText('settings');
  const fieldText = useFieldText('settings.codes');
  const form = useContractForm<TCodeEditValues>({
    fields: CODE_EDIT_FIELDS,
    defaultValues: { domain: code?.domain ?? '', memo: code?.memo ?? '' },
    validate: (values) => schemaCodes(ZRegCodePatch, values, CODE_EDIT_FIELDS),
  });
  const save = useApiMutation('regCodes.update', {
    input: (body: TCodeEditValues) => ({ params: { code: code!.code }, body }),
    invalidates: [apiKey('regCodes.list')],
    onSuccess: (answer) => {
      if (answer.status === 'success') onClose();
      else form.failForm(t('settings.codes.notFound'));
    },
    onError: (e) => form.showServerErrors(e) || form.failForm(failure(e)),
  });
  return (
    <Dialog
      open={code !== null}
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title={t('settings.codes.editTitle', { code: code?.code ?? '' })}
    >
      <Form form={form} className="settings__form" onValid={(values) => save.mutate(values)}>
        <Field label={t('settings.codes.domain')} status={form.statusOf('domain', fieldText('domain'))}>
          {(aria) => <input maxLength={REG_DOMAIN_MAX} {...aria} {...form.register('domain')} />}
        </Field>
        <Field label={t('settings.codes.memo')} status={form.statusOf('memo', fieldText('memo'))}>
          {(aria) => <input maxLength={REG_MEMO_MAX} {...aria} {...form.register('memo')} />}
        </Field>
        <FormMessage text={form.formMessage} />
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            {t('queue.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {t('settings.save')}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

const CODE_FIELDS = ['code', 'domain', 'memo'] as const;
type TCodeValues = { code: string; domain: string; memo: string };

function RegCodesSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const failure = useFailureText('settings');
  const [message, setMessage] = useState<{ ok: string | null; error: string | null }>({
    ok: null,
    error: null,
  });
  const [editing, setEditing] = useState<TRegCode | null>(null);
  const fieldText = useFieldText('settings.codes');
  const form = useContractForm<TCodeValues>({
    fields: CODE_FIELDS,
    defaultValues: { code: '', domain: '', memo: '' },
    validate: (values) => schemaCodes(ZRegCodeCreateRequest, values, CODE_FIELDS),
  });
  const list = useRegCodes();
  const refresh = () => void client.invalidateQueries({ queryKey: apiKey('regCodes.list') });
  const create = useApiMutation('regCodes.create', {
    input: (body: TCodeValues) => ({ body }),
    onSuccess: (answer, body) => {
      refresh();
      if (answer.status === 'success') {
        setMessage({ ok: t('settings.codes.created', { code: body.code.trim() }), error: null });
        form.reset();
      } else form.failField('code', 'taken');
    },
    onError: (error) => form.showServerErrors(error) || setMessage({ ok: null, error: failure(error) }),
  });
  const toggle = useApiMutation('regCodes.update', {
    input: (code: TRegCode) => ({ params: { code: code.code }, body: { enabled: !code.enabled } }),
    onSuccess: () => {
      refresh();
      setMessage({ ok: t('settings.saved'), error: null });
    },
    onError: (error) => setMessage({ ok: null, error: failure(error) }),
  });

  return (
    <Section title={t('settings.codes.title')} note={t('settings.codes.note')}>
      {list.isError && <Result ok={null} error={t(errorKey(list.error))} />}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('settings.codes.code')}</th>
              <th scope="col">{t('settings.codes.domain')}</th>
              <th scope="col">{t('settings.codes.memo')}</th>
              <th scope="col">{t('settings.codes.state')}</th>
              <th scope="col" className="num">
                {t('settings.codes.members')}
              </th>
              <th scope="col">{t('settings.codes.created_at')}</th>
              {canEdit && <th scope="col">{t('queue.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {list.data?.list.map((code) => (
              <tr key={code.code}>
                <td className="nowrap">
                  <strong>{code.code}</strong>
                </td>
                <td className="settings__domain">{code.domain || <span className="muted">—</span>}</td>
                <td className="reason">{code.memo}</td>
                <td>
                  <span className={code.enabled ? 'state state--already' : 'state state--cansel'}>
                    {code.enabled ? t('settings.enabled') : t('settings.disabled')}
                  </span>
                </td>
                <td className="num">{code.members}</td>
                <td className="nowrap">{formatDateTime(code.regDate)}</td>
                {canEdit && (
                  <td className="nowrap">
                    <button type="button" className="btn btn--small" onClick={() => setEditing(code)}>
                      {t('settings.edit')}
                    </button>{' '}
                    <button
                      type="button"
                      className="btn btn--small"
                      disabled={toggle.isPending}
                      onClick={() => toggle.mutate(code)}
                    >
                      {code.enabled ? t('settings.disable') : t('settings.enable')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
            {list.data && list.data.list.length === 0 && (
              <tr>
                <td colSpan={canEdit ? 7 : 6} className="empty">
                  {t('settings.codes.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {canEdit && (
        <Form
          form={form}
          className="settings__inline"
          aria-label={t('settings.codes.add')}
          onValid={(values) => {
            setMessage({ ok: null, error: null });
            create.mutate(values);
          }}
        >
          <Field label={t('settings.codes.code')} status={form.statusOf('code', fieldText('code'))}>
            {(aria) => (
              <input required maxLength={20} pattern="[A-Za-z0-9]+" {...aria} {...form.register('code')} />
            )}
          </Field>
          <Field
            className="field settings__grow"
            label={t('settings.codes.domain')}
            status={form.statusOf('domain', fieldText('domain'))}
          >
            {(aria) => (
              <input
                maxLength={REG_DOMAIN_MAX}
                placeholder="casino.example, m.casino.example"
                {...aria}
                {...form.register('domain')}
              />
            )}
          </Field>
          <Field
            className="field settings__grow"
            label={t('settings.codes.memo')}
            status={form.statusOf('memo', fieldText('memo'))}
          >
            {(aria) => <input maxLength={REG_MEMO_MAX} {...aria} {...form.register('memo')} />}
          </Field>
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            {t('settings.codes.add')}
          </button>
        </Form>
      )}
      <Result {...message} />
      {editing && <RegCodeDialog key={editing.code} code={editing} onClose={() => setEditing(null)} />}
    </Section>
  );
}

// --- cashier settings: every field of the contract ---

type TCashierKey = keyof TCashierSettings;
type TWindow = { from: string; to: string } | null;
/** The contract's fields in its order: amounts are numbers, lock windows `{from, to}` or null. */
const CASHIER_FIELDS = Object.keys(ZCashierSettings.shape) as TCashierKey[];
const WINDOW_FIELDS = new Set<string>(['depositLock', 'withdrawLock']);

function CashierSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ ok: string | null; error: string | null }>({
    ok: null,
    error: null,
  });
  const current = useCashierSettings();

  return (
    <Section
      title={t('settings.cashier.title')}
      note={canEdit ? t('settings.cashier.note') : t('settings.readOnly')}
    >
      {current.isError && <Result ok={null} error={t(errorKey(current.error))} />}
      {current.data && (
        <CashierForm
          key={JSON.stringify(current.data.settings)}
          stored={current.data.settings}
          canEdit={canEdit}
          onMessage={setMessage}
        />
      )}
      <Result {...message} />
    </Section>
  );
}

/** The cashier settings on the web kit's form layer: only the changed fields are sent, checked by the contract. */
function CashierForm({
  stored,
  canEdit,
  onMessage,
}: {
  stored: TCashierSettings;
  canEdit: boolean;
  onMessage: (message: { ok: string | null; error: string | null }) => void;
}) {
  const { t, i18n } = useTranslation();
  const failure = useFailureText('settings');
  const fieldText = useFieldText('settings.cashier');
  const changes = (values: TCashierSettings) =>
    Object.fromEntries(
      CASHIER_FIELDS.filter((k) => JSON.stringify(values[k]) !== JSON.stringify(stored[k])).map((k) => [
        k,
        values[k],
      ]),
    );
  const form = useContractForm<TCashierSettings>({
    fields: CASHIER_FIELDS,
    defaultValues: stored,
    validate: (values) => schemaCodes(ZCashierSettingsPatch, changes(values), CASHIER_FIELDS),
  });
  const values = form.watch();
  const dirty = Object.keys(changes(values)).length > 0;
  const save = useApiMutation('settings.updateCashier', {
    input: (body: Partial<TCashierSettings>) => ({ body }),
    sets: apiKey('settings.cashier'),
    onSuccess: () => {
      onMessage({ ok: t('settings.saved'), error: null });
    },
    onError: (error) => form.showServerErrors(error) || onMessage({ ok: null, error: failure(error) }),
  });
  const setWindow = (key: TCashierKey, window: TWindow) =>
    form.setValue(key, window as never, { shouldDirty: true });
  const label = (key: string) => t(`settings.cashier.${key}`, { defaultValue: key });

  return (
    <Form
      form={form}
      className="settings__grid"
      onValid={(valid) => {
        onMessage({ ok: null, error: null });
        save.mutate(changes(valid));
      }}
    >
      {CASHIER_FIELDS.map((key) => {
        const value = values[key];
        const status = form.statusOf(key, fieldText(key));
        if (WINDOW_FIELDS.has(key)) {
          const window = value as TWindow;
          return (
            <fieldset key={key} className="settings__window" disabled={!canEdit}>
              <legend>{label(key)}</legend>
              <label className="inline-field">
                <input
                  type="checkbox"
                  checked={window === null}
                  onChange={(e) => setWindow(key, e.target.checked ? null : { from: '00:00', to: '06:00' })}
                />
                <span>{t('settings.cashier.alwaysOpen')}</span>
              </label>
              {window && (
                <span className="inline-field">
                  <input
                    type="time"
                    aria-label={`${label(key)} ${t('settings.from')}`}
                    aria-invalid={status ? true : undefined}
                    value={window.from}
                    onChange={(e) => setWindow(key, { ...window, from: e.target.value })}
                  />
                  <span>~</span>
                  <input
                    type="time"
                    aria-label={`${label(key)} ${t('settings.to')}`}
                    value={window.to}
                    onChange={(e) => setWindow(key, { ...window, to: e.target.value })}
                  />
                  <span className="muted">{t('settings.zone', { zone: siteTimeZone() })}</span>
                </span>
              )}
              {status && <small className="field-error">{status.text}</small>}
            </fieldset>
          );
        }
        return (
          <Field key={key} label={label(key)} status={status}>
            {(aria) => (
              <>
                <input
                  type="number"
                  min={0}
                  step={1}
                  readOnly={!canEdit}
                  {...aria}
                  {...form.register(key, {
                    setValueAs: (v) => (v === '' ? 0 : Math.trunc(Number(v))),
                  })}
                />
                {typeof value === 'number' && (
                  <span className="muted">
                    {key === 'minConversion'
                      ? t('settings.cashier.points', { value: value.toLocaleString(i18n.language) })
                      : formatWon(value, i18n.language)}
                  </span>
                )}
              </>
            )}
          </Field>
        );
      })}
      {canEdit && (
        <div className="settings__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending || !dirty}>
            {t('settings.save')}
          </button>
          {dirty && (
            <button type="button" className="btn" onClick={() => form.reset(stored)}>
              {t('settings.reset')}
            </button>
          )}
        </div>
      )}
    </Form>
  );
}

// --- member levels ---

type TLevelRow = { level: number; name: string; members: number };
const LEVEL_FIELDS = ['names'] as const;

function LevelsSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ ok: string | null; error: string | null }>({
    ok: null,
    error: null,
  });
  const levels = useLevelNames();
  return (
    <Section title={t('settings.levels.title')} note={t('settings.levels.note')}>
      {levels.isError && <Result ok={null} error={t(errorKey(levels.error))} />}
      <LevelsForm
        key={JSON.stringify(levels.data?.levels ?? [])}
        levels={levels.data?.levels ?? []}
        canEdit={canEdit}
        onMessage={setMessage}
      />
      <Result {...message} />
    </Section>
  );
}

/** The level names on the web kit's form layer: only the changed names are sent, checked by the contract. */
function LevelsForm({
  levels,
  canEdit,
  onMessage,
}: {
  levels: readonly TLevelRow[];
  canEdit: boolean;
  onMessage: (message: { ok: string | null; error: string | null }) => void;
}) {
  const { t } = useTranslation();
  const failure = useFailureText('settings');
  const fieldText = useFieldText('settings.levels');
  const changes = (values: { names: string[] }): TMemberLevelsPatch['names'] =>
    Object.fromEntries(
      levels.flatMap((level, i) =>
        values.names[i] !== undefined && values.names[i] !== level.name
          ? [[String(level.level), values.names[i]]]
          : [],
      ),
    );
  const form = useContractForm<{ names: string[] }>({
    fields: LEVEL_FIELDS,
    defaultValues: { names: levels.map((level) => level.name) },
    validate: (values) => schemaCodes(ZMemberLevelsPatch, { names: changes(values) }, LEVEL_FIELDS),
  });
  const dirty = Object.keys(changes(form.watch()) ?? {}).length > 0;
  const save = useApiMutation('settings.updateLevels', {
    input: (names: TMemberLevelsPatch['names']) => ({ body: { names } }),
    sets: apiKey('settings.levels'),
    onSuccess: () => {
      onMessage({ ok: t('settings.saved'), error: null });
    },
    onError: (error) => form.showServerErrors(error) || onMessage({ ok: null, error: failure(error) }),
  });
  const status = form.statusOf('names', fieldText('names'));
  return (
    <Form
      form={form}
      onValid={(values) => {
        onMessage({ ok: null, error: null });
        save.mutate(changes(values));
      }}
    >
      <div className="table-wrap settings__levels">
        <table className="table">
          <thead>
            <tr>
              <th scope="col" className="num">
                {t('settings.levels.level')}
              </th>
              <th scope="col">{t('settings.levels.name')}</th>
              <th scope="col" className="num">
                {t('settings.levels.members')}
              </th>
            </tr>
          </thead>
          <tbody>
            {levels.map((level, i) => (
              <tr key={level.level}>
                <td className="num">{level.level}</td>
                <td>
                  {canEdit ? (
                    <input
                      aria-label={t('settings.levels.nameOf', { level: level.level })}
                      maxLength={LEVEL_NAME_MAX}
                      {...form.register(`names.${i}`)}
                    />
                  ) : (
                    level.name
                  )}
                </td>
                <td className="num">{level.members}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {status && (
        <p role="alert" className="field-error">
          {status.text}
        </p>
      )}
      {canEdit && (
        <div className="settings__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending || !dirty}>
            {t('settings.save')}
          </button>
        </div>
      )}
    </Form>
  );
}

// --- maintenance switch (owner) ---

function MaintenanceSection() {
  const { t } = useTranslation();
  const failure = useFailureText('settings');
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ ok: string | null; error: string | null }>({
    ok: null,
    error: null,
  });
  const [text, setText] = useState<{ ko: string; en: string } | null>(null);
  const current = useMaintenance();
  const stored = current.data?.maintenance;
  const storedMessage = stored?.message ?? '';
  const storedText =
    typeof storedMessage === 'string'
      ? { ko: storedMessage, en: '' }
      : { ko: storedMessage.ko ?? '', en: storedMessage.en ?? '' };
  const shown = text ?? storedText;
  const save = useApiMutation('settings.updateMaintenance', {
    input: (enabled: boolean) => {
      // The other locales' texts (jp, vn, cn) are kept as they are.
      const others = stored && typeof stored.message === 'object' ? stored.message : {};
      const message = Object.fromEntries(
        Object.entries({ ...others, ...shown }).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
      );
      return { body: { enabled, message } };
    },
    sets: apiKey('settings.maintenance'),
    onSuccess: () => {
      setConfirming(false);
      setText(null);
      setMessage({ ok: t('settings.saved'), error: null });
    },
    onError: (error) => setMessage({ ok: null, error: failure(error) }),
  });
  const on = stored?.enabled ?? false;
  return (
    <Section title={t('settings.maintenance.title')} note={t('settings.maintenance.note')}>
      {current.isError && <Result ok={null} error={t(errorKey(current.error))} />}
      {stored && (
        <>
          <div className="settings__row">
            <span className={`badge ${on ? 'badge--hot' : ''}`}>
              {on ? t('settings.maintenance.on') : t('settings.maintenance.off')}
            </span>
            {stored.until && (
              <span className="muted">
                {t('settings.maintenance.until', { time: formatDateTime(stored.until) })}
              </span>
            )}
          </div>
          <div className="settings__grid settings__grid--wide">
            <label className="field">
              <span>{t('settings.maintenance.messageKo')}</span>
              <textarea
                rows={2}
                maxLength={1000}
                value={shown.ko}
                onChange={(e) => setText({ ...shown, ko: e.target.value })}
              />
            </label>
            <label className="field">
              <span>{t('settings.maintenance.messageEn')}</span>
              <textarea
                rows={2}
                maxLength={1000}
                value={shown.en}
                onChange={(e) => setText({ ...shown, en: e.target.value })}
              />
            </label>
          </div>
          <div className="settings__actions">
            <button
              type="button"
              className={`btn ${on ? 'btn--primary' : 'btn--danger'}`}
              onClick={() => setConfirming(true)}
            >
              {on ? t('settings.maintenance.turnOff') : t('settings.maintenance.turnOn')}
            </button>
          </div>
        </>
      )}
      <Result {...message} />
      <Dialog
        open={confirming}
        onOpenChange={(open) => !save.isPending && setConfirming(open)}
        title={on ? t('settings.maintenance.confirmOffTitle') : t('settings.maintenance.confirmOnTitle')}
      >
        <p>{on ? t('settings.maintenance.confirmOff') : t('settings.maintenance.confirmOn')}</p>
        <div className="dialog__actions">
          <button
            type="button"
            className="btn"
            disabled={save.isPending}
            onClick={() => setConfirming(false)}
          >
            {t('queue.cancel')}
          </button>
          <button
            type="button"
            className={`btn ${on ? 'btn--primary' : 'btn--danger'}`}
            disabled={save.isPending}
            onClick={() => save.mutate(!on)}
          >
            {t('queue.confirm')}
          </button>
        </div>
      </Dialog>
    </Section>
  );
}

/**
 * The site's settings: member approval, registration codes, the cashier's limits and lock windows,
 * member level names and (owner) the maintenance switch. An operator without `settingsWrite`
 * (cashier) sees every value read-only; the server refuses its changes anyway (403).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const operator = useOperator().data;
  const permissions = operator?.permissions ?? [];
  const canEdit = permissions.includes('settingsWrite');
  return (
    <div className="settings">
      <div className="page-head">
        <h1 className="page-title">{t('settings.title')}</h1>
        {!canEdit && <span className="badge">{t('settings.readOnlyBadge')}</span>}
      </div>
      <ApprovalSection canEdit={canEdit} />
      <RegCodesSection canEdit={canEdit} />
      <CashierSection canEdit={canEdit} />
      <LevelsSection canEdit={canEdit} />
      {permissions.includes('maintenance') && <MaintenanceSection />}
    </div>
  );
}
