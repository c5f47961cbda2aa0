import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { actorOf, type BackofficeRoute } from '../../lib/operator-principal.ts';
import type { SitesAdminService } from './sites-admin.service.ts';

/**
 * The sites (owner; docs/api/backoffice-sites.md): list, create, change, delete. Every change is
 * audited in its own transaction by the sites admin service.
 */
export function registerSitesBackofficeRoutes(
  route: BackofficeRoute,
  deps: { sitesAdmin: SitesAdminService },
): void {
  const { sitesAdmin } = deps;

  route(BACKOFFICE_ROUTES['sites.list'], async ({ query }) => ({
    status: 'success',
    ...(await sitesAdmin.list(query.page, query.pageSize)),
    default: { name: sitesAdmin.defaultName() },
  }));

  route(BACKOFFICE_ROUTES['sites.create'], async ({ request, principal, body }) =>
    sitesAdmin.create(body, actorOf(principal, request.ip)),
  );

  route(BACKOFFICE_ROUTES['sites.update'], async ({ request, principal, params, body }) => ({
    status: await sitesAdmin.update(params.id, body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['sites.delete'], async ({ request, principal, params }) => ({
    status: await sitesAdmin.remove(params.id, actorOf(principal, request.ip)),
  }));
}
