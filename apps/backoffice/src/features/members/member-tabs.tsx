import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { keepPreviousData, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../lib/api.ts';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import { DataTable, NOWRAP, type TColumn } from '@casino/web-kit/data-table.tsx';
import { Pager } from '../../components/pager.tsx';
import { ProtectionTab } from './protection-tab.tsx';
import { useMemberLedger } from './queries.ts';
import { FailureNotice } from '../../components/notice.tsx';

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
function usePaged<T extends TPagedAnswer<unknown>>(
  pageOf: (page: number) => UseQueryOptions<T, Error, T, readonly unknown[]>,
) {
  const [page, setPage] = useState(1);
  const result = useQuery({ ...pageOf(page), placeholderData: keepPreviousData });
  return { result, page, setPage };
}

/** A member's list answer: its rows and count when the member exists. */
interface TPagedAnswer<R> {
  status: string;
  list?: readonly R[];
  maxCount?: number;
}

/** The row of a list answer. */
type TRowOf<T> = T extends { list: readonly (infer R)[] } ? R : never;

/** The rows of an answer (none when the member is gone), undefined while it loads. */
function rowsOf<T extends TPagedAnswer<unknown>>(data: T | undefined): readonly TRowOf<T>[] | undefined {
  if (!data) return undefined;
  return data.status === 'success' ? ((data.list ?? []) as readonly TRowOf<T>[]) : [];
}

function pagesOf(data: TPagedAnswer<unknown> | undefined): number {
  return data && data.status === 'success' ? Math.max(1, Math.ceil((data.maxCount ?? 0) / TAB_PAGE_SIZE)) : 1;
}

/** A tab's table on the web kit's data table: its failure above it, and its pager under it when paged. */
function TabTable<R>({
  columns,
  rows,
  rowKey,
  error,
  children,
}: {
  columns: readonly TColumn<R>[];
  rows: readonly R[] | undefined;
  rowKey: (row: R) => string | number;
  error: unknown;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FailureNotice error={error} />
      <DataTable columns={columns} rows={rows} rowKey={rowKey} empty={t('members.tabEmpty')} />
      {children}
    </>
  );
}

/** A paged tab: one page of `pageOf`'s list in `columns`, with the pager. */
function PagedTab<T extends TPagedAnswer<unknown>>({
  pageOf,
  columns,
  rowKey,
}: {
  pageOf: (page: number) => UseQueryOptions<T, Error, T, readonly unknown[]>;
  columns: readonly TColumn<TRowOf<T>>[];
  rowKey: (row: TRowOf<T>) => string | number;
}) {
  const { result, page, setPage } = usePaged(pageOf);
  return (
    <TabTable columns={columns} rows={rowsOf(result.data)} rowKey={rowKey} error={result.error}>
      <Pager page={page} pages={pagesOf(result.data)} onPage={setPage} />
    </TabTable>
  );
}

const NUM = { className: 'num' };

function LedgerTab({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const ledger = useMemberLedger(userId, TAB_PAGE_SIZE);
  const rows = ledger.data?.pages.flatMap((p) => (p.status === 'success' ? p.list : []));
  const won = (n: number) => formatWon(n, i18n.language);
  type TEntry = NonNullable<typeof rows>[number];
  const columns: TColumn<TEntry>[] = [
    { key: 'date', header: t('members.ledger.date'), ...NOWRAP, cell: (e) => formatDateTime(e.regDate) },
    {
      key: 'kind',
      header: t('members.ledger.kind'),
      ...NOWRAP,
      cell: (e) => t(`members.ledger.kinds.${e.kind}`, { defaultValue: e.kind }),
    },
    {
      key: 'code',
      header: t('members.ledger.code'),
      ...NOWRAP,
      cell: (e) => t(`members.ledger.codes.${e.code}`, { defaultValue: e.code }),
    },
    {
      key: 'amount',
      header: t('members.ledger.amount'),
      ...NUM,
      cell: (e) => <span className={e.amount < 0 ? 'amount--minus' : undefined}>{won(e.amount)}</span>,
    },
    {
      key: 'after',
      header: t('members.ledger.after'),
      ...NUM,
      cell: (e) => (e.balanceAfter === null ? '' : won(e.balanceAfter)),
    },
    { key: 'reason', header: t('members.ledger.reason'), className: 'reason', cell: (e) => e.reason ?? '' },
  ];
  return (
    <TabTable columns={columns} rows={rows} rowKey={(e) => `${e.id}:${e.kind}`} error={ledger.error}>
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
    </TabTable>
  );
}

function RequestsTab({ userId, kind }: { userId: string; kind: 'deposit' | 'withdraw' }) {
  const { t, i18n } = useTranslation();
  return (
    <PagedTab
      pageOf={(page) =>
        apiQuery('members.requests', { params: { userId }, query: { kind, page, pageSize: TAB_PAGE_SIZE } })
      }
      rowKey={(r) => r.id}
      columns={[
        { key: 'id', header: t('members.request.id'), ...NUM, cell: (r) => r.id },
        {
          key: 'amount',
          header: t('members.request.amount'),
          ...NUM,
          cell: (r) => formatWon(r.amount, i18n.language),
        },
        {
          key: 'state',
          header: t('members.request.state'),
          cell: (r) => <span className={`state state--${r.state}`}>{t(`state.${r.state}`)}</span>,
        },
        { key: 'date', header: t('members.request.date'), ...NOWRAP, cell: (r) => formatDateTime(r.regDate) },
        {
          key: 'last',
          header: t('members.request.last'),
          ...NOWRAP,
          cell: (r) => formatDateTime(r.lastDate),
        },
        {
          key: 'reason',
          header: t('members.request.reason'),
          className: 'reason',
          cell: (r) => r.reason ?? '',
        },
      ]}
    />
  );
}

function RoundsTab({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ko';
  const won = (n: number) => formatWon(n, i18n.language);
  return (
    <PagedTab
      pageOf={(page) =>
        apiQuery('members.rounds', { params: { userId }, query: { lang, page, pageSize: TAB_PAGE_SIZE } })
      }
      rowKey={(r) => r.id}
      columns={[
        { key: 'date', header: t('members.round.date'), ...NOWRAP, cell: (r) => formatDateTime(r.regDate) },
        { key: 'provider', header: t('members.round.provider'), ...NOWRAP, cell: (r) => r.provider },
        { key: 'game', header: t('members.round.game'), cell: (r) => r.gameName },
        {
          key: 'round',
          header: t('members.round.round'),
          className: 'nowrap mono',
          headerClassName: '',
          cell: (r) => r.roundId,
        },
        { key: 'bet', header: t('members.round.bet'), ...NUM, cell: (r) => won(r.bet) },
        { key: 'win', header: t('members.round.win'), ...NUM, cell: (r) => won(r.win) },
      ]}
    />
  );
}

function NotesTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <PagedTab
      pageOf={(page) =>
        apiQuery('members.notes', { params: { userId }, query: { page, pageSize: TAB_PAGE_SIZE } })
      }
      rowKey={(n) => n.id}
      columns={[
        { key: 'date', header: t('members.note.date'), ...NOWRAP, cell: (n) => formatDateTime(n.regDate) },
        { key: 'title', header: t('members.note.title'), cell: (n) => n.title },
        {
          key: 'contents',
          header: t('members.note.contents'),
          className: 'long-text',
          cell: (n) => textOf(n.contents),
        },
        {
          key: 'read',
          header: t('members.note.read'),
          ...NOWRAP,
          cell: (n) => (n.isRead ? t('members.note.read') : t('members.note.unread')),
        },
      ]}
    />
  );
}

function HelpsTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <PagedTab
      pageOf={(page) =>
        apiQuery('members.helps', { params: { userId }, query: { page, pageSize: TAB_PAGE_SIZE } })
      }
      rowKey={(h) => h.id}
      columns={[
        { key: 'date', header: t('members.help.date'), ...NOWRAP, cell: (h) => formatDateTime(h.regDate) },
        { key: 'title', header: t('members.help.title'), cell: (h) => h.title },
        {
          key: 'contents',
          header: t('members.help.contents'),
          className: 'long-text',
          cell: (h) => h.contents,
        },
        {
          key: 'answer',
          header: t('members.help.answer'),
          className: 'long-text',
          cell: (h) => (h.answer ? textOf(h.answer) : ''),
        },
        {
          key: 'state',
          header: t('members.help.state'),
          ...NOWRAP,
          cell: (h) => t(h.state === 'wait' ? 'members.help.wait' : 'members.help.answered'),
        },
      ]}
    />
  );
}

function SignInsTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <PagedTab
      pageOf={(page) =>
        apiQuery('members.signIns', { params: { userId }, query: { page, pageSize: TAB_PAGE_SIZE } })
      }
      rowKey={(s) => s.id}
      columns={[
        { key: 'date', header: t('members.signIn.date'), ...NOWRAP, cell: (s) => formatDateTime(s.at) },
        {
          key: 'ip',
          header: t('members.signIn.ip'),
          className: 'nowrap mono',
          headerClassName: '',
          cell: (s) => s.ip ?? '',
        },
        {
          key: 'outcome',
          header: t('members.signIn.outcome'),
          ...NOWRAP,
          cell: (s) => (
            <span className={`sign-in--${s.outcome}`}>{t(`members.signIn.outcomes.${s.outcome}`)}</span>
          ),
        },
        {
          key: 'userAgent',
          header: t('members.signIn.userAgent'),
          className: 'long-text',
          cell: (s) => s.userAgent ?? '',
        },
      ]}
    />
  );
}
