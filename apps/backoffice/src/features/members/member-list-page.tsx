import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MEMBER_STATES } from '@casino/contracts/backoffice';
import {
  MEMBER_LEVEL_MAX,
  MEMBER_LEVEL_MIN,
  type TBackofficeMemberRow,
} from '@casino/contracts/backoffice-members';
import { DataTable, FilterBar, type TColumn, type TFilterInput } from '@casino/web-kit/data-table.tsx';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import { pageOf, UrlPager } from '../../components/pager.tsx';
import { useMemberList } from './queries.ts';
import { FailureNotice } from '../../components/notice.tsx';

export const MEMBERS_PAGE_SIZE = 50;

/** The filter fields, in the order of the filter bar and of the URL. */
type TTextFilter = 'userId' | 'nick' | 'phone' | 'domain';
type TFilters = Record<TTextFilter | 'level' | 'state', string>;
const EMPTY: TFilters = { userId: '', nick: '', phone: '', domain: '', level: '', state: '' };
const FILTER_FIELDS = Object.keys(EMPTY) as (keyof TFilters)[];
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
  const page = pageOf(search);

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
  const list = useMemberList(params);

  function submit(values: TFilters) {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) if (value) next.set(key, value);
    setSearch(next);
  }

  const data = list.data;
  const won = (amount: number) => formatWon(amount, i18n.language);
  const text = (input: TFilterInput, key: TTextFilter, extra: { inputMode?: 'numeric'; size: number }) => (
    <label className="members-filter__field">
      <span>{t(`members.filter.${key}`)}</span>
      <input
        type="search"
        size={extra.size}
        maxLength={key === 'domain' ? 253 : key === 'phone' ? 11 : 20}
        inputMode={extra.inputMode}
        {...input}
      />
    </label>
  );
  const columns: TColumn<TBackofficeMemberRow>[] = [
    {
      key: 'userId',
      header: t('members.col.userId'),
      className: 'nowrap',
      headerClassName: '',
      cell: (member) => (
        <Link
          to={`/members/${encodeURIComponent(member.userId)}`}
          aria-label={t('members.open', { userId: member.userId })}
        >
          {member.userId}
        </Link>
      ),
    },
    {
      key: 'nick',
      header: t('members.col.nick'),
      className: 'nowrap',
      headerClassName: '',
      cell: (m) => m.nick,
    },
    {
      key: 'phone',
      header: t('members.col.phone'),
      className: 'nowrap',
      headerClassName: '',
      cell: (m) => m.phone,
    },
    { key: 'level', header: t('members.col.level'), className: 'num', cell: (m) => m.level },
    {
      key: 'state',
      header: t('members.col.state'),
      className: 'nowrap',
      headerClassName: '',
      cell: (m) => (
        <span className={`member-state member-state--${m.state}`}>{t(`memberState.${m.state}`)}</span>
      ),
    },
    { key: 'balance', header: t('members.col.balance'), className: 'num', cell: (m) => won(m.balance) },
    { key: 'rolling', header: t('members.col.rolling'), className: 'num', cell: (m) => won(m.rolling) },
    {
      key: 'bank',
      header: t('members.col.bank'),
      className: 'nowrap',
      headerClassName: '',
      cell: (m) => [m.bankname, m.banknum, m.bankOwner].filter(Boolean).join(' · '),
    },
    {
      key: 'regDomain',
      header: t('members.col.regDomain'),
      className: 'nowrap',
      headerClassName: '',
      cell: (m) => (
        <>
          {m.regDomain || ''}
          {m.regCode ? <span className="muted"> ({m.regCode})</span> : null}
        </>
      ),
    },
    {
      key: 'regDate',
      header: t('members.col.regDate'),
      className: 'nowrap',
      headerClassName: '',
      cell: (m) => formatDateTime(m.regDate),
    },
    {
      key: 'lastLogin',
      header: t('members.col.lastLogin'),
      className: 'nowrap',
      headerClassName: '',
      cell: (m) => (m.lastLoginDate ? formatDateTime(m.lastLoginDate) : ''),
    },
  ];

  return (
    <section>
      <div className="page-head">
        <h1 className="page-title">{t('members.title')}</h1>
        {data && <span className="muted">{t('members.total', { count: data.maxCount })}</span>}
      </div>
      <FilterBar
        fields={FILTER_FIELDS}
        applied={applied}
        onApply={submit}
        searchLabel={t('members.filter.search')}
        resetLabel={t('members.filter.reset')}
        className="members-filter"
        role="search"
        aria-label={t('members.filter.label')}
        actionsClassName="members-filter__buttons"
      >
        {(input) => (
          <>
            {text(input('userId'), 'userId', { size: 12 })}
            {text(input('nick'), 'nick', { size: 12 })}
            {text(input('phone'), 'phone', { size: 12, inputMode: 'numeric' })}
            <label className="members-filter__field">
              <span>{t('members.filter.level')}</span>
              <select {...input('level')}>
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
              <select {...input('state')}>
                <option value="">{t('members.filter.all')}</option>
                {MEMBER_STATES.map((state) => (
                  <option key={state} value={state}>
                    {t(`memberState.${state}`)}
                  </option>
                ))}
              </select>
            </label>
            {text(input('domain'), 'domain', { size: 16 })}
          </>
        )}
      </FilterBar>
      <FailureNotice error={list.error} />
      <DataTable columns={columns} rows={data?.list} rowKey={(m) => m.userId} empty={t('members.empty')} />
      <UrlPager count={data?.maxCount} size={MEMBERS_PAGE_SIZE} />
    </section>
  );
}
