import { useState } from 'react';
import {} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  SITE_DOMAINS_MAX,
  ZSiteCreateRequest,
  ZSiteThemeInput,
  type TSite,
  type TSiteCreateRequest,
} from '@casino/contracts/backoffice-sites';
import { LOGO_URL_MAX, SITE_NAME_MAX } from '@casino/contracts/site-info';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { Dialog } from '../../app/dialog.tsx';
import { AskDeleteDialog, DeleteButton, useDeleteAfterAsking } from '../../components/ask-delete.tsx';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { FailureNotice, Notice } from '../../components/notice.tsx';
import { pageOf, UrlPager } from '../../components/pager.tsx';
import { api, apiKey, useApiWrite } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ImageUpload, useImageUpload } from '../../lib/image-upload.tsx';
import { useSites } from './queries.ts';
import './sites.css';

export const PAGE_SIZE = 20;
const SITES_KEY = apiKey('sites.list');

const FIELDS = ['name', 'domains', 'regCode', 'partnerId', 'primary', 'logoUrl'] as const;
type TField = (typeof FIELDS)[number];
type TValues = Record<TField, string>;

const EMPTY: TValues = { name: '', domains: '', regCode: '', partnerId: '', primary: '', logoUrl: '' };

function valuesOf(site: TSite): TValues {
  return {
    name: site.name,
    domains: site.domains.join(', '),
    regCode: site.regCode ?? '',
    partnerId: site.partnerId ?? '',
    primary: site.theme.primary ?? '',
    logoUrl: site.theme.logoUrl ?? '',
  };
}

/** The request of the form: empty fields are "none" (null), the theme's parts together. */
function bodyOf(values: TValues) {
  const or = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    name: values.name,
    domains: values.domains,
    regCode: or(values.regCode),
    partnerId: or(values.partnerId),
    theme: { primary: or(values.primary), logoUrl: or(values.logoUrl) },
  } satisfies TSiteCreateRequest;
}

/** The contract's codes of the form's fields (the theme's parts checked as their own fields). */
function validate(values: TValues): Partial<Record<TField, string>> {
  const body = bodyOf(values);
  return {
    ...schemaCodes(ZSiteCreateRequest, { ...body, theme: null }, FIELDS),
    ...schemaCodes(ZSiteThemeInput, body.theme, ['primary', 'logoUrl'] as const),
  };
}

/** A business answer's field and code on the form (`taken` domain, unknown code or partner). */
const FAILED_FIELD = {
  already: ['domains', 'taken'],
  cant_find_code: ['regCode', 'notFound'],
  not_found: ['partnerId', 'notFound'],
} as const;

/** The site's fields: used to create one and, in a dialog, to change one. */
function SiteForm({
  site,
  onDone,
  onCancel,
}: {
  site: TSite | null;
  onDone: (text: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const fieldText = useFieldText('sites');
  const failure = useFailureText('sites');
  const form = useContractForm<TValues>({
    fields: FIELDS,
    defaultValues: site ? valuesOf(site) : EMPTY,
    validate,
  });
  const primary = form.watch('primary');
  // A logo uploaded here lands in the media store; its address fills the logo field.
  const upload = useImageUpload({
    onUploaded: (url) => form.setValue('logoUrl', url, { shouldDirty: true }),
    onFailed: (text) => form.failForm(text),
  });
  const save = useApiWrite(
    (values: TValues) =>
      site
        ? api('sites.update', { params: { id: site.id }, body: bodyOf(values) })
        : api('sites.create', { body: bodyOf(values) }),
    {
      invalidates: [SITES_KEY],
      onSuccess: (answer, values) => {
        if (answer.status === 'success') {
          if (!site) form.reset(EMPTY);
          return onDone(t(site ? 'sites.saved' : 'sites.created', { name: values.name.trim() }));
        }
        if (answer.status === 'not_found' && site && !bodyOf(values).partnerId)
          return form.failForm(t('sites.gone'));
        const [field, code] = FAILED_FIELD[answer.status];
        form.failField(field, code);
      },
      onError: (error) => form.showServerErrors(error) || form.failForm(failure(error)),
    },
  );
  const status = (field: TField) => form.statusOf(field, fieldText(field));
  return (
    <Form
      form={form}
      className="sites__form"
      aria-label={t(site ? 'sites.editTitle' : 'sites.add', { name: site?.name ?? '' })}
      onValid={(values) => save.mutate(values)}
    >
      <Field label={t('sites.name')} status={status('name')}>
        {(aria) => <input maxLength={SITE_NAME_MAX} {...aria} {...form.register('name')} />}
      </Field>
      <Field className="field sites__wide" label={t('sites.domains')} status={status('domains')}>
        {(aria) => (
          <input
            placeholder="casino.example, m.casino.example"
            spellCheck={false}
            {...aria}
            {...form.register('domains')}
          />
        )}
      </Field>
      <p className="muted sites__wide">{t('sites.domainsHint', { max: SITE_DOMAINS_MAX })}</p>
      <Field label={t('sites.regCode')} status={status('regCode')}>
        {(aria) => <input maxLength={20} spellCheck={false} {...aria} {...form.register('regCode')} />}
      </Field>
      <Field label={t('sites.partner')} status={status('partnerId')}>
        {(aria) => <input maxLength={32} spellCheck={false} {...aria} {...form.register('partnerId')} />}
      </Field>
      <Field label={t('sites.primary')} status={status('primary')}>
        {(aria) => (
          <span className="sites__color">
            <input
              placeholder="#38bdf8"
              maxLength={7}
              spellCheck={false}
              {...aria}
              {...form.register('primary')}
            />
            <input
              type="color"
              aria-label={t('sites.pick')}
              value={/^#[0-9a-fA-F]{6}$/.test(primary) ? primary.toLowerCase() : '#f2c14e'}
              onChange={(event) => form.setValue('primary', event.target.value, { shouldDirty: true })}
            />
          </span>
        )}
      </Field>
      <Field label={t('sites.logoUrl')} status={status('logoUrl')}>
        {(aria) => (
          <input
            maxLength={LOGO_URL_MAX}
            placeholder="/media/… https://…"
            spellCheck={false}
            {...aria}
            {...form.register('logoUrl')}
          />
        )}
      </Field>
      <ImageUpload label={t('sites.uploadLogo')} upload={upload} disabled={save.isPending} />
      <FormMessage text={form.formMessage} />
      <div className="sites__actions sites__wide">
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel} disabled={save.isPending}>
            {t('queue.cancel')}
          </button>
        )}
        <button type="submit" className="btn btn--primary" disabled={save.isPending || upload.isPending}>
          {t(site ? 'sites.save' : 'sites.add')}
        </button>
      </div>
    </Form>
  );
}

/** A colour as a swatch with its code, or the portal's own. */
function Swatch({ color }: { color: string | null }) {
  const { t } = useTranslation();
  if (!color) return <span className="muted">{t('sites.ownLook')}</span>;
  return (
    <span className="sites__swatch">
      <span className="sites__chip" style={{ background: color }} aria-hidden="true" />
      <code>{color}</code>
    </span>
  );
}

/** Sites (owner): the domains that each show their own name, colour, logo and registration code. */
export function SitesPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [editing, setEditing] = useState<TSite | null>(null);
  const list = useSites({ page: pageOf(search), pageSize: PAGE_SIZE });
  const failure = useFailureText('sites');

  const remove = useDeleteAfterAsking('sites.delete', {
    input: (site: TSite) => ({ params: { id: site.id } }),
    invalidates: [SITES_KEY],
    onDeleted: (site) => setMessage({ tone: 'ok', text: t('sites.deleted', { name: site.name }) }),
    onError: (error) => setMessage({ tone: 'error', text: failure(error) }),
  });

  const columns: TColumn<TSite>[] = [
    { key: 'name', header: t('sites.name'), cell: (site) => <strong>{site.name}</strong> },
    {
      key: 'domains',
      header: t('sites.domains'),
      cell: (site) => (
        <ul className="sites__domains">
          {site.domains.map((domain) => (
            <li key={domain}>
              <a href={`//${domain}/`} target="_blank" rel="noreferrer">
                {domain}
              </a>
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'primary', header: t('sites.primary'), cell: (site) => <Swatch color={site.theme.primary} /> },
    {
      key: 'logo',
      header: t('sites.logo'),
      cell: (site) =>
        site.theme.logoUrl ? (
          <img
            className="sites__logo"
            src={site.theme.logoUrl}
            alt={t('sites.logoOf', { name: site.name })}
          />
        ) : (
          <span className="muted">{t('sites.ownLook')}</span>
        ),
    },
    { key: 'regCode', header: t('sites.regCode'), cell: (site) => site.regCode ?? '—' },
    { key: 'partner', header: t('sites.partner'), cell: (site) => site.partnerId ?? '—' },
    {
      key: 'updated',
      header: t('sites.updated'),
      className: 'nowrap',
      headerClassName: '',
      cell: (site) => formatDateTime(site.updatedAt),
    },
    {
      key: 'actions',
      header: t('queue.actions'),
      className: 'nowrap',
      headerClassName: '',
      cell: (site) => (
        <>
          <button type="button" className="btn btn--small" onClick={() => setEditing(site)}>
            {t('sites.edit')}
          </button>{' '}
          <DeleteButton label={t('sites.delete')} onClick={() => remove.ask(site)} />
        </>
      ),
    },
  ];

  return (
    <section className="sites">
      <div className="page-head">
        <h1 className="page-title">{t('sites.title')}</h1>
        {list.data && <span className="muted">{t('sites.count', { count: list.data.maxCount })}</span>}
      </div>
      <p className="muted">{t('sites.lead', { name: list.data?.default.name ?? '' })}</p>
      <Notice tone={message?.tone} text={message?.text} />
      <FailureNotice error={list.error} />
      <DataTable
        columns={columns}
        rows={list.data?.list}
        rowKey={(site) => site.id}
        empty={t('sites.empty')}
      />
      <UrlPager count={list.data?.maxCount} size={PAGE_SIZE} />

      <section className="box" aria-labelledby="sites-new">
        <h2 id="sites-new" className="sites__heading">
          {t('sites.newTitle')}
        </h2>
        <SiteForm site={null} onDone={(text) => setMessage({ tone: 'ok', text })} />
      </section>

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t('sites.editTitle', { name: editing?.name ?? '' })}
      >
        {editing && (
          <SiteForm
            key={editing.id}
            site={editing}
            onCancel={() => setEditing(null)}
            onDone={(text) => {
              setEditing(null);
              setMessage({ tone: 'ok', text });
            }}
          />
        )}
      </Dialog>

      <AskDeleteDialog
        {...remove.dialog}
        title={t('sites.askDelete', { name: remove.asking?.name ?? '' })}
        confirmLabel={t('sites.delete')}
      >
        <p>{t('sites.askDeleteBody', { name: list.data?.default.name ?? '' })}</p>
      </AskDeleteDialog>
    </section>
  );
}
