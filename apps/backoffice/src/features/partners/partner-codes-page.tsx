import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZPartnerCodeRequest, type TPartnerCode } from '@casino/contracts/backoffice-partners';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { FailureNotice, Notice } from '../../components/notice.tsx';
import { apiKey, useApiMutation } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { usePartnerCodes, useSelfPartner } from './queries.ts';
import './partners.css';

const FIELDS = ['code', 'domain'] as const;
type TValues = { code: string; domain: string };

const bodyOf = (values: TValues) => ({
  code: values.code.trim(),
  ...(values.domain.trim() ? { domain: values.domain.trim() } : {}),
});

/** The partner's registration codes and domains: members who join with one belong to it for good. */
export function PartnerCodesPage() {
  const { t } = useTranslation();
  const { partnerId } = useSelfPartner();
  const params = partnerId ? { partnerId } : null;
  const codes = usePartnerCodes(params);
  const fieldText = useFieldText('partners.codes');
  const failure = useFailureText('partners.codes');
  const [done, setDone] = useState<string | null>(null);
  const form = useContractForm<TValues>({
    fields: FIELDS,
    defaultValues: { code: '', domain: '' },
    validate: (values) => schemaCodes(ZPartnerCodeRequest, bodyOf(values), FIELDS),
  });
  const add = useApiMutation('partners.addCode', {
    input: (values: TValues) => ({ params: params!, body: bodyOf(values) }),
    invalidates: params ? [apiKey('partners.codes', { params })] : [],
    onSuccess: (answer, values) => {
      if (answer.status === 'already') return form.failField('code', 'taken');
      if (answer.status !== 'success') return form.failForm(t('partners.gone'));
      form.reset();
      setDone(t('partners.codes.added', { code: values.code.trim() }));
    },
    onError: (error) => form.showServerErrors(error) || form.failForm(failure(error)),
  });
  const list = codes.data?.status === 'success' ? codes.data.list : undefined;
  const columns: TColumn<TPartnerCode>[] = [
    { key: 'code', header: t('partners.codes.code'), cell: (c) => <strong>{c.code}</strong> },
    { key: 'domain', header: t('partners.codes.domain'), cell: (c) => c.domain || '—' },
    {
      key: 'state',
      header: t('partners.codes.state'),
      cell: (c) => t(c.enabled ? 'partners.codes.enabled' : 'partners.codes.disabled'),
    },
    { key: 'members', header: t('partners.codes.members'), className: 'num', cell: (c) => c.members },
    {
      key: 'created',
      header: t('partners.codes.created'),
      className: 'nowrap',
      headerClassName: '',
      cell: (c) => formatDateTime(c.regDate),
    },
  ];
  return (
    <section className="partners">
      <div className="page-head">
        <h1 className="page-title">{t('partners.codes.title')}</h1>
      </div>
      <p className="muted">{t('partners.codes.lead')}</p>
      <Notice tone={done ? 'ok' : undefined} text={done} />
      <FailureNotice error={codes.error} />
      <DataTable columns={columns} rows={list} rowKey={(c) => c.code} empty={t('partners.codes.empty')} />
      <section className="box" aria-labelledby="partner-codes-new">
        <h2 id="partner-codes-new" className="partners__heading">
          {t('partners.codes.add')}
        </h2>
        <Form
          form={form}
          className="partners__form"
          aria-label={t('partners.codes.add')}
          onValid={(values) => {
            setDone(null);
            add.mutate(values);
          }}
        >
          <Field label={t('partners.codes.code')} status={form.statusOf('code', fieldText('code'))}>
            {(aria) => <input maxLength={20} spellCheck={false} {...aria} {...form.register('code')} />}
          </Field>
          <Field label={t('partners.codes.domain')} status={form.statusOf('domain', fieldText('domain'))}>
            {(aria) => (
              <input
                maxLength={253}
                placeholder="shop.casino.example"
                spellCheck={false}
                {...aria}
                {...form.register('domain')}
              />
            )}
          </Field>
          <FormMessage text={form.formMessage} />
          <div className="partners__actions partners__wide">
            <button type="submit" className="btn btn--primary" disabled={add.isPending || !params}>
              {t('partners.codes.submit')}
            </button>
          </div>
        </Form>
      </section>
    </section>
  );
}
