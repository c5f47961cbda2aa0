import { useTranslation } from 'react-i18next';
import type { TCashierReviewResponse } from '@casino/contracts/backoffice-cashier';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import { useReview } from './queries.ts';
import { FailureNotice } from '../../components/notice.tsx';

type TKind = 'deposit' | 'withdraw';
type TReview = Extract<TCashierReviewResponse, { status: 'success' }>;

function Flag({ on, label }: { on: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${on ? 'queues-flag--warn' : 'queues-flag--ok'}`}>
      {on ? '⚠ ' : '✓ '}
      {label}
      <span className="visually-hidden"> {on ? t('queues.flagWarn') : t('queues.flagOk')}</span>
    </span>
  );
}

function Checks({ review }: { review: TReview }) {
  const { t, i18n } = useTranslation();
  const c = review.checks;
  if (!c) return null;
  const won = (n: number) => formatWon(n, i18n.language);
  return (
    <div className="queues-checks">
      <h3 className="queues-sub">{t('queues.checks')}</h3>
      <ul className="queues-check-list">
        <li>
          <Flag on={c.turnover.flag} label={t('queues.turnover')} />{' '}
          {c.turnover.lastDeposit
            ? t('queues.turnoverDetail', {
                bets: won(c.turnover.bets),
                deposit: won(c.turnover.lastDeposit.amount),
                percent: c.turnover.percent,
                id: c.turnover.lastDeposit.id,
              })
            : t('queues.noDeposit')}
        </li>
        <li>
          <Flag on={c.depositorName.flag} label={t('queues.depositorName')} />{' '}
          {c.depositorName.flag
            ? t('queues.depositorMismatch', {
                owner: c.depositorName.bankOwner,
                names: c.depositorName.mismatches.map((m) => `${m.depositor} (#${m.id})`).join(', '),
              })
            : t('queues.depositorMatch', { owner: c.depositorName.bankOwner })}
        </li>
        <li>
          <Flag on={c.sharedIp.flag} label={t('queues.sharedIp')} />{' '}
          {c.sharedIp.flag
            ? groupByMemberAndIp(c.sharedIp.members)
                .map(
                  (m) =>
                    `${m.userId} (${m.ip}: ${m.sources.map((s) => t(`queues.ipSource.${s}`)).join(', ')})`,
                )
                .join(' · ')
            : t('queues.sharedIpNone', { ips: c.sharedIp.ips.join(', ') || '-' })}
        </li>
        <li>
          <Flag on={c.sharedBank.flag} label={t('queues.sharedBank')} />{' '}
          {c.sharedBank.flag
            ? c.sharedBank.members
                .map((m) => `${m.userId} (${t(`queues.bankSource.${m.source}`)})`)
                .join(', ')
            : t('queues.sharedBankNone')}
        </li>
      </ul>
    </div>
  );
}

/** Beside a request: the member's balances, latest requests and, for a withdrawal, the safety checks. */
export function ReviewPanel({ kind, id }: { kind: TKind; id: number }) {
  const { t, i18n } = useTranslation();
  const review = useReview(kind, id);
  const won = (n: number) => formatWon(n, i18n.language);
  if (review.isPending) return <p className="muted">{t('queues.loading')}</p>;
  if (review.isError) return <FailureNotice error={review.error} />;
  if (review.data.status !== 'success') return <p className="muted">{t('queue.notFound', { id })}</p>;
  const r = review.data;
  const recent = (rows: TReview['recent']['deposits'], title: string) => (
    <div>
      <h3 className="queues-sub">{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">{t('queue.empty')}</p>
      ) : (
        <table className="table queues-mini">
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="num">#{row.id}</td>
                <td className="num">{won(row.amount)}</td>
                <td>
                  <span className={`state state--${row.state}`}>{t(`state.${row.state}`)}</span>
                </td>
                <td className="nowrap">{formatDateTime(row.regDate)}</td>
                {row.depositor !== undefined && <td>{row.depositor}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
  return (
    <div className="queues-review" aria-label={t('queues.reviewOf', { id })}>
      <div>
        <h3 className="queues-sub">{t('queues.memberBox')}</h3>
        <dl className="queues-facts">
          <dt>{t('queue.member')}</dt>
          <dd>
            {r.member.userId} ({r.member.nick}) · Lv.{r.member.level} · {t(`memberState.${r.member.state}`)}
          </dd>
          <dt>{t('queues.cash')}</dt>
          <dd className="queues-cash">{won(r.member.balance)}</dd>
          <dt>{t('queues.points')}</dt>
          <dd>{won(r.member.rolling)}</dd>
          <dt>{t('queues.gameWallet')}</dt>
          <dd>{won(r.member.inBalance)}</dd>
          <dt>{t('queue.bank')}</dt>
          <dd>{[r.member.bankname, r.member.banknum, r.member.bankOwner].filter(Boolean).join(' · ')}</dd>
        </dl>
      </div>
      {recent(r.recent.deposits, t('queues.recentDeposits'))}
      {recent(r.recent.withdraws, t('queues.recentWithdraws'))}
      <Checks review={r} />
    </div>
  );
}

/** One entry per other member and address, with every place it was seen (registration, sign-in, session). */
function groupByMemberAndIp<S extends string>(
  seen: readonly { userId: string; ip: string; source: S }[],
): { userId: string; ip: string; sources: S[] }[] {
  const groups = new Map<string, { userId: string; ip: string; sources: S[] }>();
  for (const { userId, ip, source } of seen) {
    const key = `${userId}\u0000${ip}`;
    const group = groups.get(key) ?? { userId, ip, sources: [] };
    if (!group.sources.includes(source)) group.sources.push(source);
    groups.set(key, group);
  }
  return [...groups.values()];
}
