import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { TUser } from '@casino/contracts/members';
import { useLogout } from '../features/auth/use-logout.ts';
import { useLocale } from '../i18n/locale-context.ts';
import { localizePath } from '../i18n/locale-paths.ts';
import { PAGE_PATHS, type TPageId } from '../lib/pages.ts';
import { firstRequirement } from '../lib/session/requirements.ts';
import { useSession } from '../lib/session/session-context.ts';

/** Pages a member whose password an operator reset may still open: the password change and the legal texts. */
const OPEN_DURING_CHANGE: ReadonlySet<TPageId> = new Set<TPageId>(['user', 'terms', 'privacy']);

// Loaded only for a member who has newer terms to accept.
const TermsAcceptanceDialog = lazy(() =>
  import('../features/legal/terms-acceptance-dialog.tsx').then((m) => ({ default: m.TermsAcceptanceDialog })),
);

/**
 * What the member must do first (`user.requires`, one mechanism for each such step; the server
 * refuses the calls each one does not allow with its 403):
 * - `change_password` after an operator's password reset: the member is kept on my page, which then
 *   shows only the password change, until the new password is set (403 `must_change_password`);
 * - `accept_terms` when a newer version of the terms or the privacy policy is in force: the page
 *   stays, under a dialog with the new text that the member accepts, or signs out (the calls that
 *   move money or start play answer 403 `must_accept_terms` meanwhile).
 */
export function MemberRequirements({ page, children }: { page: TPageId; children: ReactNode }) {
  const { user } = useSession();
  const locale = useLocale();
  const requirement = firstRequirement(user);
  if (requirement === 'change_password' && !OPEN_DURING_CHANGE.has(page))
    return <Navigate to={localizePath(PAGE_PATHS.user, locale)} replace />;
  if (requirement === 'accept_terms' && user?.termsToAccept?.length)
    return (
      <>
        {children}
        <TermsAcceptance pending={user.termsToAccept} />
      </>
    );
  return children;
}

function TermsAcceptance({ pending }: { pending: NonNullable<TUser['termsToAccept']> }) {
  const logout = useLogout();
  return (
    <Suspense fallback={null}>
      <TermsAcceptanceDialog pending={pending} onSignOut={logout} />
    </Suspense>
  );
}
