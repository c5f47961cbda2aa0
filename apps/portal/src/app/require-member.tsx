import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { PageSkeleton } from '../components/ui/page-skeleton.tsx';
import { useSession } from '../lib/session/session-context.ts';
import { useLocale } from '../i18n/locale-context.ts';
import { localizePath } from '../i18n/locale-paths.ts';
import type { TPageId } from '../lib/pages.ts';
import { GUARD_DIALOG_ID, guardDecision } from './guard.ts';

/**
 * The route guard of the member pages: a guest who opens one by URL (or whose session ends on
 * it) gets the login-required warning (msg2001) and is sent to the home page instead.
 */
export function RequireMember({ page, children }: { page: TPageId; children: ReactNode }) {
  const { status } = useSession();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const locale = useLocale();
  const { t } = useTranslation('common');
  const decision = guardDecision(page, status);

  useEffect(() => {
    if (decision !== 'block') return;
    if (!dialogs.isOpen(GUARD_DIALOG_ID)) void dialogs.warning(t('msg2001'), { id: GUARD_DIALOG_ID });
    void navigate(localizePath('/', locale), { replace: true });
  }, [decision, dialogs, locale, navigate, t]);

  if (decision === 'allow') return children;
  return <PageSkeleton />;
}
