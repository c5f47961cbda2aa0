import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBackofficeJsonRouteName } from '@casino/contracts/backoffice-routes';
import { Dialog } from '../app/dialog.tsx';
import { useApiMutation, type TApiMutationOptions } from '../lib/api.ts';
import { useFailureText } from './field.tsx';
import { Notice } from './notice.tsx';

/** A row's danger button that starts a delete (which `useDeleteAfterAsking` asks about first). */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn--small btn--danger" onClick={onClick}>
      {label}
    </button>
  );
}

/**
 * A delete of a listed row that asks first (Blacklist, Sites, Content, Banners): `ask(row)` opens
 * the question, its confirm sends route `name` through the typed client (`useApiMutation`) and the
 * `invalidates` keys are refreshed. With `onError` a failure closes the question and goes to the
 * screen; without it the failure stays in the question (in the words of `scope`), to try again.
 */
export function useDeleteAfterAsking<N extends TBackofficeJsonRouteName, T>(
  name: N,
  options: {
    input: TApiMutationOptions<N, T>['input'];
    invalidates: TApiMutationOptions<N, T>['invalidates'];
    onDeleted: (row: T) => void;
    onError?: (error: unknown, row: T) => void;
    scope?: string;
  },
) {
  const [asking, setAsking] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failure = useFailureText(options.scope);
  const remove = useApiMutation(name, {
    input: options.input,
    invalidates: options.invalidates,
    onSuccess: (_answer, row) => {
      setAsking(null);
      options.onDeleted(row);
    },
    onError: (e, row) => {
      if (!options.onError) return setError(failure(e));
      setAsking(null);
      options.onError(e, row);
    },
  });
  return {
    /** The row asked about, or null. */
    asking,
    ask: (row: T) => {
      setError(null);
      setAsking(row);
    },
    /** The props of its `AskDeleteDialog` (beside the title and the words). */
    dialog: {
      open: asking !== null,
      pending: remove.isPending,
      error,
      onCancel: () => setAsking(null),
      onConfirm: () => {
        if (asking !== null) remove.mutate(asking);
      },
    },
  };
}

/**
 * The question before a delete: the row in the title, what follows (`children`), the failure of
 * the last try, and Cancel or the danger button (both off while the delete runs).
 */
export function AskDeleteDialog({
  open,
  title,
  confirmLabel,
  pending,
  error,
  onCancel,
  onConfirm,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()} title={title}>
      {children}
      <Notice tone="error" text={error} />
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" disabled={pending} onClick={onCancel}>
          {t('queue.cancel')}
        </button>
        <button type="button" className="btn btn--danger" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
