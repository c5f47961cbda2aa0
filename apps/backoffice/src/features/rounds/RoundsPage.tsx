import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pager } from '../../components/Pager.tsx';
import { apiQuery, errorKey } from '../../lib/api.ts';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import './rounds.css';

export const ROUNDS_PAGE_SIZE = 20;

/** One round with every wallet call of it: what a dispute is settled on. */
function RoundDetail({ provider, roundId }: { provider: string; roundId: string }) {
  const { t, i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  const round = useQuery({
    ...apiQuery('rounds.get', { params: { provider, roundId } }),
  });
  if (round.isPending) return <p className="muted">{t('rounds.loading')}</p>;
  if (round.isError)
    return (
      <p role="alert" className="notice notice--error">
        {t(errorKey(round.error))}
      </p>
    );
  if (round.data.status !== 'success')
    return (
      <p role="status" className="notice notice--warn">
        {t('rounds.notFound', { provider, roundId })}
      </p>
    );
  const r = round.data.round;
  return (
    <section className="rounds__detail" aria-label={t('rounds.detail')}>
      <dl className="rounds__facts">
        <div>
          <dt>{t('rounds.provider')}</dt>
          <dd>{r.provider}</dd>
        </div>
        <div>
          <dt>{t('rounds.roundId')}</dt>
          <dd className="rounds__id">{r.roundId}</dd>
        </div>
        <div>
          <dt>{t('rounds.member')}</dt>
          <dd>{r.userId}</dd>
        </div>
        <div>
          <dt>{t('rounds.game')}</dt>
          <dd>{r.gameCode}</dd>
        </div>
        <div>
          <dt>{t('rounds.bet')}</dt>
          <dd className="num">{won(r.bet)}</dd>
        </div>
        <div>
          <dt>{t('rounds.win')}</dt>
          <dd className="num">{won(r.win)}</dd>
        </div>
        <div>
          <dt>{t('rounds.rolledBack')}</dt>
          <dd className="num">{won(r.rolledBack)}</dd>
        </div>
        <div>
          <dt>{t('rounds.result')}</dt>
          <dd className="num">{won(r.win - r.bet)}</dd>
        </div>
        <div>
          <dt>{t('rounds.closed')}</dt>
          <dd>{r.closed ? t('rounds.yes') : t('rounds.no')}</dd>
        </div>
        <div>
          <dt>{t('rounds.started')}</dt>
          <dd className="nowrap">{formatDateTime(r.regDate)}</dd>
        </div>
        <div>
          <dt>{t('rounds.last')}</dt>
          <dd className="nowrap">{formatDateTime(r.lastDate)}</dd>
        </div>
      </dl>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('rounds.time')}</th>
              <th scope="col">{t('rounds.action')}</th>
              <th scope="col">{t('rounds.transaction')}</th>
              <th scope="col">{t('rounds.reference')}</th>
              <th scope="col" className="num">
                {t('rounds.amount')}
              </th>
              <th scope="col">{t('rounds.outcome')}</th>
              <th scope="col">{t('rounds.rolledBackCall')}</th>
              <th scope="col" className="num">
                {t('rounds.comp')}
              </th>
              <th scope="col" className="num">
                {t('rounds.ledger')}
              </th>
            </tr>
          </thead>
          <tbody>
            {round.data.calls.map((c) => (
              <tr key={c.transactionId}>
                <td className="nowrap">{formatDateTime(c.regDate)}</td>
                <td>
                  <span className={`rounds__action rounds__action--${c.action}`}>
                    {t(`rounds.actions.${c.action}`)}
                  </span>
                </td>
                <td className="rounds__id">{c.transactionId}</td>
                <td className="rounds__id">{c.referenceId ?? ''}</td>
                <td className="num">{won(c.amount)}</td>
                <td className="nowrap">{c.outcome}</td>
                <td>{c.rolledBack ? t('rounds.yes') : ''}</td>
                <td className="num">{c.compPoints}</td>
                <td className="num">{c.transferId ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A member's rounds, newest first; choosing one shows its detail. */
function MemberRounds({
  userId,
  page,
  onPage,
  onPick,
}: {
  userId: string;
  page: number;
  onPage: (p: number) => void;
  onPick: (provider: string, roundId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  const list = useQuery({
    ...apiQuery('rounds.ofMember', { query: { userId, page, pageSize: ROUNDS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  if (list.isError)
    return (
      <p role="alert" className="notice notice--error">
        {t(errorKey(list.error))}
      </p>
    );
  if (!list.data) return <p className="muted">{t('rounds.loading')}</p>;
  if (list.data.status !== 'success')
    return (
      <p role="status" className="notice notice--warn">
        {t('rounds.noMember', { userId })}
      </p>
    );
  const pages = Math.max(1, Math.ceil(list.data.maxCount / ROUNDS_PAGE_SIZE));
  return (
    <section aria-label={t('rounds.memberRounds', { userId })}>
      <h2 className="rounds__subtitle">{t('rounds.memberRounds', { userId })}</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('rounds.started')}</th>
              <th scope="col">{t('rounds.provider')}</th>
              <th scope="col">{t('rounds.game')}</th>
              <th scope="col">{t('rounds.roundId')}</th>
              <th scope="col" className="num">
                {t('rounds.bet')}
              </th>
              <th scope="col" className="num">
                {t('rounds.win')}
              </th>
              <th scope="col">{t('queue.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.list.map((r) => (
              <tr key={`${r.provider}:${r.roundId}`}>
                <td className="nowrap">{formatDateTime(r.regDate)}</td>
                <td>{r.provider}</td>
                <td>{r.gameName}</td>
                <td className="rounds__id">{r.roundId}</td>
                <td className="num">{won(r.bet)}</td>
                <td className="num">{won(r.win)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn--small"
                    onClick={() => onPick(r.provider, r.roundId)}
                  >
                    {t('rounds.open')}
                  </button>
                </td>
              </tr>
            ))}
            {list.data.list.length === 0 && (
              <tr>
                <td colSpan={7} className="empty">
                  {t('rounds.none')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} onPage={onPage} />
    </section>
  );
}

/**
 * Round lookup for disputes (owner, cashier, support): a round by provider and round id with every
 * wallet call, amounts and times; or a member's recent rounds. The search lives in the URL, so a
 * lookup can be shared with another operator.
 */
export function RoundsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const provider = search.get('provider') ?? '';
  const roundId = search.get('round') ?? '';
  const userId = search.get('userId') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [form, setForm] = useState({ provider, roundId, userId });

  const go = (next: Record<string, string>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) params.set(k, v);
    setSearch(params);
  };

  return (
    <div className="rounds">
      <div className="page-head">
        <h1 className="page-title">{t('rounds.title')}</h1>
      </div>
      <div className="rounds__forms">
        <form
          className="rounds__form"
          aria-label={t('rounds.byRound')}
          onSubmit={(event) => {
            event.preventDefault();
            go({ provider: form.provider.trim(), round: form.roundId.trim(), userId });
          }}
        >
          <label className="field">
            <span>{t('rounds.provider')}</span>
            <input
              required
              maxLength={32}
              value={form.provider}
              onChange={(e) => setForm({ ...form, provider: e.target.value })}
            />
          </label>
          <label className="field">
            <span>{t('rounds.roundId')}</span>
            <input
              required
              maxLength={100}
              value={form.roundId}
              onChange={(e) => setForm({ ...form, roundId: e.target.value })}
            />
          </label>
          <button type="submit" className="btn btn--primary">
            {t('rounds.find')}
          </button>
        </form>
        <form
          className="rounds__form"
          aria-label={t('rounds.byMember')}
          onSubmit={(event) => {
            event.preventDefault();
            go({ userId: form.userId.trim().toLowerCase() });
          }}
        >
          <label className="field">
            <span>{t('rounds.member')}</span>
            <input
              required
              maxLength={16}
              value={form.userId}
              onChange={(e) => setForm({ ...form, userId: e.target.value })}
            />
          </label>
          <button type="submit" className="btn">
            {t('rounds.findMember')}
          </button>
        </form>
      </div>
      {provider && roundId && (
        <RoundDetail key={`${provider}/${roundId}`} provider={provider} roundId={roundId} />
      )}
      {userId && (
        <MemberRounds
          userId={userId}
          page={page}
          onPage={(p) => go({ userId, page: String(p), provider, round: roundId })}
          onPick={(p, r) => {
            setForm({ ...form, provider: p, roundId: r });
            go({ userId, page: String(page), provider: p, round: r });
          }}
        />
      )}
    </div>
  );
}
