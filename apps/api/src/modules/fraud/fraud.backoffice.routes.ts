import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { actorOf, type BackofficeRoute } from '../../lib/operator-principal.ts';
import type { FraudService } from './fraud.service.ts';

/**
 * Abuse signals and linked accounts (docs/api/backoffice-fraud.md): the settings (read: owner and
 * cashier; change: owner, audited), a member's links, the rings, the review entries and their close
 * with a note (audited).
 */
export function registerFraudBackofficeRoutes(route: BackofficeRoute, deps: { fraud: FraudService }): void {
  const { fraud } = deps;

  route(BACKOFFICE_ROUTES['fraud.settings'], async () => fraud.settings());

  route(BACKOFFICE_ROUTES['fraud.settings.update'], async ({ request, principal, body }) =>
    fraud.updateSettings(body, actorOf(principal, request.ip)),
  );

  route(BACKOFFICE_ROUTES['fraud.summary'], async () => fraud.summary());

  route(BACKOFFICE_ROUTES['fraud.links'], async ({ params }) => fraud.links(params.id));

  route(BACKOFFICE_ROUTES['fraud.rings'], async ({ query }) => fraud.rings(query));

  route(BACKOFFICE_ROUTES['fraud.flags'], async ({ query }) => fraud.flags(query));

  route(BACKOFFICE_ROUTES['fraud.watch'], async () => fraud.watchList());

  route(BACKOFFICE_ROUTES['fraud.watch.add'], async ({ request, principal, body }) => ({
    status: await fraud.watch(body.userId, body.reason, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['fraud.watch.delete'], async ({ request, principal, params }) => ({
    status: await fraud.unwatch(params.id, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['fraud.flags.close'], async ({ request, principal, params, body }) => ({
    status: await fraud.close(params.id, body.note, actorOf(principal, request.ip)),
  }));
}
