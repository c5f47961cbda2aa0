import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  ZBackofficeHelpAnswerRequest,
  ZBackofficeHelpsQuery,
  type TBackofficeHelp,
  type TBackofficeHelpAnswerRequest,
} from '@casino/contracts/backoffice-helpdesk';
import { HELP_KINDS } from '@casino/contracts/community';
import { hasVisibleContent } from '@casino/contracts/sanitize-html';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, NOWRAP } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { useFieldText } from '../../components/field.tsx';
import { pageOf, pageCount, Pager } from '../../components/pager.tsx';
import { useOperator } from '../../app/session.ts';
import { apiKey, apiQuery, errorKey, useApiMutation } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { LazyRichTextEditor } from '../../lib/html/lazy-rich-text-editor.tsx';
import { SafeHtml } from '../../lib/html/safe-html.tsx';
import { textToHtml } from '../../lib/html/sanitize.ts';
import { accountText, DepositAccountPanel } from './deposit-account.tsx';
import { useEditorLabels } from '../../lib/html/editor-labels.ts';
import './helpdesk.css';
import { useDepositAccount, useHelps } from './queries.ts';
import { FailureNotice } from '../../components/notice.tsx';

export const PAGE_SIZE = 20;
const STATES = ['wait', 'already'] as const;

function pick<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

const SEARCH_FIELDS = ['q'] as const;

/** The words the list is searched for, checked by the list's query schema (a blank search shows all). */
function HelpSearch({ applied, onApply }: { applied: string; onApply: (words: string) => void }) {
  const { t } = useTranslation();
  const fieldText = useFieldText('helpdesk');
  const form = useContractForm<{ q: string }>({
    fields: SEARCH_FIELDS,
    defaultValues: { q: applied },
    validate: ({ q }) => schemaCodes(ZBackofficeHelpsQuery, { q: q.trim() || undefined }, SEARCH_FIELDS),
  });
  const status = form.statusOf('q', fieldText('q'));
  return (
    <Form form={form} role="search" className="inline-field" onValid={({ q }) => onApply(q.trim())}>
      <input
        type="search"
        className="hd-search"
        aria-label={t('helpdesk.filter.search')}
        placeholder={t('helpdesk.filter.searchHint')}
        maxLength={100}
        aria-invalid={status ? true : undefined}
        aria-describedby={status ? 'hd-search-error' : undefined}
        {...form.register('q')}
      />
      <button type="submit" className="btn btn--small">
        {t('helpdesk.filter.searchButton')}
      </button>
      {status && (
        <small id="hd-search-error" className="field-error">
          {status.text}
        </small>
      )}
    </Form>
  );
}

/**
 * The help desk: members' and guests' help posts, filtered by state, kind and words, newest first;
 * a post opens beside the list with its answer form. An account inquiry's form offers the site's
 * deposit account. Answers are operator HTML, sanitized by the editor, by the server when stored
 * and again wherever they are shown.
 */
export function HelpdeskPage() {
  const { t } = useTranslation();
  const operator = useOperator().data;
  const [search, setSearch] = useSearchParams();
  const state = pick(STATES, search.get('state'));
  const kind = pick(HELP_KINDS, search.get('kind'));
  const q = search.get('q')?.trim() || undefined;
  const page = pageOf(search);
  const selectedId = Number(search.get('id')) || null;

  const list = useHelps({ state, kind, q, page, pageSize: PAGE_SIZE });

  function update(changes: Record<string, string | undefined>) {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) params.set(key, value);
      else params.delete(key);
    }
    if (!('page' in changes)) params.delete('page');
    setSearch(params);
  }

  const data = list.data;
  const pages = pageCount(data?.maxCount, PAGE_SIZE);
  const selected = data?.list.find((help) => help.id === selectedId) ?? null;

  return (
    <section className="hd">
      <div className="page-head">
        <h1 className="page-title">{t('helpdesk.title')}</h1>
        <label className="inline-field">
          <span>{t('helpdesk.filter.state')}</span>
          <select
            value={state ?? ''}
            onChange={(event) => update({ state: event.target.value, id: undefined })}
          >
            <option value="">{t('helpdesk.filter.all')}</option>
            <option value="wait">{t('helpdesk.state.wait')}</option>
            <option value="already">{t('helpdesk.state.already')}</option>
          </select>
        </label>
        <label className="inline-field">
          <span>{t('helpdesk.filter.kind')}</span>
          <select
            value={kind ?? ''}
            onChange={(event) => update({ kind: event.target.value, id: undefined })}
          >
            <option value="">{t('helpdesk.filter.all')}</option>
            {HELP_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`helpdesk.kind.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <HelpSearch applied={q ?? ''} onApply={(words) => update({ q: words || undefined, id: undefined })} />
        {data && <span className="muted">{t('queue.total', { count: data.maxCount })}</span>}
        <DepositAccountPanel canEdit={operator?.role === 'owner'} />
      </div>
      <FailureNotice error={list.error} />
      <div className={selected ? 'hd-layout hd-layout--open' : 'hd-layout'}>
        <div>
          <DataTable
            columns={[
              { key: 'id', header: t('queue.id'), className: 'num', cell: (help) => help.id },
              {
                key: 'kind',
                header: t('helpdesk.col.kind'),
                ...NOWRAP,
                cell: (help) => (
                  <span className={`badge hd-kind hd-kind--${help.kind}`}>
                    {t(`helpdesk.kind.${help.kind}`)}
                  </span>
                ),
              },
              {
                key: 'writer',
                header: t('helpdesk.col.writer'),
                ...NOWRAP,
                cell: (help) => <Writer help={help} />,
              },
              {
                key: 'title',
                header: t('helpdesk.col.title'),
                className: 'hd-title-cell',
                headerClassName: '',
                cell: (help) => (
                  <button
                    type="button"
                    className="hd-open"
                    aria-current={help.id === selectedId ? 'true' : undefined}
                    onClick={() => update({ id: String(help.id), page: page > 1 ? String(page) : undefined })}
                  >
                    {help.title}
                  </button>
                ),
              },
              {
                key: 'state',
                header: t('helpdesk.col.state'),
                ...NOWRAP,
                cell: (help) => (
                  <span className={`state state--${help.state}`}>{t(`helpdesk.state.${help.state}`)}</span>
                ),
              },
              {
                key: 'date',
                header: t('helpdesk.col.date'),
                ...NOWRAP,
                cell: (help) => formatDateTime(help.regDate),
              },
              {
                key: 'answeredBy',
                header: t('helpdesk.col.answeredBy'),
                ...NOWRAP,
                cell: (help) => help.answeredBy ?? '',
              },
            ]}
            rows={data?.list}
            rowKey={(help) => help.id}
            rowClassName={(help) => (help.id === selectedId ? 'hd-row hd-row--selected' : 'hd-row')}
            empty={t('helpdesk.empty')}
          />
          <Pager page={page} pages={pages} onPage={(next) => update({ page: String(next), id: undefined })} />
        </div>
        {selected && (
          <HelpDetail
            key={selected.id}
            help={selected}
            onClose={() => update({ id: undefined, page: page > 1 ? String(page) : undefined })}
          />
        )}
      </div>
    </section>
  );
}

function Writer({ help }: { help: TBackofficeHelp }) {
  const { t } = useTranslation();
  if (help.userId) return <span>{help.userId}</span>;
  return (
    <span title={t('helpdesk.guestHint')}>
      {help.guestUserId ? `${help.guestUserId} · ` : ''}
      {help.guestPhone ?? ''}
    </span>
  );
}

const ANSWER_FIELDS = ['answer'] as const;

/** One post, its answer so far, and the answer form. */
function HelpDetail({ help, onClose }: { help: TBackofficeHelp; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const labels = useEditorLabels();
  const account = useDepositAccount();
  // An account inquiry of a member whose level has its own deposit account is answered with that
  // one (docs/api/levels.md), else with the site's.
  const isInquiry = help.kind === 'account_inquiry' && help.userId !== null;
  const member = useQuery({
    ...apiQuery('members.detail', { params: { userId: help.userId ?? '' } }),
    enabled: isInquiry,
  });
  const levels = useQuery({ ...apiQuery('settings.levels'), enabled: isInquiry });
  const fieldText = useFieldText('helpdesk');
  const form = useContractForm<TBackofficeHelpAnswerRequest>({
    fields: ANSWER_FIELDS,
    defaultValues: { answer: help.answer ?? '' },
    // An answer that shows nothing (empty paragraphs) is refused by the server's rule too.
    validate: (values) =>
      hasVisibleContent(values.answer)
        ? schemaCodes(ZBackofficeHelpAnswerRequest, values, ANSWER_FIELDS)
        : { answer: 'required' },
  });
  const answer = form.watch('answer');
  const setAnswer = (next: string) => {
    form.setValue('answer', next, { shouldDirty: true });
    form.clearErrors('answer');
  };
  const answerStatus = form.statusOf('answer', fieldText('answer'));
  const [message, setMessage] = useState<{ tone: 'ok' | 'warn' | 'error'; text: string } | null>(null);

  useEffect(() => setMessage(null), [help.id]);

  const send = useApiMutation('helps.answer', {
    input: (html: string) => ({ params: { id: help.id }, body: { answer: html } }),
    invalidates: [apiKey('helps.list'), apiKey('dashboard.get')],
    onSuccess: (result) => {
      setMessage(
        result.status === 'success'
          ? { tone: 'ok', text: t('helpdesk.answered', { id: help.id }) }
          : { tone: 'warn', text: t('helpdesk.gone', { id: help.id }) },
      );
    },
    onError: (error) =>
      form.showServerErrors(error) || setMessage({ tone: 'error', text: t(errorKey(error)) }),
  });

  const memberLevel = member.data?.status === 'success' ? member.data.member.level : null;
  const levelAccount = levels.data?.levels.find((l) => l.level === memberLevel)?.depositAccount ?? null;
  const current = levelAccount ?? account.data?.account;
  return (
    <article className="box" aria-labelledby="hd-detail-title">
      <header className="hd-detail__head">
        <h2 id="hd-detail-title" className="hd-detail__title">
          {help.title}
        </h2>
        <button type="button" className="btn btn--small btn--ghost" onClick={onClose}>
          {t('helpdesk.close')}
        </button>
      </header>
      <p className="muted hd-detail__meta">
        {t(`helpdesk.kind.${help.kind}`)} · <Writer help={help} /> · {formatDateTime(help.regDate)}
      </p>
      {help.kind === 'guest' && <p className="notice notice--warn">{t('helpdesk.guestHint')}</p>}
      {/* What the member or guest wrote is plain text and shown as text. */}
      <div className="hd-detail__text">{help.contents}</div>
      {help.answer && (
        <section className="hd-detail__answer">
          <h3 className="hd-detail__sub">
            {t('helpdesk.currentAnswer', {
              by: help.answeredBy ?? '',
              at: help.answerDate ? formatDateTime(help.answerDate) : '',
            })}
          </h3>
          <SafeHtml html={help.answer} />
        </section>
      )}
      <Form
        form={form}
        className="hd-form"
        onValid={(values) => {
          setMessage(null);
          send.mutate(values.answer);
        }}
      >
        <h3 className="hd-detail__sub">{help.answer ? t('helpdesk.reanswer') : t('helpdesk.answer')}</h3>
        {help.kind === 'account_inquiry' && (
          <div className="hd-insert">
            {current ? (
              <button
                type="button"
                className="btn btn--small"
                onClick={() =>
                  setAnswer(
                    (hasVisibleContent(answer) ? answer : '') +
                      textToHtml(
                        t('helpdesk.accountAnswer', { account: accountText(current, i18n.language) }),
                      ),
                  )
                }
              >
                {t('helpdesk.insertAccount')}
              </button>
            ) : (
              <span className="muted">{t('helpdesk.account.none')}</span>
            )}
          </div>
        )}
        <LazyRichTextEditor
          value={answer}
          onChange={setAnswer}
          label={t('helpdesk.answerLabel')}
          labels={labels}
          loading={t('editor.loading')}
        />
        {answerStatus && (
          <small role="alert" className="field-error">
            {answerStatus.text}
          </small>
        )}
        {message && (
          <p
            role={message.tone === 'error' ? 'alert' : 'status'}
            className={`notice notice--${message.tone}`}
          >
            {message.text}
          </p>
        )}
        <div className="hd-form__actions">
          <button type="submit" className="btn btn--primary" disabled={send.isPending}>
            {t('helpdesk.send')}
          </button>
        </div>
      </Form>
    </article>
  );
}
