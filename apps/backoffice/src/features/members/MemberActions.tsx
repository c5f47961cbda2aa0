import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REASON_MAX } from '@casino/contracts/backoffice';
import {
  MEMBER_LEVEL_MAX,
  MEMBER_LEVEL_MIN,
  type TBackofficeMember,
} from '@casino/contracts/backoffice-members';
import { Dialog } from '../../app/Dialog.tsx';
import { api, apiKey, errorKey, isApiError } from '../../lib/api.ts';
import { createIdempotencyKeys, mayRetrySameKey } from '../../lib/idempotency.ts';

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

interface Form {
  level: string;
  kind: 'cash' | 'point';
  amount: string;
  reason: string;
  title: string;
  contents: string;
}
const EMPTY_FORM: Form = { level: '', kind: 'cash', amount: '', reason: '', title: '', contents: '' };

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
  const client = useQueryClient();
  const [action, setAction] = useState<TMemberAction | null>(null);
  const [form, setForm] = useState<Form>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const userId = member.userId;

  const run = useMutation({
    mutationFn: async (which: TMemberAction): Promise<Answer> => {
      switch (which) {
        case 'level':
          return api('members.level', { params: { userId }, body: { level: Number(form.level) } });
        case 'resetExchange':
          return api('members.resetExchangePassword', { params: { userId } });
        case 'resetPassword':
          return api('members.resetPassword', { params: { userId } });
        case 'note':
          return api('notes.send', {
            body: { userId, title: form.title.trim(), contents: noteHtml(form.contents) },
          });
        case 'adjust': {
          const body = { amount: Number(form.amount), reason: form.reason.trim(), kind: form.kind };
          const intent = `adjust:${userId}:${JSON.stringify(body)}`;
          try {
            const answer = await api('members.adjust', {
              params: { userId },
              body,
              idempotencyKey: keys.keyFor(intent),
            });
            keys.settle(intent);
            return answer;
          } catch (failure) {
            if (!isApiError(failure) || !mayRetrySameKey(failure)) keys.settle(intent);
            throw failure;
          }
        }
        default:
          return api(`members.${which}`, { params: { userId } });
      }
    },
    onSuccess: (answer, which) => {
      void client.invalidateQueries({ queryKey: apiKey('members.list') });
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
    onError: (failure) => setError(t(errorKey(failure))),
  });

  function open(which: TMemberAction) {
    setAction(which);
    setForm({ ...EMPTY_FORM, level: String(member.level) });
    setError(null);
    setSecret(null);
  }

  function close() {
    if (run.isPending) return;
    setAction(null);
    // The secret is forgotten with the dialog: it is shown once.
    setSecret(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!action) return;
    setError(null);
    run.mutate(action);
  }

  const available = actionsFor(member, permissions);
  const danger = action === 'block' || action === 'resetPassword' || action === 'signout';
  const field = (label: string, input: ReactNode) => (
    <label className="field">
      <span>{label}</span>
      {input}
    </label>
  );
  const amount = Number(form.amount);
  const incomplete =
    (action === 'adjust' && (!Number.isInteger(amount) || amount === 0 || !form.reason.trim())) ||
    (action === 'note' && (!form.title.trim() || !form.contents.trim()));

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
          <form onSubmit={submit}>
            {['approve', 'block', 'unblock', 'resetExchange', 'resetPassword', 'signout'].includes(
              action,
            ) && <p>{t(`members.dialog.${action}Body`)}</p>}
            {action === 'level' &&
              field(
                t('members.dialog.levelField'),
                <select value={form.level} onChange={(e) => setForm({ ...form, level: e.target.value })}>
                  {Array.from(
                    { length: MEMBER_LEVEL_MAX - MEMBER_LEVEL_MIN + 1 },
                    (_, i) => MEMBER_LEVEL_MIN + i,
                  ).map((level) => (
                    <option key={level} value={level}>
                      {level}
                    </option>
                  ))}
                </select>,
              )}
            {action === 'adjust' && (
              <>
                {field(
                  t('members.dialog.adjustKind'),
                  <select
                    value={form.kind}
                    onChange={(e) =>
                      setForm({ ...form, kind: e.target.value === 'point' ? 'point' : 'cash' })
                    }
                  >
                    <option value="cash">{t('members.dialog.adjustCash')}</option>
                    <option value="point">{t('members.dialog.adjustPoint')}</option>
                  </select>,
                )}
                {field(
                  t('members.dialog.adjustAmount'),
                  <input
                    inputMode="numeric"
                    value={form.amount}
                    onChange={(e) => setForm({ ...form, amount: e.target.value.replace(/[^\d-]/g, '') })}
                  />,
                )}
                {field(
                  t('members.dialog.adjustReason'),
                  <textarea
                    rows={2}
                    maxLength={REASON_MAX}
                    value={form.reason}
                    onChange={(e) => setForm({ ...form, reason: e.target.value })}
                  />,
                )}
              </>
            )}
            {action === 'note' && (
              <>
                {field(
                  t('members.dialog.noteSubject'),
                  <input
                    maxLength={100}
                    value={form.title}
                    onChange={(e) => setForm({ ...form, title: e.target.value })}
                  />,
                )}
                {field(
                  t('members.dialog.noteContents'),
                  <textarea
                    rows={5}
                    maxLength={5000}
                    value={form.contents}
                    onChange={(e) => setForm({ ...form, contents: e.target.value })}
                  />,
                )}
              </>
            )}
            {error && (
              <p role="alert" className="notice notice--error">
                {error}
              </p>
            )}
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
          </form>
        ) : null}
      </Dialog>
    </>
  );
}
