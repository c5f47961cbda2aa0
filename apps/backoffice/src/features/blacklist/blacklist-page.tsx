import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  BLACKLIST_IMPORT_MAX_ROWS,
  BLACKLIST_KINDS,
  BLACKLIST_REASON_MAX,
  normalizeBlacklistValue,
  ZBlacklistAddRequest,
  type TBlacklistEntry,
  type TBlacklistHit,
  type TBlacklistKind,
} from '@casino/contracts/backoffice-blacklist';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, FilterBar, type TColumn } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { AskDeleteDialog, DeleteButton, useDeleteAfterAsking } from '../../components/ask-delete.tsx';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { FailureNotice, Notice } from '../../components/notice.tsx';
import { pageOf, UrlPager } from '../../components/pager.tsx';
import { apiKey, apiQuery, apiUrl, bodyLimitOf, isApiError, useApiMutation } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import './blacklist.css';

export const PAGE_SIZE = 20;
const LIST_KEY = apiKey('blacklist.list');

const FIELDS = ['kind', 'value', 'reason'] as const;
type TValues = Record<(typeof FIELDS)[number], string>;
const EMPTY: TValues = { kind: 'ip', value: '', reason: '' };

/** The add form: kind, value (normalized by the server as the contract says) and reason. */
function AddForm({ onDone }: { onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const fieldText = useFieldText('blacklist');
  const failure = useFailureText('blacklist');
  const form = useContractForm<TValues>({
    fields: FIELDS,
    defaultValues: EMPTY,
    validate: (values) => schemaCodes(ZBlacklistAddRequest, values, FIELDS),
  });
  const save = useApiMutation('blacklist.add', {
    input: (values: TValues) => ({
      body: { kind: values.kind as TBlacklistKind, value: values.value, reason: values.reason },
    }),
    invalidates: [LIST_KEY],
    onSuccess: (answer, values) => {
      if (answer.status === 'already') return form.failField('value', 'taken');
      form.reset({ ...EMPTY, kind: values.kind });
      // Said as stored (a range by its network address), as the list shows it.
      const stored = normalizeBlacklistValue(values.kind as TBlacklistKind, values.value);
      onDone(t('blacklist.added', { value: stored ?? values.value.trim() }));
    },
    onError: (error) => form.showServerErrors(error) || form.failForm(failure(error)),
  });
  const status = (field: (typeof FIELDS)[number]) => form.statusOf(field, fieldText(field));
  return (
    <Form
      form={form}
      className="blacklist__form"
      aria-label={t('blacklist.add')}
      onValid={(values) => save.mutate(values)}
    >
      <Field label={t('blacklist.kind')} status={status('kind')}>
        {(aria) => (
          <select {...aria} {...form.register('kind')}>
            {BLACKLIST_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`blacklist.kinds.${kind}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('blacklist.value')} status={status('value')}>
        {(aria) => (
          <input
            maxLength={100}
            spellCheck={false}
            placeholder="203.0.113.0/24"
            {...aria}
            {...form.register('value')}
          />
        )}
      </Field>
      <Field label={t('blacklist.reason')} status={status('reason')}>
        {(aria) => <input maxLength={BLACKLIST_REASON_MAX} {...aria} {...form.register('reason')} />}
      </Field>
      <FormMessage text={form.formMessage} />
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {t('blacklist.add')}
      </button>
    </Form>
  );
}

/** The import's limits as the operator reads them: rows, and the body's size in MiB. */
const IMPORT_LIMITS = {
  maxRows: BLACKLIST_IMPORT_MAX_ROWS,
  maxMiB: Math.floor(bodyLimitOf('blacklist.import') / (1024 * 1024)),
};

/**
 * The CSV import: lines typed or pasted, or a file chosen (the export's file imports as it is);
 * every line valid or nothing imported; the bad lines are named, a list over the row cap or the
 * route's body limit refused with the limit in words.
 */
function ImportForm({ onDone }: { onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const failure = useFailureText('blacklist');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const form = useContractForm<{ csv: string }>({
    fields: ['csv'] as const,
    defaultValues: { csv: '' },
    validate: (values) => (file === null && values.csv.trim() === '' ? { csv: 'required' } : {}),
  });
  const fieldText = useFieldText('blacklist');
  function clearFile() {
    setFile(null);
    setFileKey((key) => key + 1);
  }
  const run = useApiMutation('blacklist.import', {
    input: (csv: string) => ({ body: { csv } }),
    invalidates: [LIST_KEY],
    onSuccess: (answer) => {
      if (answer.status === 'invalid')
        return form.failForm(
          t('blacklist.importBad', {
            rows: answer.rows
              .map((r) => t('blacklist.badRow', { line: r.line, why: t(`blacklist.why.${r.reason}`) }))
              .join(', '),
          }),
        );
      if (answer.status === 'too_many_rows')
        return form.failForm(t('blacklist.tooManyRows', { rows: answer.rows, maxRows: answer.maxRows }));
      form.reset({ csv: '' });
      clearFile();
      onDone(t('blacklist.imported', { added: answer.added, already: answer.already }));
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 'too_large')
        return form.failForm(t('blacklist.tooLarge', IMPORT_LIMITS));
      return form.showServerErrors(error) || form.failForm(failure(error));
    },
  });
  async function choose(chosen: File | undefined) {
    if (!chosen) return clearFile();
    setFile({ name: chosen.name, text: await chosen.text() });
  }
  return (
    <Form
      form={form}
      aria-label={t('blacklist.import')}
      onValid={(values) => run.mutate(file ? file.text : values.csv)}
    >
      <Field label={t('blacklist.csvFile')} status={null}>
        {(aria) => (
          <input
            key={fileKey}
            type="file"
            accept=".csv,text/csv,text/plain"
            {...aria}
            onChange={(event) => void choose(event.currentTarget.files?.[0])}
          />
        )}
      </Field>
      {file ? (
        <p className="muted">
          {t('blacklist.fileChosen', { name: file.name })}{' '}
          <button type="button" className="btn btn--small" onClick={clearFile}>
            {t('blacklist.clearFile')}
          </button>
        </p>
      ) : (
        <Field label={t('blacklist.csvText')} status={form.statusOf('csv', fieldText('csv'))}>
          {(aria) => (
            <textarea
              rows={5}
              spellCheck={false}
              placeholder="ip,203.0.113.0/24,…"
              {...aria}
              {...form.register('csv')}
            />
          )}
        </Field>
      )}
      <p className="muted">
        {t('blacklist.importHint')} {t('blacklist.importLimits', IMPORT_LIMITS)}
      </p>
      <FormMessage text={form.formMessage} />
      <button type="submit" className="btn" disabled={run.isPending}>
        {t('blacklist.import')}
      </button>
    </Form>
  );
}

/** The blacklist (owner): addresses and ranges, phones and bank accounts refused, and the refusals. */
export function BlacklistPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const kindParam = search.get('kind');
  const kind = BLACKLIST_KINDS.find((k) => k === kindParam);
  const text = search.get('search') ?? '';
  const query = {
    page: pageOf(search),
    pageSize: PAGE_SIZE,
    ...(kind ? { kind } : {}),
    ...(text ? { search: text } : {}),
  };
  const list = useQuery({ ...apiQuery('blacklist.list', { query }), placeholderData: keepPreviousData });
  const hits = useQuery(apiQuery('blacklist.hits', { query: { page: 1, pageSize: 20 } }));
  const failure = useFailureText('blacklist');

  const remove = useDeleteAfterAsking('blacklist.delete', {
    input: (entry: TBlacklistEntry) => ({ params: { id: entry.id } }),
    invalidates: [LIST_KEY],
    onDeleted: (entry) => setMessage({ tone: 'ok', text: t('blacklist.removed', { value: entry.value }) }),
    onError: (error) => setMessage({ tone: 'error', text: failure(error) }),
  });

  function applyFilters(values: Record<'kind' | 'search', string>) {
    const next = new URLSearchParams();
    if (values.kind) next.set('kind', values.kind);
    if (values.search.trim()) next.set('search', values.search.trim());
    setSearch(next);
  }

  const columns: TColumn<TBlacklistEntry>[] = [
    { key: 'kind', header: t('blacklist.kind'), cell: (e) => t(`blacklist.kinds.${e.kind}`) },
    { key: 'value', header: t('blacklist.value'), cell: (e) => <code>{e.value}</code> },
    { key: 'reason', header: t('blacklist.reason'), cell: (e) => e.reason },
    { key: 'by', header: t('blacklist.by'), cell: (e) => e.createdBy },
    {
      key: 'at',
      header: t('blacklist.at'),
      className: 'nowrap',
      headerClassName: '',
      cell: (e) => formatDateTime(e.createdAt),
    },
    {
      key: 'actions',
      header: t('queue.actions'),
      className: 'nowrap',
      headerClassName: '',
      cell: (e) => <DeleteButton label={t('blacklist.remove')} onClick={() => remove.ask(e)} />,
    },
  ];
  const hitColumns: TColumn<TBlacklistHit>[] = [
    {
      key: 'at',
      header: t('blacklist.at'),
      className: 'nowrap',
      headerClassName: '',
      cell: (h) => formatDateTime(h.at),
    },
    { key: 'context', header: t('blacklist.context'), cell: (h) => t(`blacklist.contexts.${h.context}`) },
    { key: 'kind', header: t('blacklist.kind'), cell: (h) => t(`blacklist.kinds.${h.kind}`) },
    { key: 'value', header: t('blacklist.value'), cell: (h) => <code>{h.value}</code> },
    { key: 'user', header: t('blacklist.user'), cell: (h) => h.userId ?? '—' },
    { key: 'ip', header: t('blacklist.ip'), cell: (h) => h.ip ?? '—' },
  ];

  return (
    <section className="blacklist">
      <div className="page-head">
        <h1 className="page-title">{t('blacklist.title')}</h1>
        {list.data && <span className="muted">{t('blacklist.count', { count: list.data.maxCount })}</span>}
        <a className="btn btn--small" href={apiUrl('blacklist.csv')} download>
          {t('blacklist.export')}
        </a>
      </div>
      <p className="muted">{t('blacklist.lead')}</p>
      <Notice tone={message?.tone} text={message?.text} />
      <FailureNotice error={list.error} />
      <FilterBar
        fields={['kind', 'search'] as const}
        applied={{ kind: kind ?? '', search: text }}
        onApply={applyFilters}
        searchLabel={t('blacklist.apply')}
        resetLabel={t('blacklist.clear')}
        className="blacklist__filters"
        aria-label={t('blacklist.filters')}
      >
        {(input) => (
          <>
            <label>
              <span>{t('blacklist.kind')}</span>
              <select {...input('kind')}>
                <option value="">{t('blacklist.allKinds')}</option>
                {BLACKLIST_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`blacklist.kinds.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('blacklist.search')}</span>
              <input type="search" maxLength={100} {...input('search')} />
            </label>
          </>
        )}
      </FilterBar>
      <DataTable columns={columns} rows={list.data?.list} rowKey={(e) => e.id} empty={t('blacklist.empty')} />
      <UrlPager count={list.data?.maxCount} size={PAGE_SIZE} />

      <section className="box" aria-labelledby="blacklist-new">
        <h2 id="blacklist-new" className="blacklist__heading">
          {t('blacklist.newTitle')}
        </h2>
        <AddForm onDone={(text) => setMessage({ tone: 'ok', text })} />
      </section>
      <section className="box" aria-labelledby="blacklist-import">
        <h2 id="blacklist-import" className="blacklist__heading">
          {t('blacklist.import')}
        </h2>
        <ImportForm onDone={(text) => setMessage({ tone: 'ok', text })} />
      </section>
      <section className="box" aria-labelledby="blacklist-hits">
        <h2 id="blacklist-hits" className="blacklist__heading">
          {t('blacklist.hits')}
        </h2>
        <DataTable
          columns={hitColumns}
          rows={hits.data?.list}
          rowKey={(h) => h.id}
          empty={t('blacklist.noHits')}
        />
      </section>

      <AskDeleteDialog
        {...remove.dialog}
        title={t('blacklist.askRemove', { value: remove.asking?.value ?? '' })}
        confirmLabel={t('blacklist.remove')}
      />
    </section>
  );
}
