import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { randomBytes } from 'node:crypto';
import type { CatalogService } from '../games/catalog.service.ts';
import type { MembersService } from '../members/members.service.ts';
import { actorOf } from './backoffice.service.ts';
import type { BackofficeRoute } from './community.routes.ts';
import type { SettingsAdminService } from './settings-admin.service.ts';

/** A rotated provider secret: 32 random bytes, 43 characters of base64url (docs/providers.md: 32..128). */
function newProviderSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The back office's settings, games and round routes of issue 13 (docs/api/backoffice-settings.md):
 * registration codes, member approval and level names (read: owner and cashier, levels also
 * support; change: owner), the order of a provider's games and secret rotation (owner), a member's
 * rounds (owner, cashier, support). Every change is audited in its own transaction by the services.
 */
export function registerSettingsBackofficeRoutes(
  route: BackofficeRoute,
  deps: {
    settingsAdmin: SettingsAdminService;
    catalog: CatalogService;
    members: Pick<MembersService, 'detailByUserId'>;
  },
): void {
  const { settingsAdmin, catalog, members } = deps;

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

  // --- games: display order and provider secret rotation ---

  route(BACKOFFICE_ROUTES['games.order'], async ({ request, principal, params, body }) => ({
    status: await catalog.reorderGames(params.provider, body.codes, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['providers.rotateSecret'], async ({ request, reply, principal, params }) => {
    // Shown once: never kept by a cache on the way.
    reply.header('cache-control', 'no-store');
    const secret = newProviderSecret();
    const status = await catalog.updateProvider(params.code, { secret }, actorOf(principal, request.ip));
    return status === 'success' ? { status, secret } : { status };
  });

  // --- a member's rounds (disputes) ---

  route(BACKOFFICE_ROUTES['rounds.ofMember'], async ({ query }) => {
    const member = await members.detailByUserId(query.userId);
    if (!member) return { status: 'not_found' };
    const rounds = await catalog.memberRounds(member.id, query, 'ko');
    return {
      status: 'success',
      maxCount: rounds.maxCount,
      list: rounds.bets.map((b) => ({
        provider: b.company,
        roundId: b.round,
        gameCode: b.gameCode,
        gameName: b.gameName,
        bet: b.bet,
        win: b.win,
        regDate: b.regDate,
      })),
    };
  });
}
