import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MEMBER_STATES } from '@casino/contracts/backoffice';
import { MEMBER_LEVEL_MAX, MEMBER_LEVEL_MIN } from '@casino/contracts/backoffice-members';
import { apiQuery, errorKey } from '../../lib/api.ts';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import { Pager } from '../../components/Pager.tsx';

export const MEMBERS_PAGE_SIZE = 50;

/** The filter fields, in the order of the filter bar and of the URL. */
type TTextFilter = 'userId' | 'nick' | 'phone' | 'domain';
type TFilters = Record<TTextFilter | 'level' | 'state', string>;
const EMPTY: TFilters = { userId: '', nick: '', phone: '', domain: '', level: '', state: '' };
const LEVELS = Array.from(
  { length: MEMBER_LEVEL_MAX - MEMBER_LEVEL_MIN + 1 },
  (_, i) => MEMBER_LEVEL_MIN + i,
);

function filtersOf(search: URLSearchParams): TFilters {
  const out = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof TFilters)[]) out[key] = search.get(key) ?? '';
  if (!(MEMBER_STATES as readonly string[]).includes(out.state)) out.state = '';
  if (!LEVELS.includes(Number(out.level))) out.level = '';
  return out;
}

/**
 * The member list: a filter bar (id and phone from the start, nick anywhere, level, state, the
 * registration code's domain) kept in the URL, 50 a page, each row opening the member's detail.
 */
export function MemberListPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const applied = filtersOf(search);
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [draft, setDraft] = useState<TFilters>(applied);

  const params = {
    userId: applied.userId || undefined,
    nick: applied.nick || undefined,
    phone: applied.phone || undefined,
    domain: applied.domain || undefined,
    level: applied.level || undefined,
    state: MEMBER_STATES.find((state) => state === applied.state),
    page,
    pageSize: MEMBERS_PAGE_SIZE,
  };
  const list = useQuery({
    ...apiQuery('members.list', { query: params }),
    placeholderData: keepPreviousData,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value.trim()) next.set(key, value.trim());
    setSearch(next);
  }

  function clear() {
    setDraft(EMPTY);
    setSearch(new URLSearchParams());
  }

  function goTo(next: number) {
    const params = new URLSearchParams(search);
    params.set('page', String(next));
    setSearch(params);
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.maxCount / MEMBERS_PAGE_SIZE)) : 1;
  const won = (amount: number) => formatWon(amount, i18n.language);
  const text = (key: TTextFilter, extra: { inputMode?: 'numeric'; size: number }) => (
    <label className="members-filter__field">
      <span>{t(`members.filter.${key}`)}</span>
      <input
        type="search"
        value={draft[key]}
        size={extra.size}
        maxLength={key === 'domain' ? 253 : key === 'phone' ? 11 : 20}
        inputMode={extra.inputMode}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
    </label>
  );

  return (
    <section>
      <div className="page-head">
        <h1 className="page-title">{t('members.title')}</h1>
        {data && <span className="muted">{t('members.total', { count: data.maxCount })}</span>}
      </div>
      <form className="members-filter" role="search" aria-label={t('members.filter.label')} onSubmit={submit}>
        {text('userId', { size: 12 })}
        {text('nick', { size: 12 })}
        {text('phone', { size: 12, inputMode: 'numeric' })}
        <label className="members-filter__field">
          <span>{t('members.filter.level')}</span>
          <select value={draft.level} onChange={(event) => setDraft({ ...draft, level: event.target.value })}>
            <option value="">{t('members.filter.all')}</option>
            {LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </label>
        <label className="members-filter__field">
          <span>{t('members.filter.state')}</span>
          <select value={draft.state} onChange={(event) => setDraft({ ...draft, state: event.target.value })}>
            <option value="">{t('members.filter.all')}</option>
            {MEMBER_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`memberState.${state}`)}
              </option>
            ))}
          </select>
        </label>
        {text('domain', { size: 16 })}
        <div className="members-filter__buttons">
          <button type="submit" className="btn btn--primary">
            {t('members.filter.search')}
          </button>
          <button type="button" className="btn" onClick={clear}>
            {t('members.filter.reset')}
          </button>
        </div>
      </form>
      {list.isError && (
        <p role="alert" className="notice notice--error">
          {t(errorKey(list.error))}
        </p>
      )}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('members.col.userId')}</th>
              <th scope="col">{t('members.col.nick')}</th>
              <th scope="col">{t('members.col.phone')}</th>
              <th scope="col" className="num">
                {t('members.col.level')}
              </th>
              <th scope="col">{t('members.col.state')}</th>
              <th scope="col" className="num">
                {t('members.col.balance')}
              </th>
              <th scope="col" className="num">
                {t('members.col.rolling')}
              </th>
              <th scope="col">{t('members.col.bank')}</th>
              <th scope="col">{t('members.col.regDomain')}</th>
              <th scope="col">{t('members.col.regDate')}</th>
              <th scope="col">{t('members.col.lastLogin')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((member) => (
              <tr key={member.userId}>
                <td className="nowrap">
                  <Link
                    to={`/members/${encodeURIComponent(member.userId)}`}
                    aria-label={t('members.open', { userId: member.userId })}
                  >
                    {member.userId}
                  </Link>
                </td>
                <td className="nowrap">{member.nick}</td>
                <td className="nowrap">{member.phone}</td>
                <td className="num">{member.level}</td>
                <td className="nowrap">
                  <span className={`member-state member-state--${member.state}`}>
                    {t(`memberState.${member.state}`)}
                  </span>
                </td>
                <td className="num">{won(member.balance)}</td>
                <td className="num">{won(member.rolling)}</td>
                <td className="nowrap">
                  {[member.bankname, member.banknum, member.bankOwner].filter(Boolean).join(' · ')}
                </td>
                <td className="nowrap">
                  {member.regDomain || ''}
                  {member.regCode ? <span className="muted"> ({member.regCode})</span> : null}
                </td>
                <td className="nowrap">{formatDateTime(member.regDate)}</td>
                <td className="nowrap">{member.lastLoginDate ? formatDateTime(member.lastLoginDate) : ''}</td>
              </tr>
            ))}
            {data && data.list.length === 0 && (
              <tr>
                <td colSpan={11} className="empty">
                  {t('members.empty')}
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
