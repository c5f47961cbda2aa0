import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useLocale } from '../i18n/locale-context.ts';
import { localizePath } from '../i18n/locale-paths.ts';
import { PAGE_PATHS, type TPageId } from '../lib/pages.ts';
import { useSession } from '../lib/session/session-context.ts';

/** Pages a member whose password an operator reset may still open: the password change and the legal texts. */
const OPEN_DURING_CHANGE: ReadonlySet<TPageId> = new Set<TPageId>(['user', 'terms', 'privacy']);

/**
 * After an operator's password reset (`user.mustChangePassword`) the member is kept on my page,
 * which then shows only the password change, until the new password is set (the server refuses
 * the other member calls meanwhile: 403 `must_change_password`).
 */
export function ForcePasswordChange({ page, children }: { page: TPageId; children: ReactNode }) {
  const { user } = useSession();
  const locale = useLocale();
  if (user?.mustChangePassword && !OPEN_DURING_CHANGE.has(page))
    return <Navigate to={localizePath(PAGE_PATHS.user, locale)} replace />;
  return children;
}
