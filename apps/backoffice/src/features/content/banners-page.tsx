import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import {
  ZBannerWriteRequest,
  type TBackofficeBanner,
  type TBannerWriteRequest,
} from '@casino/contracts/banners';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { Form } from '@casino/web-kit/form.tsx';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { api, apiKey, errorKey, useApiMutation, useApiWrite } from '../../lib/api.ts';
import { ImageUpload, useImageUpload } from '../../lib/image-upload.tsx';
import { DomainField, domainsText } from './fields.tsx';
import { DeleteDialog, ItemActions, OnOffButton } from './item-actions.tsx';
import './content.css';
import { useBanners } from './queries.ts';
import { Notice } from '../../components/notice.tsx';

interface Draft {
  id: number | null;
  title: string;
  imgUrl: string;
  link: string;
  order: number;
  active: boolean;
  domain: string;
}

const EMPTY: Draft = { id: null, title: '', imgUrl: '', link: '', order: 0, active: true, domain: '' };

/** A small version of an uploaded image (`/media/<key>.<ext>?w=`); other pictures as they are. */
export function thumbnail(url: string, width: number): string {
  return url.startsWith('/media/') ? `${url}?w=${width}` : url;
}

const BANNER_FIELDS = ['title', 'imgUrl', 'link', 'order', 'active', 'domain'] as const;
type TBannerValues = Omit<Draft, 'id' | 'order'> & { order: string };

/** The request of the banner form's values, trimmed as the server stores them. */
function bannerBody(values: TBannerValues) {
  return {
    title: values.title.trim(),
    imgUrl: values.imgUrl.trim(),
    link: values.link.trim() || null,
    order: Math.max(0, Math.trunc(Number(values.order) || 0)),
    active: values.active,
    domain: values.domain.trim(),
  };
}

/** A banner's create or edit form, on the web kit's form layer: the contract's write request. */
function BannerForm({
  draft,
  onCancel,
  onSaved,
}: {
  draft: Draft;
  onCancel: () => void;
  onSaved: (saved: Draft) => void;
}) {
  const { t } = useTranslation();
  const fieldText = useFieldText('content.banners');
  const form = useContractForm<TBannerValues>({
    fields: BANNER_FIELDS,
    defaultValues: { ...draft, order: String(draft.order) },
    validate: (values) => schemaCodes(ZBannerWriteRequest, bannerBody(values), BANNER_FIELDS),
  });
  const [title, imgUrl, domain] = form.watch(['title', 'imgUrl', 'domain']);
  const upload = useImageUpload({
    onUploaded: (url) => form.setValue('imgUrl', url),
    onFailed: (text) => form.failForm(text),
  });
  const save = useApiWrite(
    (body: TBannerWriteRequest) =>
      draft.id === null
        ? api('banners.create', { body })
        : api('banners.replace', { params: { id: draft.id }, body }),
    {
      onSuccess: (_answer, body) => onSaved({ ...draft, ...body, link: body.link ?? '' }),
      onError: (e) => form.showServerErrors(e) || form.failForm(t(errorKey(e))),
    },
  );
  const statusOf = (field: (typeof BANNER_FIELDS)[number]) => form.statusOf(field, fieldText(field));

  return (
    <Form
      form={form}
      className="ct-form"
      aria-label={t('content.banners.new')}
      onValid={(values) => save.mutate(bannerBody(values))}
    >
      <div className="ct-form__fields">
        <Field label={t('content.field.title')} status={statusOf('title')}>
          {(aria) => <input maxLength={100} {...aria} {...form.register('title')} />}
        </Field>
        <ImageUpload
          label={t('content.banners.upload')}
          upload={upload}
          onStart={() => form.clearErrors('root')}
        />
        <Field label={t('content.banners.imgUrl')} status={statusOf('imgUrl')}>
          {(aria) => (
            <input
              maxLength={500}
              placeholder="/media/… or https://…"
              {...aria}
              {...form.register('imgUrl')}
            />
          )}
        </Field>
        <Field label={t('content.banners.link')} status={statusOf('link')}>
          {(aria) => (
            <input
              maxLength={500}
              placeholder="/deposit, /game?tab=slot, https://…"
              {...aria}
              {...form.register('link')}
            />
          )}
        </Field>
        <div className="ct-row">
          <Field className="field ct-num" label={t('content.banners.order')} status={statusOf('order')}>
            {(aria) => <input type="number" min={0} max={1_000_000} {...aria} {...form.register('order')} />}
          </Field>
          <label className="ct-check">
            <input type="checkbox" {...form.register('active')} />
            {t('content.field.active')}
          </label>
        </div>
        <DomainField
          value={domain}
          onChange={(next) => form.setValue('domain', next)}
          error={statusOf('domain')?.text ?? null}
        />
        <FormMessage text={form.formMessage} />
        <div className="ct-form__actions">
          <button type="button" className="btn" onClick={onCancel}>
            {t('queue.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending || upload.isPending}>
            {t('content.save')}
          </button>
        </div>
      </div>
      <div className="ct-form__preview">
        <h2 className="ct-sub">{t('content.preview')}</h2>
        {imgUrl && (
          <figure className="ct-banner-preview">
            <img src={thumbnail(imgUrl, 960)} alt="" />
            <figcaption>{title}</figcaption>
          </figure>
        )}
      </div>
    </Form>
  );
}

/**
 * The home banners: in the members' order with their images, create and edit (upload an image or
 * give its address, a link inside the site or https, order, on or off, domains), delete after a
 * confirmation.
 */
export function BannersPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useBanners();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<TBackofficeBanner | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: apiKey('banners.list') });
  const failureText = useFailureText('content');
  const failure = (e: unknown) => setError(failureText(e));

  const patch = useApiMutation('banners.patch', {
    input: ({ id, body }: { id: number; body: { active?: boolean; order?: number } }) => ({
      params: { id },
      body,
    }),
    onSuccess: refresh,
    onError: failure,
  });

  const remove = useApiMutation('banners.delete', {
    input: (id: number) => ({ params: { id } }),
    onSuccess: () => {
      setRemoving(null);
      setMessage(t('content.deleted'));
      refresh();
    },
    onError: failure,
  });

  const banners = list.data?.list ?? [];
  const every = t('content.field.everyDomainShort');

  /** Swaps the order of two neighbours (equal orders are spread first so the swap shows). */
  function move(index: number, by: -1 | 1) {
    const a = banners[index];
    const b = banners[index + by];
    if (!a || !b) return;
    const [orderA, orderB] = a.order === b.order ? [b.order + by, a.order] : [b.order, a.order];
    patch.mutate({ id: a.id, body: { order: Math.max(0, orderA) } });
    patch.mutate({ id: b.id, body: { order: Math.max(0, orderB) } });
  }

  const columns: TColumn<TBackofficeBanner>[] = [
    {
      key: 'order',
      header: t('content.banners.order'),
      className: 'num nowrap',
      headerClassName: 'num',
      cell: (banner) => {
        const index = banners.indexOf(banner);
        return (
          <>
            {banner.order}{' '}
            <button
              type="button"
              className="btn btn--small"
              aria-label={t('content.banners.up', { title: banner.title })}
              disabled={index === 0 || patch.isPending}
              onClick={() => move(index, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="btn btn--small"
              aria-label={t('content.banners.down', { title: banner.title })}
              disabled={index === banners.length - 1 || patch.isPending}
              onClick={() => move(index, 1)}
            >
              ↓
            </button>
          </>
        );
      },
    },
    {
      key: 'image',
      header: t('content.banners.image'),
      cell: (banner) => (
        <img className="ct-thumb" src={thumbnail(banner.imgUrl, 160)} alt="" loading="lazy" />
      ),
    },
    {
      key: 'title',
      header: t('content.field.title'),
      className: 'ct-title-cell',
      headerClassName: '',
      cell: (b) => b.title,
    },
    {
      key: 'link',
      header: t('content.banners.link'),
      className: 'ct-domains',
      headerClassName: '',
      cell: (b) => b.link ?? '',
    },
    {
      key: 'domains',
      header: t('content.col.domains'),
      className: 'ct-domains',
      headerClassName: '',
      cell: (b) => domainsText(b.domain, every),
    },
    {
      key: 'active',
      header: t('content.col.active'),
      cell: (banner) => (
        <OnOffButton
          on={banner.active}
          disabled={patch.isPending}
          onToggle={() => patch.mutate({ id: banner.id, body: { active: !banner.active } })}
        />
      ),
    },
    {
      key: 'actions',
      header: t('queue.actions'),
      className: 'nowrap',
      headerClassName: '',
      cell: (banner) => (
        <ItemActions
          onEdit={() => {
            setError(null);
            setDraft({
              id: banner.id,
              title: banner.title,
              imgUrl: banner.imgUrl,
              link: banner.link ?? '',
              order: banner.order,
              active: banner.active,
              domain: banner.domain,
            });
          }}
          onDelete={() => {
            setError(null);
            setRemoving(banner);
          }}
        />
      ),
    },
  ];

  return (
    <section>
      <div className="page-head">
        <h1 className="page-title">{t('content.banners.title')}</h1>
        <span className="muted">{t('queue.total', { count: banners.length })}</span>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            setError(null);
            setMessage(null);
            setDraft({ ...EMPTY, order: (banners.at(-1)?.order ?? -1) + 1 });
          }}
        >
          {t('content.banners.new')}
        </button>
      </div>
      <Notice tone="ok" text={message} />
      {(list.isError || (error && !draft && !removing)) && (
        <Notice tone="error" text={list.isError ? t(errorKey(list.error)) : error} />
      )}
      {draft && (
        <BannerForm
          key={draft.id ?? 'new'}
          draft={draft}
          onCancel={() => setDraft(null)}
          onSaved={(saved) => {
            setDraft(null);
            setMessage(
              t(saved.id === null ? 'content.created' : 'content.saved', { title: saved.title.trim() }),
            );
            refresh();
          }}
        />
      )}
      <DataTable
        columns={columns}
        rows={list.data ? banners : undefined}
        rowKey={(banner) => banner.id}
        empty={t('content.empty')}
      />
      <DeleteDialog
        title={removing ? removing.title : null}
        pending={remove.isPending}
        error={error}
        onCancel={() => setRemoving(null)}
        onDelete={() => removing && remove.mutate(removing.id)}
      />
    </section>
  );
}
