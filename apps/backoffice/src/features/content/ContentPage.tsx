import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TBackofficeNotice, TBackofficePopup } from '@casino/contracts/backoffice-content';
import { hasVisibleContent } from '@casino/contracts/sanitize-html';
import { Pager } from '../../components/Pager.tsx';
import { Dialog } from '../../app/Dialog.tsx';
import { api, apiKey, apiQuery, errorKey, isApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { LazyRichTextEditor } from '../../lib/html/LazyRichTextEditor.tsx';
import { SafeHtml } from '../../lib/html/SafeHtml.tsx';
import { useEditorLabels } from '../../lib/html/editor-labels.ts';
import { ColorField, DomainField, domainsText } from './fields.tsx';
import { HEX_COLOR } from './popup-geometry.ts';
import { PopupPreview } from './PopupPreview.tsx';
import './content.css';

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

/**
 * Notices or popups: the list (popups in the members' order), a form to create and edit (title,
 * rich text, domains, on or off; popups also their title colour, position by dragging a live
 * preview, and order), delete after a confirmation.
 */
export function ContentPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const labels = useEditorLabels();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useQuery({
    ...apiQuery(`${kind}.list`, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<Item | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'warn' | 'error'; text: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const isPopup = kind === 'popups';

  const done = (text: string) => {
    setMessage({ tone: 'ok', text });
    void client.invalidateQueries({ queryKey: apiKey(`${kind}.list`) });
  };

  const save = useMutation({
    mutationFn: async (d: Draft) => {
      const body = {
        title: d.title.trim(),
        contents: d.contents,
        domain: d.domain.trim(),
        isActive: d.isActive,
        ...(isPopup ? { titleColor: d.titleColor, posX: d.posX, posY: d.posY, sortOrder: d.sortOrder } : {}),
      };
      if (d.id === null) return api(`${kind}.create`, { body });
      return api(`${kind}.update`, { params: { id: d.id }, body });
    },
    onSuccess: (answer, d) => {
      if (answer.status === 'not_found') {
        setMessage({ tone: 'warn', text: t('content.gone') });
        setDraft(null);
        return;
      }
      setDraft(null);
      done(t(d.id === null ? 'content.created' : 'content.saved', { title: d.title.trim() }));
    },
    onError: (error) => {
      const paths = isApiError(error) ? error.errors.map((e) => e.path).filter(Boolean) : [];
      setFormError(
        paths.length > 0 ? t('content.invalidFields', { fields: paths.join(', ') }) : t(errorKey(error)),
      );
    },
  });

  const toggle = useMutation({
    mutationFn: (item: { id: number; isActive: boolean }) =>
      api(`${kind}.update`, { params: { id: item.id }, body: { isActive: !item.isActive } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: apiKey(`${kind}.list`) }),
    onError: (error) => setMessage({ tone: 'error', text: t(errorKey(error)) }),
  });

  const remove = useMutation({
    mutationFn: (id: number) => api(`${kind}.delete`, { params: { id } }),
    onSuccess: () => {
      setRemoving(null);
      done(t('content.deleted'));
    },
    onError: (error) => setFormError(t(errorKey(error))),
  });

  function submit(d: Draft) {
    setFormError(null);
    if (!d.title.trim()) return setFormError(t('content.titleRequired'));
    if (!hasVisibleContent(d.contents)) return setFormError(t('content.contentsRequired'));
    if (isPopup && !HEX_COLOR.test(d.titleColor)) return setFormError(t('content.field.colorRule'));
    save.mutate(d);
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.maxCount / PAGE_SIZE)) : 1;
  const every = t('content.field.everyDomainShort');

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
      {message && (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={`notice notice--${message.tone}`}>
          {message.text}
        </p>
      )}
      {list.isError && (
        <p role="alert" className="notice notice--error">
          {t(errorKey(list.error))}
        </p>
      )}
      {draft && (
        <form
          className="ct-form"
          aria-label={t(draft.id === null ? `content.${kind}.new` : 'content.editing', { id: draft.id })}
          onSubmit={(event) => {
            event.preventDefault();
            submit(draft);
          }}
        >
          <div className="ct-form__fields">
            <label className="field">
              <span>{t('content.field.title')}</span>
              <input
                value={draft.title}
                maxLength={100}
                required
                onChange={(event) => setDraft({ ...draft, title: event.target.value })}
              />
            </label>
            <DomainField value={draft.domain} onChange={(domain) => setDraft({ ...draft, domain })} />
            <label className="ct-check">
              <input
                type="checkbox"
                checked={draft.isActive}
                onChange={(event) => setDraft({ ...draft, isActive: event.target.checked })}
              />
              {t('content.field.active')}
            </label>
            {isPopup && (
              <div className="ct-row">
                <ColorField
                  value={draft.titleColor}
                  onChange={(titleColor) => setDraft({ ...draft, titleColor })}
                />
                <label className="field ct-num">
                  <span>{t('content.field.posX')}</span>
                  <input
                    type="number"
                    min={0}
                    max={4000}
                    value={draft.posX}
                    onChange={(event) =>
                      setDraft({ ...draft, posX: Math.max(0, Math.trunc(Number(event.target.value) || 0)) })
                    }
                  />
                </label>
                <label className="field ct-num">
                  <span>{t('content.field.posY')}</span>
                  <input
                    type="number"
                    min={0}
                    max={4000}
                    value={draft.posY}
                    onChange={(event) =>
                      setDraft({ ...draft, posY: Math.max(0, Math.trunc(Number(event.target.value) || 0)) })
                    }
                  />
                </label>
                <label className="field ct-num">
                  <span>{t('content.field.sortOrder')}</span>
                  <input
                    type="number"
                    min={-1_000_000}
                    max={1_000_000}
                    value={draft.sortOrder}
                    onChange={(event) =>
                      setDraft({ ...draft, sortOrder: Math.trunc(Number(event.target.value) || 0) })
                    }
                  />
                </label>
              </div>
            )}
            <div className="field">
              <span>{t('content.field.contents')}</span>
              <LazyRichTextEditor
                value={draft.contents}
                onChange={(contents) => setDraft((old) => (old ? { ...old, contents } : old))}
                label={t('content.field.contents')}
                labels={labels}
                loading={t('editor.loading')}
              />
            </div>
            {formError && (
              <p role="alert" className="notice notice--error">
                {formError}
              </p>
            )}
            <div className="ct-form__actions">
              <button type="button" className="btn" disabled={save.isPending} onClick={() => setDraft(null)}>
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
                  title={draft.title}
                  titleColor={draft.titleColor}
                  contents={draft.contents}
                  position={{ x: draft.posX, y: draft.posY }}
                  onMove={(p) => setDraft((old) => (old ? { ...old, posX: p.x, posY: p.y } : old))}
                />
              </>
            ) : (
              <article className="ct-notice-preview">
                <h3>{draft.title}</h3>
                <SafeHtml html={draft.contents} />
              </article>
            )}
          </div>
        </form>
      )}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col" className="num">
                {t('queue.id')}
              </th>
              {isPopup && (
                <th scope="col" className="num">
                  {t('content.field.sortOrder')}
                </th>
              )}
              <th scope="col">{t('content.field.title')}</th>
              <th scope="col">{t('content.col.domains')}</th>
              {isPopup && <th scope="col">{t('content.col.position')}</th>}
              <th scope="col">{t('content.col.active')}</th>
              <th scope="col">{t('content.col.updated')}</th>
              <th scope="col">{t('content.col.by')}</th>
              <th scope="col">{t('queue.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((item) => {
              const popup = item as TBackofficePopup;
              return (
                <tr key={item.id}>
                  <td className="num">{item.id}</td>
                  {isPopup && <td className="num">{popup.sortOrder}</td>}
                  <td className="ct-title-cell">
                    {isPopup && (
                      <span
                        className="ct-swatch"
                        style={{ background: popup.titleColor }}
                        aria-hidden="true"
                      />
                    )}
                    {item.title}
                  </td>
                  <td className="ct-domains">{domainsText(item.domain, every)}</td>
                  {isPopup && (
                    <td className="nowrap">
                      {popup.posX}, {popup.posY}
                    </td>
                  )}
                  <td className="nowrap">
                    <button
                      type="button"
                      className={`btn btn--small ${item.isActive ? 'ct-on' : 'ct-off'}`}
                      aria-pressed={item.isActive}
                      disabled={toggle.isPending}
                      onClick={() => toggle.mutate(item)}
                    >
                      {item.isActive ? t('content.on') : t('content.off')}
                    </button>
                  </td>
                  <td className="nowrap">{formatDateTime(item.lastDate)}</td>
                  <td className="nowrap">{item.operatorId ?? ''}</td>
                  <td className="nowrap">
                    <button
                      type="button"
                      className="btn btn--small"
                      onClick={() => {
                        setFormError(null);
                        setMessage(null);
                        setDraft(draftOf(item));
                      }}
                    >
                      {t('content.edit')}
                    </button>{' '}
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      onClick={() => {
                        setFormError(null);
                        setRemoving(item);
                      }}
                    >
                      {t('content.delete')}
                    </button>
                  </td>
                </tr>
              );
            })}
            {data && data.list.length === 0 && (
              <tr>
                <td colSpan={isPopup ? 9 : 7} className="empty">
                  {t('content.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} onPage={(next) => setSearch({ page: String(next) })} />
      <Dialog
        open={removing !== null}
        onOpenChange={(next) => {
          if (!next && !remove.isPending) setRemoving(null);
        }}
        title={t('content.deleteTitle', { title: removing?.title ?? '' })}
      >
        <p>{t('content.deleteBody')}</p>
        {formError && (
          <p role="alert" className="notice notice--error">
            {formError}
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
            onClick={() => removing?.id && remove.mutate(removing.id)}
          >
            {t('content.delete')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
