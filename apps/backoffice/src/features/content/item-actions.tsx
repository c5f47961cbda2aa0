import { useTranslation } from 'react-i18next';
import { Dialog } from '../../app/dialog.tsx';
import { Notice } from '../../components/notice.tsx';

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
      <button type="button" className="btn btn--small btn--danger" onClick={onDelete}>
        {t('content.delete')}
      </button>
    </>
  );
}

/**
 * The confirmation before a notice, popup or banner is deleted: its title, why it cannot be undone,
 * the failure of the last try, and Cancel or Delete (both off while the delete runs).
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
    <Dialog
      open={title !== null}
      onOpenChange={(next) => {
        if (!next && !pending) onCancel();
      }}
      title={t('content.deleteTitle', { title: title ?? '' })}
    >
      <p>{t('content.deleteBody')}</p>
      <Notice tone="error" text={error} />
      <div className="dialog__actions">
        <button type="button" className="btn" disabled={pending} onClick={onCancel}>
          {t('queue.cancel')}
        </button>
        <button type="button" className="btn btn--danger" disabled={pending} onClick={onDelete}>
          {t('content.delete')}
        </button>
      </div>
    </Dialog>
  );
}
