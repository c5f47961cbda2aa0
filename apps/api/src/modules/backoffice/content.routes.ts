import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import type { SettingsService } from '../settings/settings.service.ts';
import { actorOf, type BackofficeRoute } from '../../lib/operator-principal.ts';
import type { BackofficeService } from './backoffice.service.ts';

/**
 * The help desk's and content screens' own routes (docs/api/backoffice-content.md): the site's
 * deposit account, which support operators insert into the answer of an account inquiry and only
 * an owner changes (audited as `settings.deposit_account`).
 */
export function registerContentBackofficeRoutes(
  route: BackofficeRoute,
  deps: { backoffice: BackofficeService; settings: SettingsService },
): void {
  const { backoffice, settings } = deps;

  route(BACKOFFICE_ROUTES['depositAccount.get'], async () => ({
    status: 'success',
    account: await settings.depositAccount(),
  }));

  route(BACKOFFICE_ROUTES['depositAccount.set'], async ({ request, principal, body }) => ({
    status: 'success',
    account: await backoffice.updateDepositAccount(body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['depositAccount.remove'], async ({ request, principal }) => ({
    status: 'success',
    account: await backoffice.updateDepositAccount(null, actorOf(principal, request.ip)),
  }));
}
