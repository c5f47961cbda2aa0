import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { actorOf, type BackofficeRoute } from '../../lib/operator-principal.ts';
import type { DepositBonusService } from './deposit-bonus.service.ts';

/**
 * The back office's deposit promotions (docs/api/backoffice-levels.md): the levels' deposit bonus
 * switch and figures, and deposit events. Each change is audited in its own transaction by the
 * deposit bonus service. The levels' own settings are the settings module's routes.
 */
export function registerDepositBonusBackofficeRoutes(
  route: BackofficeRoute,
  deps: { depositBonus: DepositBonusService },
): void {
  const { depositBonus } = deps;

  route(BACKOFFICE_ROUTES['depositBonus.get'], () => depositBonus.levelBonusFigures());

  route(BACKOFFICE_ROUTES['depositBonus.set'], ({ request, principal, body }) =>
    depositBonus.setEnabled(body.enabled, actorOf(principal, request.ip)),
  );

  route(BACKOFFICE_ROUTES['depositEvents.list'], async () => ({
    status: 'success',
    list: await depositBonus.events(),
  }));

  route(BACKOFFICE_ROUTES['depositEvents.create'], async ({ request, principal, body }) => ({
    status: 'success',
    id: await depositBonus.createEvent(body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['depositEvents.update'], async ({ request, principal, params, body }) => ({
    status: await depositBonus.setEventEnabled(params.id, body.enabled, actorOf(principal, request.ip)),
  }));

  // Abuse review (docs/api/backoffice-fraud.md): the member's unpaid bonuses voided.
  route(BACKOFFICE_ROUTES['fraud.voidBonus'], async ({ request, principal, params }) => ({
    status: 'success',
    voided: await depositBonus.voidPending(params.id, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['depositEvents.end'], async ({ request, principal, params }) => ({
    status: await depositBonus.endEvent(params.id, actorOf(principal, request.ip)),
  }));
}
