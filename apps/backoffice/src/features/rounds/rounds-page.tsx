import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ZMemberRoundsQuery, ZRoundParams } from '@casino/contracts/backoffice-games';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, NOWRAP } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { Field, useFieldText } from '../../components/field.tsx';
import { pageOf, pageCount, Pager } from '../../components/pager.tsx';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import './rounds.css';
import { useMemberRounds, useRound } from './queries.ts';
import { FailureNotice } from '../../components/notice.tsx';
import { Facts } from '../../components/facts.tsx';

export const ROUNDS_PAGE_SIZE = 20;
const ID = { className: 'rounds__id', headerClassName: '' };

/** One round with every wallet call of it: what a dispute is settled on. */
function RoundDetail({ provider, roundId }: { provider: string; roundId: string }) {
  const { t, i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  const round = useRound({ provider, roundId });
  if (round.isPending) return <p className="muted">{t('rounds.loading')}</p>;
  if (round.isError) return <FailureNotice error={round.error} />;
  if (round.data.status !== 'success')
    return (
      <p role="status" className="notice notice--warn">
        {t('rounds.notFound', { provider, roundId })}
      </p>
    );
  const r = round.data.round;
  return (
    <section className="rounds__detail" aria-label={t('rounds.detail')}>
      <Facts
        className="rounds__facts"
        items={[
          [t('rounds.provider'), r.provider],
          [t('rounds.roundId'), r.roundId, 'rounds__id'],
          [t('rounds.member'), r.userId],
          [t('rounds.game'), r.gameCode],
          [t('rounds.bet'), won(r.bet), 'num'],
          [t('rounds.win'), won(r.win), 'num'],
          [t('rounds.rolledBack'), won(r.rolledBack), 'num'],
          [t('rounds.result'), won(r.win - r.bet), 'num'],
          [t('rounds.closed'), r.closed ? t('rounds.yes') : t('rounds.no')],
          [t('rounds.started'), formatDateTime(r.regDate), 'nowrap'],
          [t('rounds.last'), formatDateTime(r.lastDate), 'nowrap'],
        ]}
      />
      <DataTable
        columns={[
          { key: 'time', header: t('rounds.time'), ...NOWRAP, cell: (c) => formatDateTime(c.regDate) },
          {
            key: 'action',
            header: t('rounds.action'),
            cell: (c) => (
              <span className={`rounds__action rounds__action--${c.action}`}>
                {t(`rounds.actions.${c.action}`)}
              </span>
            ),
          },
          { key: 'transaction', header: t('rounds.transaction'), ...ID, cell: (c) => c.transactionId },
          { key: 'reference', header: t('rounds.reference'), ...ID, cell: (c) => c.referenceId ?? '' },
          { key: 'amount', header: t('rounds.amount'), className: 'num', cell: (c) => won(c.amount) },
          { key: 'outcome', header: t('rounds.outcome'), ...NOWRAP, cell: (c) => c.outcome },
          {
            key: 'rolledBack',
            header: t('rounds.rolledBackCall'),
            cell: (c) => (c.rolledBack ? t('rounds.yes') : ''),
          },
          { key: 'comp', header: t('rounds.comp'), className: 'num', cell: (c) => c.compPoints },
          { key: 'ledger', header: t('rounds.ledger'), className: 'num', cell: (c) => c.transferId ?? '—' },
        ]}
        rows={round.data.calls}
        rowKey={(c) => c.transactionId}
        empty={t('rounds.none')}
      />
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
  const list = useMemberRounds({ userId, page, pageSize: ROUNDS_PAGE_SIZE });
  if (list.isError) return <FailureNotice error={list.error} />;
  if (!list.data) return <p className="muted">{t('rounds.loading')}</p>;
  if (list.data.status !== 'success')
    return (
      <p role="status" className="notice notice--warn">
        {t('rounds.noMember', { userId })}
      </p>
    );
  const pages = pageCount(list.data.maxCount, ROUNDS_PAGE_SIZE);
  return (
    <section aria-label={t('rounds.memberRounds', { userId })}>
      <h2 className="rounds__subtitle">{t('rounds.memberRounds', { userId })}</h2>
      <DataTable
        columns={[
          { key: 'started', header: t('rounds.started'), ...NOWRAP, cell: (r) => formatDateTime(r.regDate) },
          { key: 'provider', header: t('rounds.provider'), cell: (r) => r.provider },
          { key: 'game', header: t('rounds.game'), cell: (r) => r.gameName },
          { key: 'round', header: t('rounds.roundId'), ...ID, cell: (r) => r.roundId },
          { key: 'bet', header: t('rounds.bet'), className: 'num', cell: (r) => won(r.bet) },
          { key: 'win', header: t('rounds.win'), className: 'num', cell: (r) => won(r.win) },
          {
            key: 'open',
            header: t('queue.actions'),
            cell: (r) => (
              <button type="button" className="btn btn--small" onClick={() => onPick(r.provider, r.roundId)}>
                {t('rounds.open')}
              </button>
            ),
          },
        ]}
        rows={list.data.list}
        rowKey={(r) => `${r.provider}:${r.roundId}`}
        empty={t('rounds.none')}
      />
      <Pager page={page} pages={pages} onPage={onPage} />
    </section>
  );
}

const ROUND_FIELDS = ['provider', 'roundId'] as const;
const MEMBER_FIELDS = ['userId'] as const;

function trimmed({ provider, roundId }: { provider: string; roundId: string }) {
  return { provider: provider.trim(), roundId: roundId.trim() };
}

/** The member's ID as the server keeps it. */
function memberOf({ userId }: { userId: string }) {
  return { userId: userId.trim().toLowerCase() };
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
  const page = pageOf(search);
  const fieldText = useFieldText('rounds');
  const byRound = useContractForm<{ provider: string; roundId: string }>({
    fields: ROUND_FIELDS,
    defaultValues: { provider, roundId },
    validate: (values) => schemaCodes(ZRoundParams, trimmed(values), ROUND_FIELDS),
  });
  const byMember = useContractForm<{ userId: string }>({
    fields: MEMBER_FIELDS,
    defaultValues: { userId },
    validate: (values) => schemaCodes(ZMemberRoundsQuery, memberOf(values), MEMBER_FIELDS),
  });

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
        <Form
          form={byRound}
          className="rounds__form"
          aria-label={t('rounds.byRound')}
          onValid={(values) => {
            const round = trimmed(values);
            go({ provider: round.provider, round: round.roundId, userId });
          }}
        >
          <Field label={t('rounds.provider')} status={byRound.statusOf('provider', fieldText('provider'))}>
            {(aria) => <input maxLength={32} {...aria} {...byRound.register('provider')} />}
          </Field>
          <Field label={t('rounds.roundId')} status={byRound.statusOf('roundId', fieldText('roundId'))}>
            {(aria) => <input maxLength={100} {...aria} {...byRound.register('roundId')} />}
          </Field>
          <button type="submit" className="btn btn--primary">
            {t('rounds.find')}
          </button>
        </Form>
        <Form
          form={byMember}
          className="rounds__form"
          aria-label={t('rounds.byMember')}
          onValid={(values) => go(memberOf(values))}
        >
          <Field label={t('rounds.member')} status={byMember.statusOf('userId', fieldText('userId'))}>
            {(aria) => <input maxLength={16} {...aria} {...byMember.register('userId')} />}
          </Field>
          <button type="submit" className="btn">
            {t('rounds.findMember')}
          </button>
        </Form>
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
            byRound.reset({ provider: p, roundId: r });
            go({ userId, page: String(page), provider: p, round: r });
          }}
        />
      )}
    </div>
  );
}
