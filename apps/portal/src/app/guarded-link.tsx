import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { useSession } from '../lib/session/session-context.ts';
import { useLocalizedPath } from '../i18n/use-localized-path.ts';
import type { TPageId } from '../lib/pages.ts';
import { GUARD_DIALOG_ID, guardDecision } from './guard.ts';

interface GuardedLinkProps {
  page: TPageId;
  className?: string;
  children: ReactNode;
  isCurrent?: boolean;
  /** A tooltip (a link that shows its icon only). */
  title?: string;
  /** Runs after the guard let the click through (closes the menu that held the link). */
  onNavigate?: () => void;
}

/**
 * A link to a page that checks the guard on click: a guest clicking a member page gets msg2001
 * and stays where they are.
 */
export function GuardedLink({ page, className, children, isCurrent, title, onNavigate }: GuardedLinkProps) {
  const href = useLocalizedPath();
  const { status } = useSession();
  const dialogs = useDialogs();
  const { t } = useTranslation('common');

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (guardDecision(page, status) === 'block') {
      event.preventDefault();
      if (!dialogs.isOpen(GUARD_DIALOG_ID)) void dialogs.warning(t('msg2001'), { id: GUARD_DIALOG_ID });
      return;
    }
    onNavigate?.();
  }

  return (
    <Link
      to={href(page)}
      className={className}
      title={title}
      aria-current={isCurrent ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}
