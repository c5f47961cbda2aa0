import { useState } from 'react';
import {} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REASON_MAX } from '@casino/contracts/backoffice';
import { ZBackofficeNoteRequest } from '@casino/contracts/backoffice-helpdesk';
import {
  MEMBER_LEVEL_MAX,
  MEMBER_LEVEL_MIN,
  ZBackofficeAdjustRequest,
  ZBackofficeMemberLevelRequest,
  type TBackofficeMember,
} from '@casino/contracts/backoffice-members';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm, type TFieldCodes } from '@casino/web-kit/contract-form';
import { Form } from '@casino/web-kit/form.tsx';
import { Dialog } from '../../app/dialog.tsx';
import { Field, FormMessage, useFieldText } from '../../components/field.tsx';
import { api, apiKey, errorKey, useApiWrite } from '../../lib/api.ts';
import { createIdempotencyKeys } from '../../lib/idempotency.ts';

/** One key per intended adjustment for the page's life: a retry after a lost answer reuses it. */
const keys = createIdempotencyKeys();

export const MEMBER_ACTIONS = [
  'approve',
  'block',
  'unblock',
  'level',
  'adjust',
  'note',
  'resetExchange',
  'resetPassword',
  'signout',
] as const;
export type TMemberAction = (typeof MEMBER_ACTIONS)[number];

/** Which actions an operator with `permissions` may take on a member in `state`. */
export function actionsFor(
  member: Pick<TBackofficeMember, 'state'>,
  permissions: readonly string[],
): TMemberAction[] {
  const may = (p: string) => permissions.includes(p);
  return MEMBER_ACTIONS.filter((action) => {
    switch (action) {
      case 'approve':
        return may('memberManage') && member.state === 'pending';
      case 'block':
        return may('memberManage') && (member.state === 'active' || member.state === 'pending');
      case 'unblock':
        return may('memberManage') && member.state === 'blocked';
      case 'adjust':
        return may('adjust');
      case 'note':
        return may('support');
      default:
        return may('memberManage');
    }
  });
}

/** A note's HTML from the operator's plain text: escaped, one paragraph per line. */
export function noteHtml(text: string): string {
  const escape = (s: string) =>
    s.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${escape(line) || '<br>'}</p>`)
    .join('');
}

/** The action dialog's fields (each action uses its own): the contracts' request bodies, as typed. */
interface TActionValues {
  level: string;
  kind: 'cash' | 'point';
  amount: string;
  reason: string;
  title: string;
  contents: string;
}
const ACTION_FIELDS = ['level', 'kind', 'amount', 'reason', 'title', 'contents'] as const;
const EMPTY_FORM: TActionValues = {
  level: '',
  kind: 'cash',
  amount: '',
  reason: '',
  title: '',
  contents: '',
};

const levelBody = (values: TActionValues) => ({ level: Number(values.level) });
const adjustBody = (values: TActionValues) => ({
  amount: Number(values.amount),
  reason: values.reason.trim(),
  kind: values.kind,
});
const noteBody = (userId: string, values: TActionValues) => ({
  userId,
  title: values.title.trim(),
  contents: noteHtml(values.contents),
});

/** What is wrong with the action's body, by the contract's request schema (actions without one: nothing). */
function actionCodes(
  action: TMemberAction | null,
  userId: string,
  values: TActionValues,
): TFieldCodes<(typeof ACTION_FIELDS)[number]> {
  if (action === 'level') return schemaCodes(ZBackofficeMemberLevelRequest, levelBody(values), ACTION_FIELDS);
  if (action === 'adjust') return schemaCodes(ZBackofficeAdjustRequest, adjustBody(values), ACTION_FIELDS);
  if (action === 'note') return schemaCodes(ZBackofficeNoteRequest, noteBody(userId, values), ACTION_FIELDS);
  return {};
}

type Answer = { status: string; exchangePassword?: string; password?: string };

/**
 * The member's action buttons, each confirmed in the one Dialog. A reset shows its new secret in
 * the dialog once; an adjustment carries an Idempotency-Key kept across retries of a lost answer.
 */
export function MemberActions({
  member,
  permissions,
  onMessage,
}: {
  member: TBackofficeMember;
  permissions: readonly string[];
  onMessage: (message: { tone: 'ok' | 'warn'; key: string }) => void;
}) {
  const { t } = useTranslation();
  const [action, setAction] = useState<TMemberAction | null>(null);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const userId = member.userId;
  const fieldText = useFieldText('members.dialog');
  const form = useContractForm<TActionValues>({
    fields: ACTION_FIELDS,
    defaultValues: EMPTY_FORM,
    validate: (values) => actionCodes(action, userId, values),
  });

  const run = useApiWrite(
    async ({ which, values }: { which: TMemberAction; values: TActionValues }): Promise<Answer> => {
      switch (which) {
        case 'level':
          return api('members.level', { params: { userId }, body: levelBody(values) });
        case 'resetExchange':
          return api('members.resetExchangePassword', { params: { userId } });
        case 'resetPassword':
          return api('members.resetPassword', { params: { userId } });
        case 'note':
          return api('notes.send', { body: noteBody(userId, values) });
        case 'adjust': {
          const body = adjustBody(values);
          return keys.run(`adjust:${userId}:${JSON.stringify(body)}`, (idempotencyKey) =>
            api('members.adjust', { params: { userId }, body, idempotencyKey }),
          );
        }
        default:
          return api(`members.${which}`, { params: { userId } });
      }
    },
    {
      invalidates: [apiKey('members.list')],
      onSuccess: (answer, { which }) => {
        const shown =
          answer.status === 'success'
            ? which === 'resetPassword'
              ? answer.password
              : which === 'resetExchange'
                ? answer.exchangePassword
                : undefined
            : undefined;
        if (shown) {
          setSecret({
            label:
              which === 'resetPassword'
                ? 'members.dialog.temporaryPassword'
                : 'members.dialog.newExchangePassword',
            value: shown,
          });
          return;
        }
        setAction(null);
        const key =
          answer.status === 'success'
            ? which === 'note'
              ? 'members.result.noteSent'
              : 'members.result.success'
            : `members.result.${answer.status}`;
        onMessage({ tone: answer.status === 'success' ? 'ok' : 'warn', key });
      },
      onError: (failure) => form.showServerErrors(failure) || form.failForm(t(errorKey(failure))),
    },
  );

  function open(which: TMemberAction) {
    setAction(which);
    form.reset({ ...EMPTY_FORM, level: String(member.level) });
    setSecret(null);
  }

  function close() {
    if (run.isPending) return;
    setAction(null);
    // The secret is forgotten with the dialog: it is shown once.
    setSecret(null);
  }

  const available = actionsFor(member, permissions);
  const danger = action === 'block' || action === 'resetPassword' || action === 'signout';
  const values = form.watch();
  const amount = Number(values.amount);
  const incomplete =
    (action === 'adjust' && (!Number.isInteger(amount) || amount === 0 || !values.reason.trim())) ||
    (action === 'note' && (!values.title.trim() || !values.contents.trim()));
  const amountField = form.register('amount');
  const error = form.formMessage;

  return (
    <>
      <div className="member-actions" role="group" aria-label={t('members.action.label')}>
        {available.map((which) => (
          <button
            key={which}
            type="button"
            className={`btn btn--small ${which === 'block' || which === 'resetPassword' ? 'btn--danger' : ''}`}
            onClick={() => open(which)}
          >
            {t(`members.action.${which}`)}
          </button>
        ))}
      </div>
      <Dialog
        open={action !== null}
        onOpenChange={(next) => {
          if (!next) close();
        }}
        title={action ? t(`members.dialog.${action}Title`, { userId }) : ''}
      >
        {action && secret ? (
          <div className="member-secret">
            <p>{t(secret.label)}</p>
            <output className="member-secret__value">{secret.value}</output>
            <p className="notice notice--warn">{t('members.dialog.shownOnce')}</p>
            <div className="dialog__actions">
              <button type="button" className="btn btn--primary" onClick={close}>
                {t('members.dialog.close')}
              </button>
            </div>
          </div>
        ) : action ? (
          <Form form={form} onValid={(valid) => run.mutate({ which: action, values: valid })}>
            {['approve', 'block', 'unblock', 'resetExchange', 'resetPassword', 'signout'].includes(
              action,
            ) && <p>{t(`members.dialog.${action}Body`)}</p>}
            {action === 'level' && (
              <Field
                label={t('members.dialog.levelField')}
                status={form.statusOf('level', fieldText('level'))}
              >
                {(aria) => (
                  <select {...aria} {...form.register('level')} value={values.level}>
                    {Array.from(
                      { length: MEMBER_LEVEL_MAX - MEMBER_LEVEL_MIN + 1 },
                      (_, i) => MEMBER_LEVEL_MIN + i,
                    ).map((level) => (
                      <option key={level} value={level}>
                        {level}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            {action === 'adjust' && (
              <>
                <Field
                  label={t('members.dialog.adjustKind')}
                  status={form.statusOf('kind', fieldText('kind'))}
                >
                  {(aria) => (
                    <select {...aria} {...form.register('kind')} value={values.kind}>
                      <option value="cash">{t('members.dialog.adjustCash')}</option>
                      <option value="point">{t('members.dialog.adjustPoint')}</option>
                    </select>
                  )}
                </Field>
                <Field
                  label={t('members.dialog.adjustAmount')}
                  status={form.statusOf('amount', fieldText('amount'))}
                >
                  {(aria) => (
                    <input
                      inputMode="numeric"
                      {...aria}
                      {...amountField}
                      onChange={(event) => {
                        event.target.value = event.target.value.replace(/[^\d-]/g, '');
                        return amountField.onChange(event);
                      }}
                    />
                  )}
                </Field>
                <Field
                  label={t('members.dialog.adjustReason')}
                  status={form.statusOf('reason', fieldText('reason'))}
                >
                  {(aria) => (
                    <textarea rows={2} maxLength={REASON_MAX} {...aria} {...form.register('reason')} />
                  )}
                </Field>
              </>
            )}
            {action === 'note' && (
              <>
                <Field
                  label={t('members.dialog.noteSubject')}
                  status={form.statusOf('title', fieldText('title'))}
                >
                  {(aria) => <input maxLength={100} {...aria} {...form.register('title')} />}
                </Field>
                <Field
                  label={t('members.dialog.noteContents')}
                  status={form.statusOf('contents', fieldText('contents'))}
                >
                  {(aria) => <textarea rows={5} maxLength={5000} {...aria} {...form.register('contents')} />}
                </Field>
              </>
            )}
            <FormMessage text={error} />
            <div className="dialog__actions">
              <button type="button" className="btn" disabled={run.isPending} onClick={close}>
                {t('queue.cancel')}
              </button>
              <button
                type="submit"
                className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}
                disabled={run.isPending || incomplete}
              >
                {error ? t('queue.retry') : t('queue.confirm')}
              </button>
            </div>
          </Form>
        ) : null}
      </Dialog>
    </>
  );
}
