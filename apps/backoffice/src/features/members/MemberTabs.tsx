import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { keepPreviousData, type UseQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, apiKey, apiQuery, errorKey } from '../../lib/api.ts';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import { Pager } from '../../components/Pager.tsx';
import { ProtectionTab } from './ProtectionTab.tsx';

const TABS = [
  'ledger',
  'deposits',
  'withdraws',
  'rounds',
  'notes',
  'helps',
  'signIns',
  'protection',
] as const;
type TTab = (typeof TABS)[number];
export const TAB_PAGE_SIZE = 20;

/** The visible text of operator or system HTML (notes, answers): shown as text, never as markup. */
export function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** The member's history in tabs (arrow keys move between tabs, as WAI-ARIA tabs do). */
export function MemberTabs({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TTab>('ledger');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKey(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target =
      event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : step ? index + step : null;
    if (target === null) return;
    event.preventDefault();
    const next = (target + TABS.length) % TABS.length;
    setTab(TABS[next]!);
    refs.current[next]?.focus();
  }

  return (
    <section className="member-tabs">
      <div role="tablist" aria-label={t('members.tab.label')} className="member-tabs__list">
        {TABS.map((id, index) => (
          <button
            key={id}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`member-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`member-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="member-tabs__tab"
            onClick={() => setTab(id)}
            onKeyDown={(event) => onKey(event, index)}
          >
            {t(`members.tab.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`member-panel-${tab}`} aria-labelledby={`member-tab-${tab}`}>
        {tab === 'ledger' && <LedgerTab userId={userId} />}
        {tab === 'deposits' && <RequestsTab key="deposit" userId={userId} kind="deposit" />}
        {tab === 'withdraws' && <RequestsTab key="withdraw" userId={userId} kind="withdraw" />}
        {tab === 'rounds' && <RoundsTab userId={userId} />}
        {tab === 'notes' && <NotesTab userId={userId} />}
        {tab === 'helps' && <HelpsTab userId={userId} />}
        {tab === 'signIns' && <SignInsTab userId={userId} />}
        {tab === 'protection' && <ProtectionTab userId={userId} />}
      </div>
    </section>
  );
}

/** One page of a member's list (`?page&pageSize`, the query `pageOf` makes), and the pager under its table. */
function usePaged<T>(pageOf: (page: number) => UseQueryOptions<T, Error, T, readonly unknown[]>) {
  const [page, setPage] = useState(1);
  const result = useQuery({ ...pageOf(page), placeholderData: keepPreviousData });
  return { result, page, setPage };
}

function TabTable({
  head,
  error,
  empty,
  columns,
  children,
}: {
  head: ReactNode;
  error: unknown;
  empty: boolean;
  columns: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p role="alert" className="notice notice--error">
          {t(errorKey(error))}
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>
            {children}
            {empty && (
              <tr>
                <td colSpan={columns} className="empty">
                  {t('members.tabEmpty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

function pagesOf(data: { status: string; maxCount?: number } | undefined): number {
  return data && data.status === 'success' ? Math.max(1, Math.ceil((data.maxCount ?? 0) / TAB_PAGE_SIZE)) : 1;
}

function LedgerTab({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const ledger = useInfiniteQuery({
    queryKey: apiKey('members.ledger', { params: { userId } }),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api('members.ledger', {
        params: { userId },
        query: { beforeId: pageParam, limit: TAB_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => (last.status === 'success' ? (last.nextBeforeId ?? undefined) : undefined),
  });
  const rows = ledger.data?.pages.flatMap((p) => (p.status === 'success' ? p.list : [])) ?? [];
  const won = (n: number) => formatWon(n, i18n.language);
  return (
    <>
      <TabTable
        error={ledger.error}
        empty={ledger.isSuccess && rows.length === 0}
        columns={6}
        head={
          <>
            <th scope="col">{t('members.ledger.date')}</th>
            <th scope="col">{t('members.ledger.kind')}</th>
            <th scope="col">{t('members.ledger.code')}</th>
            <th scope="col" className="num">
              {t('members.ledger.amount')}
            </th>
            <th scope="col" className="num">
              {t('members.ledger.after')}
            </th>
            <th scope="col">{t('members.ledger.reason')}</th>
          </>
        }
      >
        {rows.map((e) => (
          <tr key={`${e.id}:${e.kind}`}>
            <td className="nowrap">{formatDateTime(e.regDate)}</td>
            <td className="nowrap">{t(`members.ledger.kinds.${e.kind}`, { defaultValue: e.kind })}</td>
            <td className="nowrap">{t(`members.ledger.codes.${e.code}`, { defaultValue: e.code })}</td>
            <td className={`num ${e.amount < 0 ? 'amount--minus' : ''}`}>{won(e.amount)}</td>
            <td className="num">{e.balanceAfter === null ? '' : won(e.balanceAfter)}</td>
            <td className="reason">{e.reason ?? ''}</td>
          </tr>
        ))}
      </TabTable>
      {ledger.hasNextPage && (
        <div className="pager">
          <button
            type="button"
            className="btn btn--small"
            disabled={ledger.isFetchingNextPage}
            onClick={() => void ledger.fetchNextPage()}
          >
            {t('members.ledger.more')}
          </button>
        </div>
      )}
    </>
  );
}

function RequestsTab({ userId, kind }: { userId: string; kind: 'deposit' | 'withdraw' }) {
  const { t, i18n } = useTranslation();
  const { result, page, setPage } = usePaged((page) =>
    apiQuery('members.requests', { params: { userId }, query: { kind, page, pageSize: TAB_PAGE_SIZE } }),
  );
  const list = result.data?.status === 'success' ? result.data.list : [];
  return (
    <>
      <TabTable
        error={result.error}
        empty={result.isSuccess && list.length === 0}
        columns={6}
        head={
          <>
            <th scope="col" className="num">
              {t('members.request.id')}
            </th>
            <th scope="col" className="num">
              {t('members.request.amount')}
            </th>
            <th scope="col">{t('members.request.state')}</th>
            <th scope="col">{t('members.request.date')}</th>
            <th scope="col">{t('members.request.last')}</th>
            <th scope="col">{t('members.request.reason')}</th>
          </>
        }
      >
        {list.map((r) => (
          <tr key={r.id}>
            <td className="num">{r.id}</td>
            <td className="num">{formatWon(r.amount, i18n.language)}</td>
            <td>
              <span className={`state state--${r.state}`}>{t(`state.${r.state}`)}</span>
            </td>
            <td className="nowrap">{formatDateTime(r.regDate)}</td>
            <td className="nowrap">{formatDateTime(r.lastDate)}</td>
            <td className="reason">{r.reason ?? ''}</td>
          </tr>
        ))}
      </TabTable>
      <Pager page={page} pages={pagesOf(result.data)} onPage={setPage} />
    </>
  );
}

function RoundsTab({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ko';
  const { result, page, setPage } = usePaged((page) =>
    apiQuery('members.rounds', { params: { userId }, query: { lang, page, pageSize: TAB_PAGE_SIZE } }),
  );
  const list = result.data?.status === 'success' ? result.data.list : [];
  const won = (n: number) => formatWon(n, i18n.language);
  return (
    <>
      <TabTable
        error={result.error}
        empty={result.isSuccess && list.length === 0}
        columns={6}
        head={
          <>
            <th scope="col">{t('members.round.date')}</th>
            <th scope="col">{t('members.round.provider')}</th>
            <th scope="col">{t('members.round.game')}</th>
            <th scope="col">{t('members.round.round')}</th>
            <th scope="col" className="num">
              {t('members.round.bet')}
            </th>
            <th scope="col" className="num">
              {t('members.round.win')}
            </th>
          </>
        }
      >
        {list.map((r) => (
          <tr key={r.id}>
            <td className="nowrap">{formatDateTime(r.regDate)}</td>
            <td className="nowrap">{r.provider}</td>
            <td>{r.gameName}</td>
            <td className="nowrap mono">{r.roundId}</td>
            <td className="num">{won(r.bet)}</td>
            <td className="num">{won(r.win)}</td>
          </tr>
        ))}
      </TabTable>
      <Pager page={page} pages={pagesOf(result.data)} onPage={setPage} />
    </>
  );
}

function NotesTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { result, page, setPage } = usePaged((page) =>
    apiQuery('members.notes', { params: { userId }, query: { page, pageSize: TAB_PAGE_SIZE } }),
  );
  const list = result.data?.status === 'success' ? result.data.list : [];
  return (
    <>
      <TabTable
        error={result.error}
        empty={result.isSuccess && list.length === 0}
        columns={4}
        head={
          <>
            <th scope="col">{t('members.note.date')}</th>
            <th scope="col">{t('members.note.title')}</th>
            <th scope="col">{t('members.note.contents')}</th>
            <th scope="col">{t('members.note.read')}</th>
          </>
        }
      >
        {list.map((n) => (
          <tr key={n.id}>
            <td className="nowrap">{formatDateTime(n.regDate)}</td>
            <td>{n.title}</td>
            <td className="long-text">{textOf(n.contents)}</td>
            <td className="nowrap">{n.isRead ? t('members.note.read') : t('members.note.unread')}</td>
          </tr>
        ))}
      </TabTable>
      <Pager page={page} pages={pagesOf(result.data)} onPage={setPage} />
    </>
  );
}

function HelpsTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { result, page, setPage } = usePaged((page) =>
    apiQuery('members.helps', { params: { userId }, query: { page, pageSize: TAB_PAGE_SIZE } }),
  );
  const list = result.data?.status === 'success' ? result.data.list : [];
  return (
    <>
      <TabTable
        error={result.error}
        empty={result.isSuccess && list.length === 0}
        columns={5}
        head={
          <>
            <th scope="col">{t('members.help.date')}</th>
            <th scope="col">{t('members.help.title')}</th>
            <th scope="col">{t('members.help.contents')}</th>
            <th scope="col">{t('members.help.answer')}</th>
            <th scope="col">{t('members.help.state')}</th>
          </>
        }
      >
        {list.map((h) => (
          <tr key={h.id}>
            <td className="nowrap">{formatDateTime(h.regDate)}</td>
            <td>{h.title}</td>
            <td className="long-text">{h.contents}</td>
            <td className="long-text">{h.answer ? textOf(h.answer) : ''}</td>
            <td className="nowrap">
              {t(h.state === 'wait' ? 'members.help.wait' : 'members.help.answered')}
            </td>
          </tr>
        ))}
      </TabTable>
      <Pager page={page} pages={pagesOf(result.data)} onPage={setPage} />
    </>
  );
}

function SignInsTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { result, page, setPage } = usePaged((page) =>
    apiQuery('members.signIns', { params: { userId }, query: { page, pageSize: TAB_PAGE_SIZE } }),
  );
  const list = result.data?.status === 'success' ? result.data.list : [];
  return (
    <>
      <TabTable
        error={result.error}
        empty={result.isSuccess && list.length === 0}
        columns={4}
        head={
          <>
            <th scope="col">{t('members.signIn.date')}</th>
            <th scope="col">{t('members.signIn.ip')}</th>
            <th scope="col">{t('members.signIn.outcome')}</th>
            <th scope="col">{t('members.signIn.userAgent')}</th>
          </>
        }
      >
        {list.map((s) => (
          <tr key={s.id}>
            <td className="nowrap">{formatDateTime(s.at)}</td>
            <td className="nowrap mono">{s.ip ?? ''}</td>
            <td className={`nowrap sign-in--${s.outcome}`}>{t(`members.signIn.outcomes.${s.outcome}`)}</td>
            <td className="long-text">{s.userAgent ?? ''}</td>
          </tr>
        ))}
      </TabTable>
      <Pager page={page} pages={pagesOf(result.data)} onPage={setPage} />
    </>
  );
}
