import { useTranslation } from 'react-i18next';
import { AskDeleteDialog, DeleteButton } from '../../components/ask-delete.tsx';

/** Whether a listed item is shown to members, pressed to switch it. */
export function OnOffButton({
  on,
  disabled,
  onToggle,
}: {
  on: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`btn btn--small ${on ? 'ct-on' : 'ct-off'}`}
      aria-pressed={on}
      disabled={disabled}
      onClick={onToggle}
    >
      {on ? t('content.on') : t('content.off')}
    </button>
  );
}

/** A listed item's Edit and Delete buttons (Delete asks first, in `DeleteDialog`). */
export function ItemActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="btn btn--small" onClick={onEdit}>
        {t('content.edit')}
      </button>{' '}
      <DeleteButton label={t('content.delete')} onClick={onDelete} />
    </>
  );
}

/**
 * The confirmation before a notice, popup or banner is deleted (the console's `AskDeleteDialog`):
 * its title, why it cannot be undone, the failure of the last try, and Cancel or Delete.
 */
export function DeleteDialog({
  title,
  pending,
  error,
  onCancel,
  onDelete,
}: {
  /** The item's title, or null when no delete is asked. */
  title: string | null;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AskDeleteDialog
      open={title !== null}
      title={t('content.deleteTitle', { title: title ?? '' })}
      confirmLabel={t('content.delete')}
      pending={pending}
      error={error}
      onCancel={onCancel}
      onConfirm={onDelete}
    >
      <p>{t('content.deleteBody')}</p>
    </AskDeleteDialog>
  );
}
