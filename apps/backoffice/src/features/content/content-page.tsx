import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import { useSearchParams } from 'react-router';
import {
  ZBackofficeNoticeRequest,
  ZBackofficePopupRequest,
  type TBackofficeNotice,
  type TBackofficePopup,
} from '@casino/contracts/backoffice-content';
import { hasVisibleContent } from '@casino/contracts/sanitize-html';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { Form } from '@casino/web-kit/form.tsx';
import { pageOf, pageCount, Pager } from '../../components/pager.tsx';
import { Field, FormMessage, useFieldText } from '../../components/field.tsx';
import { api, apiKey, errorKey, useApiMutation, useApiWrite } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { LazyRichTextEditor } from '../../lib/html/lazy-rich-text-editor.tsx';
import { SafeHtml } from '../../lib/html/safe-html.tsx';
import { useEditorLabels } from '../../lib/html/editor-labels.ts';
import { ColorField, DomainField, domainsText } from './fields.tsx';
import { HEX_COLOR } from './popup-geometry.ts';
import { PopupPreview } from './popup-preview.tsx';
import { DeleteDialog, ItemActions, OnOffButton } from './item-actions.tsx';
import './content.css';
import { useContentList } from './queries.ts';
import { Notice, FailureNotice } from '../../components/notice.tsx';

export const PAGE_SIZE = 20;
type Kind = 'notices' | 'popups';
type Item = TBackofficeNotice | Partial<TBackofficePopup>;

interface Draft {
  id: number | null;
  title: string;
  contents: string;
  domain: string;
  isActive: boolean;
  titleColor: string;
  posX: number;
  posY: number;
  sortOrder: number;
}

const EMPTY: Draft = {
  id: null,
  title: '',
  contents: '',
  domain: '',
  isActive: true,
  titleColor: '#ffffff',
  posX: 40,
  posY: 120,
  sortOrder: 0,
};

function draftOf(item: TBackofficeNotice | TBackofficePopup): Draft {
  return { ...EMPTY, ...item, id: item.id };
}

const CONTENT_FIELDS = [
  'title',
  'domain',
  'isActive',
  'titleColor',
  'posX',
  'posY',
  'sortOrder',
  'contents',
] as const;
type TContentValues = Omit<Draft, 'id'>;

/** A whole number from a number input (0 when empty), within `min`. */
const wholeNumber = (min: number) => (value: unknown) => Math.max(min, Math.trunc(Number(value) || 0));

/**
 * A notice's or popup's create or edit form on the web kit's form layer: the contract's request
 * schema and the server's rules (a title, contents that show something, a `#rrggbb` colour), each
 * error at its field.
 */
function ContentForm({
  kind,
  draft,
  onCancel,
  onDone,
}: {
  kind: Kind;
  draft: Draft;
  onCancel: () => void;
  /** The saved item's message, or `gone` when it was deleted meanwhile. */
  onDone: (outcome: string) => void;
}) {
  const { t } = useTranslation();
  const labels = useEditorLabels();
  const fieldText = useFieldText('content.form');
  const isPopup = kind === 'popups';
  const bodyOf = (d: TContentValues) => ({
    title: d.title.trim(),
    contents: d.contents,
    domain: d.domain.trim(),
    isActive: d.isActive,
    ...(isPopup ? { titleColor: d.titleColor, posX: d.posX, posY: d.posY, sortOrder: d.sortOrder } : {}),
  });
  const form = useContractForm<TContentValues>({
    fields: CONTENT_FIELDS,
    defaultValues: draft,
    validate: (values) => {
      const codes = schemaCodes(
        isPopup ? ZBackofficePopupRequest : ZBackofficeNoticeRequest,
        bodyOf(values),
        CONTENT_FIELDS,
      );
      if (!values.title.trim()) codes.title = 'required';
      if (!hasVisibleContent(values.contents)) codes.contents = 'required';
      if (isPopup && !HEX_COLOR.test(values.titleColor)) codes.titleColor = 'pattern';
      return codes;
    },
  });
  const values = form.watch();
  const set = <K extends keyof TContentValues>(field: K, value: TContentValues[K]) => {
    form.setValue(field, value as never);
    form.clearErrors(field);
  };
  const statusOf = (field: (typeof CONTENT_FIELDS)[number]) => form.statusOf(field, fieldText(field));
  const contentsStatus = statusOf('contents');
  const save = useApiWrite(
    async (body: ReturnType<typeof bodyOf>) => {
      if (draft.id === null) return api(`${kind}.create`, { body });
      return api(`${kind}.update`, { params: { id: draft.id }, body });
    },
    {
      onSuccess: (answer, body) =>
        onDone(
          answer.status === 'not_found'
            ? 'gone'
            : t(draft.id === null ? 'content.created' : 'content.saved', { title: body.title }),
        ),
      onError: (error) => form.showServerErrors(error) || form.failForm(t(errorKey(error))),
    },
  );

  return (
    <Form
      form={form}
      className="ct-form"
      aria-label={t(draft.id === null ? `content.${kind}.new` : 'content.editing', { id: draft.id })}
      onValid={(valid) => save.mutate(bodyOf(valid))}
    >
      <div className="ct-form__fields">
        <Field label={t('content.field.title')} status={statusOf('title')}>
          {(aria) => <input maxLength={100} required {...aria} {...form.register('title')} />}
        </Field>
        <DomainField
          value={values.domain}
          onChange={(domain) => set('domain', domain)}
          error={statusOf('domain')?.text ?? null}
        />
        <label className="ct-check">
          <input type="checkbox" {...form.register('isActive')} />
          {t('content.field.active')}
        </label>
        {isPopup && (
          <div className="ct-row">
            <ColorField value={values.titleColor} onChange={(titleColor) => set('titleColor', titleColor)} />
            {(['posX', 'posY'] as const).map((axis) => (
              <Field
                key={axis}
                className="field ct-num"
                label={t(`content.field.${axis}`)}
                status={statusOf(axis)}
              >
                {(aria) => (
                  <input
                    type="number"
                    min={0}
                    max={4000}
                    {...aria}
                    {...form.register(axis, { setValueAs: wholeNumber(0) })}
                  />
                )}
              </Field>
            ))}
            <Field
              className="field ct-num"
              label={t('content.field.sortOrder')}
              status={statusOf('sortOrder')}
            >
              {(aria) => (
                <input
                  type="number"
                  min={-1_000_000}
                  max={1_000_000}
                  {...aria}
                  {...form.register('sortOrder', { setValueAs: wholeNumber(-1_000_000) })}
                />
              )}
            </Field>
          </div>
        )}
        <div className="field">
          <span>{t('content.field.contents')}</span>
          <LazyRichTextEditor
            value={values.contents}
            onChange={(contents) => set('contents', contents)}
            label={t('content.field.contents')}
            labels={labels}
            loading={t('editor.loading')}
          />
          {contentsStatus && (
            <small role="alert" className="field-error">
              {contentsStatus.text}
            </small>
          )}
        </div>
        <FormMessage text={form.formMessage} />
        <div className="ct-form__actions">
          <button type="button" className="btn" disabled={save.isPending} onClick={onCancel}>
            {t('queue.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {t('content.save')}
          </button>
        </div>
      </div>
      <div className="ct-form__preview">
        <h2 className="ct-sub">{t('content.preview')}</h2>
        {isPopup ? (
          <>
            <p className="muted ct-hint">{t('content.popup.dragHint')}</p>
            <PopupPreview
              title={values.title}
              titleColor={values.titleColor}
              contents={values.contents}
              position={{ x: values.posX, y: values.posY }}
              onMove={(p) => {
                form.setValue('posX', p.x);
                form.setValue('posY', p.y);
              }}
            />
          </>
        ) : (
          <article className="ct-notice-preview">
            <h3>{values.title}</h3>
            <SafeHtml html={values.contents} />
          </article>
        )}
      </div>
    </Form>
  );
}

/**
 * Notices or popups: the list (popups in the members' order), a form to create and edit (title,
 * rich text, domains, on or off; popups also their title colour, position by dragging a live
 * preview, and order), delete after a confirmation.
 */
export function ContentPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search);
  const list = useContentList(kind, { page, pageSize: PAGE_SIZE });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<Item | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'warn' | 'error'; text: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const isPopup = kind === 'popups';

  const done = (text: string) => {
    setMessage({ tone: 'ok', text });
    void client.invalidateQueries({ queryKey: apiKey(`${kind}.list`) });
  };

  const toggle = useApiMutation(`${kind}.update`, {
    input: (item: { id: number; isActive: boolean }) => ({
      params: { id: item.id },
      body: { isActive: !item.isActive },
    }),
    invalidates: [apiKey(`${kind}.list`)],
    onError: (error) => setMessage({ tone: 'error', text: t(errorKey(error)) }),
  });

  const remove = useApiMutation(`${kind}.delete`, {
    input: (id: number) => ({ params: { id } }),
    onSuccess: () => {
      setRemoving(null);
      done(t('content.deleted'));
    },
    onError: (error) => setFormError(t(errorKey(error))),
  });

  const data = list.data;
  const pages = pageCount(data?.maxCount, PAGE_SIZE);
  const every = t('content.field.everyDomainShort');

  type TRow = TBackofficeNotice | TBackofficePopup;
  const popupOf = (item: TRow) => item as TBackofficePopup;
  const columns: TColumn<TRow>[] = [
    { key: 'id', header: t('queue.id'), className: 'num', cell: (item) => item.id },
    ...(isPopup
      ? [
          {
            key: 'order',
            header: t('content.field.sortOrder'),
            className: 'num',
            cell: (item: TRow) => popupOf(item).sortOrder,
          },
        ]
      : []),
    {
      key: 'title',
      header: t('content.field.title'),
      className: 'ct-title-cell',
      headerClassName: '',
      cell: (item) => (
        <>
          {isPopup && (
            <span className="ct-swatch" style={{ background: popupOf(item).titleColor }} aria-hidden="true" />
          )}
          {item.title}
        </>
      ),
    },
    {
      key: 'domains',
      header: t('content.col.domains'),
      className: 'ct-domains',
      headerClassName: '',
      cell: (item) => domainsText(item.domain, every),
    },
    ...(isPopup
      ? [
          {
            key: 'position',
            header: t('content.col.position'),
            className: 'nowrap',
            headerClassName: '',
            cell: (item: TRow) => `${popupOf(item).posX}, ${popupOf(item).posY}`,
          },
        ]
      : []),
    {
      key: 'active',
      header: t('content.col.active'),
      className: 'nowrap',
      headerClassName: '',
      cell: (item) => (
        <OnOffButton on={item.isActive} disabled={toggle.isPending} onToggle={() => toggle.mutate(item)} />
      ),
    },
    {
      key: 'updated',
      header: t('content.col.updated'),
      className: 'nowrap',
      headerClassName: '',
      cell: (item) => formatDateTime(item.lastDate),
    },
    {
      key: 'by',
      header: t('content.col.by'),
      className: 'nowrap',
      headerClassName: '',
      cell: (item) => item.operatorId ?? '',
    },
    {
      key: 'actions',
      header: t('queue.actions'),
      className: 'nowrap',
      headerClassName: '',
      cell: (item) => (
        <ItemActions
          onEdit={() => {
            setFormError(null);
            setMessage(null);
            setDraft(draftOf(item));
          }}
          onDelete={() => {
            setFormError(null);
            setRemoving(item);
          }}
        />
      ),
    },
  ];

  return (
    <section>
      <div className="page-head">
        <h1 className="page-title">{t(`content.${kind}.title`)}</h1>
        {data && <span className="muted">{t('queue.total', { count: data.maxCount })}</span>}
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            setFormError(null);
            setMessage(null);
            setDraft({ ...EMPTY });
          }}
        >
          {t(`content.${kind}.new`)}
        </button>
      </div>
      <Notice tone={message?.tone} text={message?.text} />
      <FailureNotice error={list.error} />
      {draft && (
        <ContentForm
          key={draft.id ?? 'new'}
          kind={kind}
          draft={draft}
          onCancel={() => setDraft(null)}
          onDone={(outcome) => {
            setDraft(null);
            if (outcome === 'gone') setMessage({ tone: 'warn', text: t('content.gone') });
            else done(outcome);
          }}
        />
      )}
      <DataTable columns={columns} rows={data?.list} rowKey={(item) => item.id} empty={t('content.empty')} />
      <Pager page={page} pages={pages} onPage={(next) => setSearch({ page: String(next) })} />
      <DeleteDialog
        title={removing ? (removing.title ?? '') : null}
        pending={remove.isPending}
        error={formError}
        onCancel={() => setRemoving(null)}
        onDelete={() => removing?.id && remove.mutate(removing.id)}
      />
    </section>
  );
}
