import { randomBytes } from 'node:crypto';
import {
  ZGameOrderRequest,
  ZGameOrderResponse,
  ZMemberLevelsPatch,
  ZMemberLevelsResponse,
  ZMemberRoundsQuery,
  ZMemberRoundsResponse,
  ZProviderParams,
  ZRegCodeChangeResponse,
  ZRegCodeCreateRequest,
  ZRegCodeCreateResponse,
  ZRegCodeParams,
  ZRegCodePatch,
  ZRegCodesResponse,
  ZRegistrationSettingsPatch,
  ZRegistrationSettingsResponse,
  ZRotateSecretResponse,
} from '@casino/contracts/backoffice-settings';
import { ZProviderCodeParams } from '@casino/contracts/backoffice';
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

  route({
    method: 'GET',
    url: '/api/backoffice/reg-codes',
    auth: 'signed-in',
    permission: 'settingsRead',
    response: ZRegCodesResponse,
    handler: async () => ({ status: 'success', list: await settingsAdmin.regCodes() }),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/reg-codes',
    auth: 'signed-in',
    permission: 'settingsWrite',
    body: ZRegCodeCreateRequest,
    response: ZRegCodeCreateResponse,
    handler: async ({ request, principal, body }) => ({
      status: await settingsAdmin.createRegCode(body, actorOf(principal, request.ip)),
    }),
  });

  route({
    method: 'PATCH',
    url: '/api/backoffice/reg-codes/:code',
    auth: 'signed-in',
    permission: 'settingsWrite',
    params: ZRegCodeParams,
    body: ZRegCodePatch,
    response: ZRegCodeChangeResponse,
    handler: async ({ request, principal, params, body }) => ({
      status: await settingsAdmin.updateRegCode(params.code, body, actorOf(principal, request.ip)),
    }),
  });

  // --- member approval and level names ---

  route({
    method: 'GET',
    url: '/api/backoffice/settings/registration',
    auth: 'signed-in',
    permission: 'settingsRead',
    response: ZRegistrationSettingsResponse,
    handler: async () => ({ status: 'success', settings: await settingsAdmin.registration() }),
  });

  route({
    method: 'PUT',
    url: '/api/backoffice/settings/registration',
    auth: 'signed-in',
    permission: 'settingsWrite',
    body: ZRegistrationSettingsPatch,
    response: ZRegistrationSettingsResponse,
    handler: async ({ request, principal, body }) => ({
      status: 'success',
      settings: await settingsAdmin.setRegistration(body.requireApproval, actorOf(principal, request.ip)),
    }),
  });

  route({
    method: 'GET',
    url: '/api/backoffice/settings/levels',
    auth: 'signed-in',
    // The member screens name levels too: every role that reads members reads the names.
    permission: 'memberRead',
    response: ZMemberLevelsResponse,
    handler: async () => ({ status: 'success', levels: await settingsAdmin.levels() }),
  });

  route({
    method: 'PUT',
    url: '/api/backoffice/settings/levels',
    auth: 'signed-in',
    permission: 'settingsWrite',
    body: ZMemberLevelsPatch,
    response: ZMemberLevelsResponse,
    handler: async ({ request, principal, body }) => ({
      status: 'success',
      levels: await settingsAdmin.updateLevels(body, actorOf(principal, request.ip)),
    }),
  });

  // --- games: display order and provider secret rotation ---

  route({
    method: 'PUT',
    url: '/api/backoffice/games/:provider/order',
    auth: 'signed-in',
    permission: 'catalog',
    params: ZProviderParams,
    body: ZGameOrderRequest,
    response: ZGameOrderResponse,
    handler: async ({ request, principal, params, body }) => ({
      status: await catalog.reorderGames(params.provider, body.codes, actorOf(principal, request.ip)),
    }),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/providers/:code/rotate-secret',
    auth: 'signed-in',
    permission: 'catalog',
    params: ZProviderCodeParams,
    response: ZRotateSecretResponse,
    handler: async ({ request, reply, principal, params }) => {
      // Shown once: never kept by a cache on the way.
      reply.header('cache-control', 'no-store');
      const secret = newProviderSecret();
      const status = await catalog.updateProvider(params.code, { secret }, actorOf(principal, request.ip));
      return status === 'success' ? { status, secret } : { status };
    },
  });

  // --- a member's rounds (disputes) ---

  route({
    method: 'GET',
    url: '/api/backoffice/rounds',
    auth: 'signed-in',
    permission: 'rounds',
    query: ZMemberRoundsQuery,
    response: ZMemberRoundsResponse,
    handler: async ({ query }) => {
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
    },
  });
}
