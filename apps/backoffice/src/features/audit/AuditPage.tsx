import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TAuditEntry } from '@casino/contracts/backoffice-reports';
import { Pager } from '../../components/Pager.tsx';
import { apiQuery, errorKey } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { changesOf, showValue } from './diff.ts';
import './audit.css';

export const PAGE_SIZE = 20;
const FILTERS = ['operatorId', 'action', 'member', 'from', 'to'] as const;
type TFilter = (typeof FILTERS)[number];

/** Areas and actions the log holds, offered while typing (any other action may be typed). */
const ACTIONS = [
  'deposit',
  'deposit.approve',
  'deposit.reject',
  'withdraw',
  'withdraw.approve',
  'withdraw.reject',
  'member',
  'member.adjust',
  'member.approve',
  'member.block',
  'member.unblock',
  'member.level',
  'member.signout',
  'settings',
  'operator',
  'help.answer',
  'note.send',
  'notice',
  'popup',
  'banner',
  'provider',
  'game',
  'jackpots.update',
  'legal.publish',
  'media.upload',
  'regcode',
];

function Changes({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation();
  const changes = changesOf(entry.before, entry.after);
  if (changes.length === 0) return <span className="muted">{t('audit.noChange')}</span>;
  return (
    <ul className="audit__diff">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="audit__field">{c.field || t('audit.value')}</span>{' '}
          {c.before === undefined ? (
            <span className="muted">–</span>
          ) : (
            <del>
              <span className="audit__sr">{t('audit.before')}: </span>
              {showValue(c.before)}
            </del>
          )}{' '}
          <span className="audit__arrow" aria-hidden="true">
            →
          </span>{' '}
          {c.after === undefined ? (
            <span className="muted">–</span>
          ) : (
            <ins>
              <span className="audit__sr">{t('audit.after')}: </span>
              {showValue(c.after)}
            </ins>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The audit log (owner): who changed what and when, newest first, filtered by operator, action (an
 * area such as `member` or one action such as `member.block`), member and Seoul days. Each entry
 * shows its changed fields with the value before and after.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((f) => [f, search.get(f) ?? ''])) as Record<TFilter, string>;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [draft, setDraft] = useState(filters);

  const list = useQuery({
    ...apiQuery('audit.list', {
      query: {
        ...Object.fromEntries(FILTERS.map((f) => [f, filters[f].trim() || undefined])),
        page,
        pageSize: PAGE_SIZE,
      },
    }),
    placeholderData: keepPreviousData,
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const f of FILTERS) if (draft[f].trim()) params.set(f, draft[f].trim());
    setSearch(params);
  }

  function reset() {
    setDraft(Object.fromEntries(FILTERS.map((f) => [f, ''])) as Record<TFilter, string>);
    setSearch(new URLSearchParams());
  }

  function goTo(next: number) {
    const params = new URLSearchParams(search);
    params.set('page', String(next));
    setSearch(params);
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.maxCount / PAGE_SIZE)) : 1;
  const field = (name: TFilter, type = 'text', extra: Record<string, string> = {}) => (
    <label className="inline-field">
      <span>{t(`audit.${name}`)}</span>
      <input
        type={type}
        value={draft[name]}
        maxLength={name === 'action' ? 60 : 32}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        {...extra}
      />
    </label>
  );

  return (
    <section>
      <div className="page-head">
        <h1 className="page-title">{t('audit.title')}</h1>
        {data && <span className="muted">{t('audit.total', { count: data.maxCount })}</span>}
      </div>
      <form className="audit__filters" onSubmit={apply}>
        {field('operatorId')}
        {field('action', 'text', { list: 'audit-actions', placeholder: 'member.block' })}
        <datalist id="audit-actions">
          {ACTIONS.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
        {field('member')}
        {field('from', 'date')}
        {field('to', 'date')}
        <button type="submit" className="btn btn--primary">
          {t('audit.search')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={reset}>
          {t('audit.reset')}
        </button>
      </form>
      {list.isError && (
        <p role="alert" className="notice notice--error">
          {t(errorKey(list.error))}
        </p>
      )}
      <div className="table-wrap">
        <table className="table audit__table">
          <thead>
            <tr>
              <th scope="col" className="num">
                {t('audit.id')}
              </th>
              <th scope="col">{t('audit.date')}</th>
              <th scope="col">{t('audit.operatorIp')}</th>
              <th scope="col">{t('audit.action')}</th>
              <th scope="col">{t('audit.target')}</th>
              <th scope="col">{t('audit.changes')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((entry) => (
              <tr key={entry.id}>
                <td className="num">{entry.id}</td>
                <td className="audit__date">{formatDateTime(entry.regDate)}</td>
                <td className="nowrap">
                  {entry.operatorId}
                  {entry.ip && (
                    <span className="audit__ip">
                      <span className="audit__sr">{t('audit.ip')}: </span>
                      {entry.ip}
                    </span>
                  )}
                </td>
                <td className="nowrap">
                  <code>{entry.action}</code>
                </td>
                <td className="audit__target">{entry.target}</td>
                <td className="audit__changes">
                  <Changes entry={entry} />
                </td>
              </tr>
            ))}
            {data && data.list.length === 0 && (
              <tr>
                <td colSpan={6} className="empty">
                  {t('audit.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} onPage={goTo} />
    </section>
  );
}
