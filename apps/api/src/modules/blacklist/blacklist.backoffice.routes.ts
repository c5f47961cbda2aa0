import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { actorOf, type BackofficeRoute } from '../../lib/operator-principal.ts';
import type { BlacklistService } from './blacklist.service.ts';

/**
 * The blacklist (owner; docs/api/backoffice-blacklist.md): list with filters, add, remove, CSV
 * import (all or nothing) and export, and the hits. Every change is audited in its transaction.
 */
export function registerBlacklistBackofficeRoutes(
  route: BackofficeRoute,
  deps: { blacklist: BlacklistService },
): void {
  const { blacklist } = deps;

  route(BACKOFFICE_ROUTES['blacklist.list'], async ({ query }) => blacklist.list(query));

  route(BACKOFFICE_ROUTES['blacklist.add'], async ({ request, principal, body }) =>
    blacklist.add(body, actorOf(principal, request.ip)),
  );

  route(BACKOFFICE_ROUTES['blacklist.delete'], async ({ request, principal, params }) => ({
    status: await blacklist.remove(params.id, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['blacklist.import'], async ({ request, principal, body }) =>
    blacklist.importCsv(body.csv, actorOf(principal, request.ip)),
  );

  route(BACKOFFICE_ROUTES['blacklist.csv'], async () => ({
    filename: `blacklist-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}.csv`,
    text: await blacklist.csv(),
  }));

  route(BACKOFFICE_ROUTES['blacklist.hits'], async ({ query }) => blacklist.hits(query.page, query.pageSize));
}
