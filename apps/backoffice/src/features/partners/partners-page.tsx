import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PARTNER_RATE_MAX,
  PARTNER_RATE_NAMES,
  ZPartnerCreateRequest,
  ZPartnerRates,
  type TPartner,
  type TPartnerRateName,
  type TPartnerRates,
} from '@casino/contracts/backoffice-partners';
import { OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN } from '@casino/contracts/backoffice-operators';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { Form } from '@casino/web-kit/form.tsx';
import { Dialog } from '../../app/dialog.tsx';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { FailureNotice, Notice } from '../../components/notice.tsx';
import { apiKey, isApiError, useApiMutation } from '../../lib/api.ts';
import { Rates, SummaryFigures, useWon } from './figures.tsx';
import { usePartners, useSelfPartner } from './queries.ts';
import './partners.css';

const PARTNERS_KEY = apiKey('partners.list');
/** The tree is read in one page: partners are hundreds, not millions. */
const TREE_PAGE = { page: 1, pageSize: 100 } as const;

type TRateValues = Record<TPartnerRateName, string>;

function ratesOf(values: TRateValues): TPartnerRates {
  const n = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  return { casino: n(values.casino), slot: n(values.slot), mini: n(values.mini), losing: n(values.losing) };
}

/** A server's 400 on `rates.<name>` (above the parent's rate, or below a child's) on its field. */
function showRateErrors(error: unknown, fail: (field: TPartnerRateName, code: string) => void): boolean {
  if (!isApiError(error) || error.status !== 'invalid') return false;
  let shown = false;
  for (const { path, code } of error.errors) {
    const name = path.replace(/^rates\./, '') as TPartnerRateName;
    if (PARTNER_RATE_NAMES.includes(name)) {
      fail(name, code);
      shown = true;
    }
  }
  return shown;
}

/** The four rate inputs of a form (basis points, 0..10000). */
function RateFields<V extends TRateValues>({ form }: { form: ReturnType<typeof useContractForm<V>> }) {
  const { t } = useTranslation();
  const fieldText = useFieldText('partners');
  return (
    <fieldset className="partners__rate-fields">
      <legend>{t('partners.ratesLegend')}</legend>
      {PARTNER_RATE_NAMES.map((name) => (
        <Field
          key={name}
          label={t(`partners.rate.${name}`)}
          status={form.statusOf(name as never, fieldText('rate'))}
        >
          {(aria) => (
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={PARTNER_RATE_MAX}
              step={1}
              {...aria}
              {...form.register(name as never)}
            />
          )}
        </Field>
      ))}
    </fieldset>
  );
}

const CREATE_FIELDS = ['partnerId', 'password', 'name', 'parentId', ...PARTNER_RATE_NAMES] as const;
type TCreateValues = { partnerId: string; password: string; name: string; parentId: string } & TRateValues;

function createBody(values: TCreateValues) {
  return {
    partnerId: values.partnerId.trim(),
    password: values.password,
    name: values.name,
    parentId: values.parentId === '' ? null : values.parentId,
    rates: ratesOf(values),
  };
}

/** A new partner under the house (owner) or under the signed-in partner or one of its subtree. */
function CreatePartnerForm({
  partners,
  onCreated,
}: {
  partners: TPartner[];
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { isPartner, partnerId: self } = useSelfPartner();
  const fieldText = useFieldText('partners');
  const failure = useFailureText('partners');
  const form = useContractForm<TCreateValues>({
    fields: CREATE_FIELDS,
    defaultValues: {
      partnerId: '',
      password: '',
      name: '',
      parentId: self ?? '',
      casino: '0',
      slot: '0',
      mini: '0',
      losing: '0',
    },
    validate: (values) => {
      const body = createBody(values);
      return {
        ...schemaCodes(ZPartnerCreateRequest, { ...body, rates: undefined }, CREATE_FIELDS),
        ...schemaCodes(ZPartnerRates, body.rates, PARTNER_RATE_NAMES),
      };
    },
  });
  const create = useApiMutation('partners.create', {
    input: (values: TCreateValues) => ({ body: createBody(values) }),
    invalidates: [PARTNERS_KEY],
    onSuccess: (answer, values) => {
      if (answer.status === 'already') return form.failField('partnerId', 'taken');
      if (answer.status === 'not_found') return form.failField('parentId', 'notFound');
      form.reset({ ...values, partnerId: '', password: '', name: '' });
      onCreated(values.partnerId.trim());
    },
    onError: (error) =>
      showRateErrors(error, (field, code) => form.failField(field, code)) ||
      form.showServerErrors(error) ||
      form.failForm(failure(error)),
  });
  const status = (field: (typeof CREATE_FIELDS)[number]) => form.statusOf(field, fieldText(field));
  return (
    <Form
      form={form}
      className="partners__form"
      aria-label={t('partners.create.title')}
      onValid={(values) => create.mutate(values)}
    >
      <Field label={t('partners.id')} status={status('partnerId')}>
        {(aria) => <input autoComplete="off" maxLength={32} {...aria} {...form.register('partnerId')} />}
      </Field>
      <Field label={t('partners.name')} status={status('name')}>
        {(aria) => <input maxLength={50} {...aria} {...form.register('name')} />}
      </Field>
      <Field label={t('partners.create.password')} status={status('password')}>
        {(aria) => (
          <input
            type="password"
            autoComplete="new-password"
            maxLength={OPERATOR_PASSWORD_MAX}
            {...aria}
            {...form.register('password')}
          />
        )}
      </Field>
      <Field label={t('partners.parent')} status={status('parentId')}>
        {(aria) => (
          <select {...aria} {...form.register('parentId')}>
            {!isPartner && <option value="">{t('partners.house')}</option>}
            {self && !partners.some((p) => p.partnerId === self) && (
              <option value={self}>{t('partners.myself', { id: self })}</option>
            )}
            {partners.map((p) => (
              <option key={p.partnerId} value={p.partnerId}>
                {`${'· '.repeat(Math.max(0, p.depth - 1))}${p.name} (${p.partnerId})`}
              </option>
            ))}
          </select>
        )}
      </Field>
      <RateFields form={form} />
      <p className="muted partners__wide">
        {t('partners.create.hint', { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX })}
      </p>
      <FormMessage text={form.formMessage} />
      <div className="partners__actions partners__wide">
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {t('partners.create.submit')}
        </button>
      </div>
    </Form>
  );
}

/** Changes a partner's rates (the owner, or an ancestor of that partner). */
function RatesDialog({ partner, onClose }: { partner: TPartner; onClose: (text?: string) => void }) {
  const { t } = useTranslation();
  const failure = useFailureText('partners');
  const form = useContractForm<TRateValues>({
    fields: PARTNER_RATE_NAMES,
    defaultValues: {
      casino: String(partner.rates.casino),
      slot: String(partner.rates.slot),
      mini: String(partner.rates.mini),
      losing: String(partner.rates.losing),
    },
    validate: (values) => schemaCodes(ZPartnerRates, ratesOf(values), PARTNER_RATE_NAMES),
  });
  const save = useApiMutation('partners.patch', {
    input: (values: TRateValues) => ({
      params: { partnerId: partner.partnerId },
      body: { rates: ratesOf(values) },
    }),
    invalidates: [PARTNERS_KEY],
    onSuccess: (answer) => {
      if (answer.status === 'success') onClose(t('partners.ratesSaved', { id: partner.partnerId }));
      else form.failForm(t('partners.gone'));
    },
    onError: (error) =>
      showRateErrors(error, (field, code) => form.failField(field, code)) || form.failForm(failure(error)),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title={t('partners.ratesTitle', { name: partner.name, id: partner.partnerId })}
    >
      <Form form={form} onValid={(values) => save.mutate(values)}>
        <RateFields form={form} />
        <p className="muted">{t('partners.ratesHint')}</p>
        <FormMessage text={form.formMessage} />
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={() => onClose()} disabled={save.isPending}>
            {t('queue.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {t('partners.saveRates')}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

/** A partner's subtree figures, from the tree's own answer (`figures=true`: one read for every row). */
function NodeFigures({ partner }: { partner: TPartner }) {
  const { t } = useTranslation();
  if (!partner.figures) return <p className="muted">{t('partners.noFigures')}</p>;
  return <SummaryFigures summary={partner.figures} />;
}

/** Today's stakes and GGR of a partner's subtree, in its row. */
function TodayLine({ partner }: { partner: TPartner }) {
  const { t } = useTranslation();
  const won = useWon();
  if (!partner.figures) return null;
  const { stakes, ggr } = partner.figures.today;
  return (
    <span className="muted partners__today">
      {t('partners.todayLine', { stakes: won(stakes), ggr: won(ggr) })}
    </span>
  );
}

function TreeNode({
  partner,
  childrenOf,
  self,
  onRates,
  onToggle,
}: {
  partner: TPartner;
  childrenOf: Map<string | null, TPartner[]>;
  self: string | null;
  onRates: (partner: TPartner) => void;
  onToggle: (partner: TPartner) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const children = childrenOf.get(partner.partnerId) ?? [];
  const mayChange = partner.partnerId !== self;
  return (
    <li className="partners__node">
      <div className={`partners__row${partner.enabled ? '' : ' partners__row--off'}`}>
        <span className="partners__who">
          <strong>{partner.name}</strong> <code>{partner.partnerId}</code>
          {!partner.enabled && <span className="badge">{t('partners.disabled')}</span>}
        </span>
        <Rates rates={partner.rates} />
        <span className="muted">{t('partners.membersCount', { count: partner.members })}</span>
        <TodayLine partner={partner} />
        <span className="partners__buttons">
          <button
            type="button"
            className="btn btn--small"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            {t(open ? 'partners.hideFigures' : 'partners.figures')}
          </button>
          {mayChange && (
            <>
              <button type="button" className="btn btn--small" onClick={() => onRates(partner)}>
                {t('partners.editRates')}
              </button>
              <button type="button" className="btn btn--small" onClick={() => onToggle(partner)}>
                {t(partner.enabled ? 'partners.disable' : 'partners.enable')}
              </button>
            </>
          )}
        </span>
      </div>
      {open && (
        <div className="partners__detail">
          <NodeFigures partner={partner} />
        </div>
      )}
      {children.length > 0 && (
        <ul className="partners__tree">
          {children.map((child) => (
            <TreeNode
              key={child.partnerId}
              partner={child}
              childrenOf={childrenOf}
              self={self}
              onRates={onRates}
              onToggle={onToggle}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The partner tree (owner: every partner under the house; a partner: its own subtree), each with
 * its rates, members and, opened, its figures; rates and the on/off switch for the owner and a
 * partner's ancestors; a form to add a partner.
 */
export function PartnersPage() {
  const { t } = useTranslation();
  const { partnerId: self } = useSelfPartner();
  const failure = useFailureText('partners');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [editing, setEditing] = useState<TPartner | null>(null);
  // The tree with each row's figures in one read (not one request per row).
  const list = usePartners({ ...TREE_PAGE, figures: 'true' });
  const partners = list.data?.list ?? [];
  const ids = new Set(partners.map((p) => p.partnerId));
  const childrenOf = new Map<string | null, TPartner[]>();
  for (const p of partners) {
    const parent = p.parentId !== null && ids.has(p.parentId) ? p.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), p]);
  }
  const toggle = useApiMutation('partners.patch', {
    input: (partner: TPartner) => ({
      params: { partnerId: partner.partnerId },
      body: { enabled: !partner.enabled },
    }),
    invalidates: [PARTNERS_KEY],
    onSuccess: (answer, partner) => {
      setMessage(
        answer.status === 'success'
          ? {
              tone: 'ok',
              text: t(partner.enabled ? 'partners.disabledDone' : 'partners.enabledDone', {
                id: partner.partnerId,
              }),
            }
          : { tone: 'error', text: t('partners.gone') },
      );
    },
    onError: (error) => setMessage({ tone: 'error', text: failure(error) }),
  });
  const roots = childrenOf.get(null) ?? [];
  return (
    <section className="partners">
      <div className="page-head">
        <h1 className="page-title">{t(self ? 'partners.mineTitle' : 'partners.title')}</h1>
        {list.data && <span className="muted">{t('partners.count', { count: list.data.maxCount })}</span>}
      </div>
      <Notice tone={message?.tone} text={message?.text} />
      <FailureNotice error={list.error} />
      {list.data && roots.length === 0 && <p className="muted">{t('partners.empty')}</p>}
      {list.data && list.data.maxCount > partners.length && (
        <p className="notice notice--warn">{t('partners.more', { shown: partners.length })}</p>
      )}
      <ul className="partners__tree partners__tree--root" aria-label={t('partners.treeLabel')}>
        {roots.map((p) => (
          <TreeNode
            key={p.partnerId}
            partner={p}
            childrenOf={childrenOf}
            self={self}
            onRates={setEditing}
            onToggle={(partner) => toggle.mutate(partner)}
          />
        ))}
      </ul>
      <section className="box" aria-labelledby="partners-new">
        <h2 id="partners-new" className="partners__heading">
          {t('partners.create.title')}
        </h2>
        <CreatePartnerForm
          partners={partners}
          onCreated={(id) => setMessage({ tone: 'ok', text: t('partners.create.done', { id }) })}
        />
      </section>
      {editing && (
        <RatesDialog
          key={editing.partnerId}
          partner={editing}
          onClose={(text) => {
            setEditing(null);
            if (text) setMessage({ tone: 'ok', text });
          }}
        />
      )}
    </section>
  );
}
