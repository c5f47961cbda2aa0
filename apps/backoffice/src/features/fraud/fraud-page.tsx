import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ZBlacklistAddRequest, type TBlacklistKind } from '@casino/contracts/backoffice-blacklist';
import {
  ZFraudCloseRequest,
  type TFraudFlag,
  type TFraudLink,
  type TFraudRing,
  type TLinkKind,
} from '@casino/contracts/backoffice-fraud';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { roleCan } from '@casino/contracts/backoffice-permissions';
import { Dialog } from '../../app/dialog.tsx';
import { useOperator } from '../../app/session.ts';
import { AskDeleteDialog, useDeleteAfterAsking } from '../../components/ask-delete.tsx';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { FailureNotice, Notice } from '../../components/notice.tsx';
import { pageOf, UrlPager } from '../../components/pager.tsx';
import { apiKey, apiQuery, useApiMutation } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { FraudSettings } from './fraud-settings.tsx';
import './fraud.css';

export const PAGE_SIZE = 20;
const RINGS_KEY = apiKey('fraud.rings');
const FLAGS_KEY = apiKey('fraud.flags');

/** The blacklist kind a linking value goes in: an address or its range as `ip`. */
const BLACKLIST_KIND: Record<TLinkKind, TBlacklistKind> = {
  device: 'device',
  bank: 'bank',
  phone: 'phone',
  ip: 'ip',
  range: 'ip',
};

type TMessage = { tone: 'ok' | 'error'; text: string } | null;

/** The reason asked before a ring's value goes on the blacklist (the blacklist's own add route). */
function BlacklistDialog({
  ring,
  onClose,
  onDone,
}: {
  ring: TFraudRing | null;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const fieldText = useFieldText('fraud');
  const failure = useFailureText('fraud');
  const form = useContractForm<{ reason: string }>({
    fields: ['reason'] as const,
    defaultValues: { reason: '' },
    validate: (values) =>
      schemaCodes(
        ZBlacklistAddRequest,
        { kind: ring ? BLACKLIST_KIND[ring.kind] : 'ip', value: ring?.value ?? '', reason: values.reason },
        ['reason'] as const,
      ),
  });
  const add = useApiMutation('blacklist.add', {
    input: (values: { reason: string }) => ({
      body: { kind: BLACKLIST_KIND[ring!.kind], value: ring!.value, reason: values.reason },
    }),
    invalidates: [RINGS_KEY],
    onSuccess: (answer) => {
      form.reset({ reason: '' });
      onDone(t(answer.status === 'already' ? 'fraud.alreadyListed' : 'fraud.listed', { value: ring!.value }));
    },
    onError: (error) => form.showServerErrors(error) || form.failForm(failure(error)),
  });
  return (
    <Dialog
      open={ring !== null}
      onOpenChange={(open) => !open && !add.isPending && onClose()}
      title={t('fraud.blacklistTitle', { value: ring?.value ?? '' })}
    >
      <Form
        form={form}
        onValid={(values) => add.mutate(values)}
        aria-label={t('fraud.blacklistTitle', { value: '' })}
      >
        <Field label={t('fraud.reason')} status={form.statusOf('reason', fieldText('reason'))}>
          {(aria) => <input {...aria} maxLength={200} {...form.register('reason')} />}
        </Field>
        <FormMessage text={form.formMessage} />
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" disabled={add.isPending} onClick={onClose}>
            {t('queue.cancel')}
          </button>
          <button type="submit" className="btn btn--danger" disabled={add.isPending}>
            {t('fraud.blacklist')}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

/** The note asked before a review entry is closed. */
function CloseDialog({
  flag,
  onClose,
  onDone,
}: {
  flag: TFraudFlag | null;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const fieldText = useFieldText('fraud');
  const failure = useFailureText('fraud');
  const form = useContractForm<{ note: string }>({
    fields: ['note'] as const,
    defaultValues: { note: '' },
    validate: (values) => schemaCodes(ZFraudCloseRequest, values, ['note'] as const),
  });
  const close = useApiMutation('fraud.flags.close', {
    input: (values: { note: string }) => ({ params: { id: flag!.id }, body: values }),
    invalidates: [FLAGS_KEY],
    onSuccess: (answer) => {
      form.reset({ note: '' });
      onDone(t(answer.status === 'success' ? 'fraud.closed' : 'fraud.closedBefore'));
    },
    onError: (error) => form.showServerErrors(error) || form.failForm(failure(error)),
  });
  return (
    <Dialog
      open={flag !== null}
      onOpenChange={(open) => !open && !close.isPending && onClose()}
      title={t('fraud.closeTitle')}
    >
      <Form form={form} onValid={(values) => close.mutate(values)} aria-label={t('fraud.closeTitle')}>
        <Field label={t('fraud.note')} status={form.statusOf('note', fieldText('note'))}>
          {(aria) => <textarea {...aria} rows={3} maxLength={500} {...form.register('note')} />}
        </Field>
        <FormMessage text={form.formMessage} />
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" disabled={close.isPending} onClick={onClose}>
            {t('queue.cancel')}
          </button>
          <button type="submit" className="btn" disabled={close.isPending}>
            {t('fraud.close')}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

/** One member's links (the graph from that member): who, by what, since when, with scores; block from here. */
function LinksPanel({ memberId, onMessage }: { memberId: number; onMessage: (m: TMessage) => void }) {
  const { t } = useTranslation();
  const failure = useFailureText('fraud');
  const input = { params: { id: memberId } };
  const links = useQuery(apiQuery('fraud.links', input));
  const block = useDeleteAfterAsking('members.block', {
    input: (who: { userId: string }) => ({ params: { userId: who.userId } }),
    invalidates: [apiKey('fraud.links', input), RINGS_KEY],
    onDeleted: (who) => onMessage({ tone: 'ok', text: t('fraud.blocked', { userId: who.userId }) }),
    onError: (error) => onMessage({ tone: 'error', text: failure(error) }),
  });
  const data = links.data?.status === 'success' ? links.data : undefined;
  const kinds = (link: TFraudLink) =>
    [...new Set(link.by.map((b) => b.kind))].map((k) => t(`fraud.kinds.${k}`)).join(', ');
  const columns: TColumn<TFraudLink>[] = [
    { key: 'user', header: t('fraud.member'), cell: (l) => `${l.userId} (${l.nick})` },
    { key: 'state', header: t('fraud.state'), cell: (l) => t(`fraud.states.${l.state}`, l.state) },
    {
      key: 'score',
      header: t('fraud.score'),
      className: 'num',
      headerClassName: 'num',
      cell: (l) => l.score,
    },
    { key: 'by', header: t('fraud.by'), cell: kinds },
    {
      key: 'since',
      header: t('fraud.since'),
      className: 'nowrap',
      headerClassName: '',
      cell: (l) => formatDateTime(l.since),
    },
    {
      key: 'actions',
      header: t('queue.actions'),
      className: 'nowrap',
      headerClassName: '',
      cell: (l) =>
        l.state === 'blocked' ? null : (
          <button
            type="button"
            className="btn btn--small btn--danger"
            onClick={() => block.ask({ userId: l.userId })}
          >
            {t('fraud.block')}
          </button>
        ),
    },
  ];
  return (
    <section className="box fraud__graph" aria-labelledby="fraud-graph">
      <FailureNotice error={links.error} />
      {links.data?.status === 'not_found' && <p className="muted">{t('fraud.noMember')}</p>}
      {data && (
        <>
          <h2 id="fraud-graph" className="fraud__heading">
            {t('fraud.graphTitle', { userId: data.member.userId, score: data.score })}
          </h2>
          <p className="muted">
            {t('fraud.graphLead', { count: data.links.length })}
            {data.member.state !== 'blocked' && (
              <>
                {' '}
                <button
                  type="button"
                  className="btn btn--small btn--danger"
                  onClick={() => block.ask({ userId: data.member.userId })}
                >
                  {t('fraud.blockMember', { userId: data.member.userId })}
                </button>
              </>
            )}
          </p>
          <DataTable
            columns={columns}
            rows={data.links}
            rowKey={(l) => l.memberId}
            empty={t('fraud.noLinks')}
          />
        </>
      )}
      <AskDeleteDialog
        {...block.dialog}
        title={t('fraud.askBlock', { userId: block.asking?.userId ?? '' })}
        confirmLabel={t('fraud.block')}
      />
    </section>
  );
}

/** The review of abuse: rings of linked accounts, a member's links, review entries; each action audited. */
export function FraudPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [message, setMessage] = useState<TMessage>(null);
  const [listing, setListing] = useState<TFraudRing | null>(null);
  const [closing, setClosing] = useState<TFraudFlag | null>(null);
  const failure = useFailureText('fraud');
  const me = useOperator();
  const canRead = me.data ? roleCan(me.data.role, 'settingsRead') : false;
  const canEdit = me.data ? roleCan(me.data.role, 'settingsWrite') : false;
  const memberParam = Number(search.get('member'));
  const member = Number.isSafeInteger(memberParam) && memberParam > 0 ? memberParam : undefined;
  const rings = useQuery({
    ...apiQuery('fraud.rings', { query: { page: pageOf(search), pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const flags = useQuery(apiQuery('fraud.flags', { query: { page: 1, pageSize: 50, state: 'open' } }));

  function open(memberId: number) {
    const next = new URLSearchParams(search);
    next.set('member', String(memberId));
    setSearch(next);
  }

  const ringColumns: TColumn<TFraudRing>[] = [
    { key: 'kind', header: t('fraud.kind'), cell: (r) => t(`fraud.kinds.${r.kind}`) },
    { key: 'value', header: t('fraud.value'), cell: (r) => <code>{r.value}</code> },
    {
      key: 'count',
      header: t('fraud.count'),
      className: 'num',
      headerClassName: 'num',
      cell: (r) => r.count,
    },
    {
      key: 'members',
      header: t('fraud.members'),
      cell: (r) => (
        <span className="fraud__members">
          {r.members.map((m) => (
            <button
              key={m.memberId}
              type="button"
              className={`btn btn--small btn--ghost${m.state === 'blocked' ? ' fraud__blocked' : ''}`}
              aria-pressed={member === m.memberId}
              onClick={() => open(m.memberId)}
            >
              {m.userId}
            </button>
          ))}
        </span>
      ),
    },
    {
      key: 'last',
      header: t('fraud.lastSeen'),
      className: 'nowrap',
      headerClassName: '',
      cell: (r) => formatDateTime(r.lastSeen),
    },
    {
      key: 'actions',
      header: t('queue.actions'),
      className: 'nowrap',
      headerClassName: '',
      cell: (r) => (
        <button type="button" className="btn btn--small btn--danger" onClick={() => setListing(r)}>
          {t('fraud.blacklist')}
        </button>
      ),
    },
  ];
  /**
   * What an entry found, in words: how many it is linked to, the two sides of an opposite bet and
   * the round, or the bonus a hunt was found at and the linked members it names.
   */
  function detailsOf(f: TFraudFlag): string {
    if (f.kind === 'bonus_hunt') {
      const hunt = f.details as { bonus?: string; with?: unknown[]; referees?: unknown[] };
      const count = hunt.with?.length ?? 0;
      return hunt.bonus === 'referral'
        ? t('fraud.referralHuntDetails', { count, referees: hunt.referees?.length ?? 0 })
        : t('fraud.firstHuntDetails', { count });
    }
    const d = f.details as {
      linked?: number;
      spots?: string[];
      round?: string;
      with?: { spot: string; roundId: string }[];
    };
    if (f.kind === 'opposite_bet')
      return t('fraud.oppositeDetails', {
        spots: (d.spots ?? []).join(', '),
        others: (d.with ?? []).map((w) => `${w.spot} (${w.roundId})`).join(', '),
        round: d.round ?? '',
      });
    return typeof d.linked === 'number' ? t('fraud.linkedDetails', { count: d.linked }) : '—';
  }

  const canVoid = me.data ? roleCan(me.data.role, 'adjust') : false;
  const voidBonus = useDeleteAfterAsking('fraud.voidBonus', {
    input: (f: TFraudFlag) => ({ params: { id: f.memberId! } }),
    invalidates: [FLAGS_KEY],
    onDeleted: (f) => setMessage({ tone: 'ok', text: t('fraud.bonusVoided', { userId: f.userId ?? '' }) }),
    onError: (error) => setMessage({ tone: 'error', text: failure(error) }),
  });

  const flagColumns: TColumn<TFraudFlag>[] = [
    {
      key: 'at',
      header: t('fraud.at'),
      className: 'nowrap',
      headerClassName: '',
      cell: (f) => formatDateTime(f.at),
    },
    { key: 'kind', header: t('fraud.flagKind'), cell: (f) => t(`fraud.flagKinds.${f.kind}`) },
    {
      key: 'user',
      header: t('fraud.member'),
      cell: (f) =>
        f.memberId === null ? (
          String(f.details.userId ?? '—')
        ) : (
          <button type="button" className="btn btn--small btn--ghost" onClick={() => open(f.memberId!)}>
            {f.userId}
          </button>
        ),
    },
    { key: 'action', header: t('fraud.action'), cell: (f) => t(`fraud.actions.${f.action}`) },
    { key: 'details', header: t('fraud.details'), cell: (f) => detailsOf(f) },
    {
      key: 'actions',
      header: t('queue.actions'),
      className: 'nowrap',
      headerClassName: '',
      cell: (f) => (
        <>
          {canVoid && f.kind === 'bonus_hunt' && f.memberId !== null && (
            <button type="button" className="btn btn--small btn--danger" onClick={() => voidBonus.ask(f)}>
              {t('fraud.voidBonus')}
            </button>
          )}{' '}
          <button type="button" className="btn btn--small" onClick={() => setClosing(f)}>
            {t('fraud.close')}
          </button>
        </>
      ),
    },
  ];

  return (
    <section className="fraud">
      <div className="page-head">
        <h1 className="page-title">{t('fraud.title')}</h1>
        {rings.data && <span className="muted">{t('fraud.ringCount', { count: rings.data.maxCount })}</span>}
      </div>
      <p className="muted">{t('fraud.lead')}</p>
      <Notice tone={message?.tone} text={message?.text} />
      <FailureNotice error={rings.error} />
      <h2 className="fraud__heading">{t('fraud.rings')}</h2>
      <DataTable
        columns={ringColumns}
        rows={rings.data?.list}
        rowKey={(r) => `${r.kind}:${r.value}`}
        empty={t('fraud.noRings')}
      />
      <UrlPager count={rings.data?.maxCount} size={PAGE_SIZE} />
      {member !== undefined && <LinksPanel key={member} memberId={member} onMessage={setMessage} />}
      <section className="box" aria-labelledby="fraud-flags">
        <h2 id="fraud-flags" className="fraud__heading">
          {t('fraud.flags')}
        </h2>
        <FailureNotice error={flags.error} />
        <DataTable
          columns={flagColumns}
          rows={flags.data?.list}
          rowKey={(f) => f.id}
          empty={t('fraud.noFlags')}
        />
      </section>
      {canRead && <FraudSettings canEdit={canEdit} onSaved={(text) => setMessage({ tone: 'ok', text })} />}
      <AskDeleteDialog
        {...voidBonus.dialog}
        title={t('fraud.askVoidBonus', { userId: voidBonus.asking?.userId ?? '' })}
        confirmLabel={t('fraud.voidBonus')}
      />
      <BlacklistDialog
        ring={listing}
        onClose={() => setListing(null)}
        onDone={(text) => {
          setListing(null);
          setMessage({ tone: 'ok', text });
        }}
      />
      <CloseDialog
        flag={closing}
        onClose={() => setClosing(null)}
        onDone={(text) => {
          setClosing(null);
          setMessage({ tone: 'ok', text });
        }}
      />
    </section>
  );
}
