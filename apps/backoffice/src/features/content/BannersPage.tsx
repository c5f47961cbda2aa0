import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBackofficeBanner } from '@casino/contracts/banners';
import { MEDIA_UPLOAD_TYPES } from '@casino/contracts/media';
import { Dialog } from '../../app/Dialog.tsx';
import { api, apiKey, apiQuery, apiUpload, errorKey, isApiError } from '../../lib/api.ts';
import { DomainField, domainsText } from './fields.tsx';
import './content.css';

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

/**
 * What a refused upload tells the operator: over 8 MiB (413), more than 25 million pixels (400
 * `max`), the server busy with other uploads (429: try again shortly), not an accepted image (any
 * other 400), or what any request's failure says (the network, the session).
 */
export function uploadErrorKey(error: unknown): string {
  if (!isApiError(error)) return errorKey(error);
  if (error.status === 'too_large') return 'content.banners.tooLarge';
  if (error.status === 'too_many') return 'content.banners.busy';
  if (error.status !== 'invalid') return errorKey(error);
  if (error.errors.some((e) => e.code === 'max')) return 'content.banners.tooManyPixels';
  return 'content.banners.badImage';
}

/**
 * The home banners: in the members' order with their images, create and edit (upload an image or
 * give its address, a link inside the site or https, order, on or off, domains), delete after a
 * confirmation.
 */
export function BannersPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useQuery({
    ...apiQuery('banners.list'),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<TBackofficeBanner | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: apiKey('banners.list') });
  const failure = (e: unknown) => {
    const paths = isApiError(e) ? e.errors.map((x) => x.path).filter(Boolean) : [];
    setError(paths.length ? t('content.invalidFields', { fields: paths.join(', ') }) : t(errorKey(e)));
  };

  const send = useMutation({
    mutationFn: (image: File) => apiUpload('media.upload', image),
    onSuccess: (answer) => setDraft((old) => (old ? { ...old, imgUrl: answer.url } : old)),
    onError: (e) => setError(t(uploadErrorKey(e))),
  });

  const save = useMutation({
    mutationFn: (d: Draft) => {
      const body = {
        title: d.title.trim(),
        imgUrl: d.imgUrl.trim(),
        link: d.link.trim() || null,
        order: d.order,
        active: d.active,
        domain: d.domain.trim(),
      };
      return d.id === null
        ? api('banners.create', { body })
        : api('banners.replace', { params: { id: d.id }, body });
    },
    onSuccess: (_answer, d) => {
      setDraft(null);
      setMessage(t(d.id === null ? 'content.created' : 'content.saved', { title: d.title.trim() }));
      refresh();
    },
    onError: failure,
  });

  const patch = useMutation({
    mutationFn: ({ id, body }: { id: number; body: { active?: boolean; order?: number } }) =>
      api('banners.patch', { params: { id }, body }),
    onSuccess: refresh,
    onError: failure,
  });

  const remove = useMutation({
    mutationFn: (id: number) => api('banners.delete', { params: { id } }),
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
      {message && (
        <p role="status" className="notice notice--ok">
          {message}
        </p>
      )}
      {(list.isError || (error && !draft && !removing)) && (
        <p role="alert" className="notice notice--error">
          {list.isError ? t(errorKey(list.error)) : error}
        </p>
      )}
      {draft && (
        <form
          className="ct-form"
          aria-label={t('content.banners.new')}
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            if (!draft.title.trim() || !draft.imgUrl.trim()) return setError(t('content.banners.required'));
            save.mutate(draft);
          }}
        >
          <div className="ct-form__fields">
            <label className="field">
              <span>{t('content.field.title')}</span>
              <input
                value={draft.title}
                maxLength={100}
                onChange={(event) => setDraft({ ...draft, title: event.target.value })}
              />
            </label>
            <label className="field">
              <span>{t('content.banners.upload')}</span>
              <input
                type="file"
                accept={Object.keys(MEDIA_UPLOAD_TYPES).join(',')}
                disabled={send.isPending}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  setError(null);
                  if (file) send.mutate(file);
                }}
              />
            </label>
            <label className="field">
              <span>{t('content.banners.imgUrl')}</span>
              <input
                value={draft.imgUrl}
                maxLength={500}
                placeholder="/media/… or https://…"
                onChange={(event) => setDraft({ ...draft, imgUrl: event.target.value })}
              />
            </label>
            <label className="field">
              <span>{t('content.banners.link')}</span>
              <input
                value={draft.link}
                maxLength={500}
                placeholder="/deposit, /game?tab=slot, https://…"
                onChange={(event) => setDraft({ ...draft, link: event.target.value })}
              />
            </label>
            <div className="ct-row">
              <label className="field ct-num">
                <span>{t('content.banners.order')}</span>
                <input
                  type="number"
                  min={0}
                  max={1_000_000}
                  value={draft.order}
                  onChange={(event) =>
                    setDraft({ ...draft, order: Math.max(0, Math.trunc(Number(event.target.value) || 0)) })
                  }
                />
              </label>
              <label className="ct-check">
                <input
                  type="checkbox"
                  checked={draft.active}
                  onChange={(event) => setDraft({ ...draft, active: event.target.checked })}
                />
                {t('content.field.active')}
              </label>
            </div>
            <DomainField value={draft.domain} onChange={(domain) => setDraft({ ...draft, domain })} />
            {error && (
              <p role="alert" className="notice notice--error">
                {error}
              </p>
            )}
            <div className="ct-form__actions">
              <button type="button" className="btn" onClick={() => setDraft(null)}>
                {t('queue.cancel')}
              </button>
              <button type="submit" className="btn btn--primary" disabled={save.isPending || send.isPending}>
                {t('content.save')}
              </button>
            </div>
          </div>
          <div className="ct-form__preview">
            <h2 className="ct-sub">{t('content.preview')}</h2>
            {draft.imgUrl && (
              <figure className="ct-banner-preview">
                <img src={thumbnail(draft.imgUrl, 960)} alt="" />
                <figcaption>{draft.title}</figcaption>
              </figure>
            )}
          </div>
        </form>
      )}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col" className="num">
                {t('content.banners.order')}
              </th>
              <th scope="col">{t('content.banners.image')}</th>
              <th scope="col">{t('content.field.title')}</th>
              <th scope="col">{t('content.banners.link')}</th>
              <th scope="col">{t('content.col.domains')}</th>
              <th scope="col">{t('content.col.active')}</th>
              <th scope="col">{t('queue.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {banners.map((banner, index) => (
              <tr key={banner.id}>
                <td className="num nowrap">
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
                </td>
                <td>
                  <img className="ct-thumb" src={thumbnail(banner.imgUrl, 160)} alt="" loading="lazy" />
                </td>
                <td className="ct-title-cell">{banner.title}</td>
                <td className="ct-domains">{banner.link ?? ''}</td>
                <td className="ct-domains">{domainsText(banner.domain, every)}</td>
                <td>
                  <button
                    type="button"
                    className={`btn btn--small ${banner.active ? 'ct-on' : 'ct-off'}`}
                    aria-pressed={banner.active}
                    disabled={patch.isPending}
                    onClick={() => patch.mutate({ id: banner.id, body: { active: !banner.active } })}
                  >
                    {banner.active ? t('content.on') : t('content.off')}
                  </button>
                </td>
                <td className="nowrap">
                  <button
                    type="button"
                    className="btn btn--small"
                    onClick={() => {
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
                  >
                    {t('content.edit')}
                  </button>{' '}
                  <button
                    type="button"
                    className="btn btn--small btn--danger"
                    onClick={() => {
                      setError(null);
                      setRemoving(banner);
                    }}
                  >
                    {t('content.delete')}
                  </button>
                </td>
              </tr>
            ))}
            {list.data && banners.length === 0 && (
              <tr>
                <td colSpan={7} className="empty">
                  {t('content.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Dialog
        open={removing !== null}
        onOpenChange={(next) => {
          if (!next && !remove.isPending) setRemoving(null);
        }}
        title={t('content.deleteTitle', { title: removing?.title ?? '' })}
      >
        <p>{t('content.deleteBody')}</p>
        {error && (
          <p role="alert" className="notice notice--error">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn" disabled={remove.isPending} onClick={() => setRemoving(null)}>
            {t('queue.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={remove.isPending}
            onClick={() => removing && remove.mutate(removing.id)}
          >
            {t('content.delete')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
