import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { actorOf, type BackofficeRoute } from '../../lib/operator-principal.ts';
import type { SettingsAdminService } from './settings-admin.service.ts';

/**
 * The back office's settings routes of issue 13 (docs/api/backoffice-settings.md): registration
 * codes, member approval, level names and the deposit account (read: owner and cashier, levels also
 * support; change: owner). Every change is audited in its own transaction by the settings admin service. The games'
 * routes of the same screen (game order, secret rotation, rounds) are `modules/games/games.backoffice.routes.ts`.
 */
export function registerSettingsBackofficeRoutes(
  route: BackofficeRoute,
  deps: { settingsAdmin: SettingsAdminService },
): void {
  const { settingsAdmin } = deps;

  // --- registration codes ---

  route(BACKOFFICE_ROUTES['regCodes.list'], async () => ({
    status: 'success',
    list: await settingsAdmin.regCodes(),
  }));

  route(BACKOFFICE_ROUTES['regCodes.create'], async ({ request, principal, body }) => ({
    status: await settingsAdmin.createRegCode(body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['regCodes.update'], async ({ request, principal, params, body }) => ({
    status: await settingsAdmin.updateRegCode(params.code, body, actorOf(principal, request.ip)),
  }));

  // --- member approval and level names ---

  route(BACKOFFICE_ROUTES['settings.registration'], async () => ({
    status: 'success',
    settings: await settingsAdmin.registration(),
  }));

  route(BACKOFFICE_ROUTES['settings.updateRegistration'], async ({ request, principal, body }) => ({
    status: 'success',
    settings: await settingsAdmin.setRegistration(body.requireApproval, actorOf(principal, request.ip)),
  }));

  // The member screens name levels too: every role that reads members reads the names.
  route(BACKOFFICE_ROUTES['settings.levels'], async () => ({
    status: 'success',
    levels: await settingsAdmin.levels(),
  }));

  route(BACKOFFICE_ROUTES['settings.updateLevels'], async ({ request, principal, body }) => ({
    status: 'success',
    levels: await settingsAdmin.updateLevels(body, actorOf(principal, request.ip)),
  }));

  // One level's settings (docs/api/levels.md): comp rates, withdrawal limit, bonus, threshold, account.
  route(BACKOFFICE_ROUTES['settings.updateLevel'], async ({ request, principal, params, body }) => ({
    status: 'success',
    levels: await settingsAdmin.updateLevel(params.level, body, actorOf(principal, request.ip)),
  }));

  // --- the site's deposit account (docs/api/backoffice-content.md) ---
  // Support operators insert it into the answer of an account inquiry; only an owner changes it
  // (audited as `settings.deposit_account`).

  route(BACKOFFICE_ROUTES['depositAccount.get'], async () => ({
    status: 'success',
    account: await settingsAdmin.depositAccount(),
  }));

  route(BACKOFFICE_ROUTES['depositAccount.set'], async ({ request, principal, body }) => ({
    status: 'success',
    account: await settingsAdmin.updateDepositAccount(body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['depositAccount.remove'], async ({ request, principal }) => ({
    status: 'success',
    account: await settingsAdmin.updateDepositAccount(null, actorOf(principal, request.ip)),
  }));
}
