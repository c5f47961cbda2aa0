import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { HEALTH_DIALOG_IDS, healthDialogsToOpen, parseShown } from '../lib/session/health-dialog-rule.ts';
import { useSession } from '../lib/session/session-context.ts';
import { useLocale } from '../i18n/locale-context.ts';
import { localizePath } from '../i18n/locale-paths.ts';
import { PAGE_PATHS } from '../lib/pages.ts';
import { readSessionStorage, SESSION_KEYS, writeSessionStorage } from '../lib/storage.ts';
import { useCurrentPage } from './use-current-page.ts';

const TEXT = {
  note: { message: 'msg2003', button: 'action.openNotes' },
  help: { message: 'msg2004', button: 'action.openHelp' },
} as const;

/**
 * After each health check: unread notes (msg2003) and answered help posts (msg2004) open an info
 * dialog whose button goes to /note or /help, unless the member is already there or the same
 * dialog is still open, and once per count: the counts each dialog was last shown for are kept in
 * the tab's session storage per member, so neither a reload nor the next poll repeats it.
 */
export function HealthDialogs() {
  const { health, user } = useSession();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  const page = useCurrentPage();
  const locale = useLocale();
  const where = useRef({ page, locale });
  where.current = { page, locale };

  useEffect(() => {
    if (!health || !user) return;
    const key = `${SESSION_KEYS.healthDialogsShown}${user.userId}`;
    const { open, shown } = healthDialogsToOpen({
      noteCount: health.noteCount,
      helpCount: health.helpCount,
      currentPage: where.current.page,
      isDialogOpen: dialogs.isOpen,
      shown: parseShown(readSessionStorage(key)),
    });
    writeSessionStorage(key, JSON.stringify(shown));
    for (const which of open) {
      void dialogs
        .info(t(TEXT[which].message), {
          id: HEALTH_DIALOG_IDS[which],
          confirmLabel: t(TEXT[which].button),
          cancelLabel: t('action.close'),
        })
        .then((isConfirmed) => {
          if (isConfirmed) void navigate(localizePath(PAGE_PATHS[which], where.current.locale));
        });
    }
    // One pass per health answer (checkedAt), not per re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [health?.checkedAt]);

  return null;
}
