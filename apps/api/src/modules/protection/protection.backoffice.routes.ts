import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import type { ProtectionAdminService } from './protection-admin.service.ts';
import type { BackofficeRoute } from '../../lib/operator-principal.ts';

/**
 * Player protection in the back office (docs/api/backoffice-protection.md), read only: a member's
 * limits, their history, breaks and reality-check setting for `memberRead` (owner, cashier,
 * support), and the report of members under a break for `protectionReport` (owner, support).
 * There is deliberately no route that ends, shortens or lifts a break, for any role.
 */
export function registerProtectionBackofficeRoutes(
  route: BackofficeRoute,
  deps: { protectionAdmin: ProtectionAdminService },
): void {
  const { protectionAdmin } = deps;

  route(BACKOFFICE_ROUTES['members.protection'], async ({ params }) =>
    protectionAdmin.memberProtection(params.userId),
  );

  route(BACKOFFICE_ROUTES['protection.breaks'], async ({ query }) => protectionAdmin.breaksReport(query));
}
