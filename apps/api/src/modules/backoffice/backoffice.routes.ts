import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ZAuditQuery,
  ZAuditResponse,
  ZBackofficeMemberActionResponse,
  ZBackofficeMemberLevelRequest,
  ZBackofficeMembersQuery,
  ZBackofficeMembersResponse,
  ZBackofficeResetExchangePasswordResponse,
  ZBackofficeRevokeOthersResponse,
  ZBackofficeSessionsResponse,
  ZDashboardResponse,
  ZBackofficeAdjustRequest,
  ZBackofficeAdjustResponse,
  ZBackofficeApproveRequest,
  ZBackofficeDecisionResponse,
  ZBackofficeIdParams,
  ZBackofficeLogoutResponse,
  ZBackofficeMeResponse,
  ZBackofficeMemberDetailResponse,
  ZBackofficeQueueQuery,
  ZBackofficeQueueResponse,
  ZBackofficeRejectRequest,
  ZBackofficeUserIdParams,
  ZCashierSettingsPatch,
  ZCashierSettingsResponse,
  ZCatalogChangeResponse,
  ZCatalogResponse,
  ZCompRatesPatch,
  ZCompRatesResponse,
  ZCreateGameRequest,
  ZCreateGameResponse,
  ZCreateProviderRequest,
  ZCreateProviderResponse,
  ZGameParams,
  ZProviderCodeParams,
  ZRoundParams,
  ZRoundResponse,
  ZUpdateGameRequest,
  ZUpdateProviderRequest,
  ZJackpotsPatch,
  ZJackpotsResponse,
  ZGameTransfersQuery,
  ZGameTransfersResponse,
  ZLegalListQuery,
  ZLegalListResponse,
  ZMaintenancePatch,
  ZMaintenanceResponse,
  ZPublishLegalRequest,
  ZPublishLegalResponse,
} from '@casino/contracts/backoffice';
import { ZOperatorLoginRequest, ZOperatorLoginResponse } from '@casino/contracts/auth';
import { idempotencyOf } from '../../lib/idempotency.ts';
import type { ModuleContext } from '../../lib/module-context.ts';
import { routesFor } from '../../lib/routes.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { isSecureCookieRequest, OPERATOR_COOKIE, readCookie } from '../auth/cookies.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { SignInLimiter } from '../auth/sign-in-limiter.ts';
import type { CashierService, RequestKind } from '../cashier/cashier.service.ts';
import type { CommunityService } from '../community/community.service.ts';
import type { CatalogService } from '../games/catalog.service.ts';
import type { JackpotService } from '../games/jackpot.service.ts';
import type { TransferService } from '../games/transfer.service.ts';
import type { BannerService } from '../media/banner.service.ts';
import type { MediaService } from '../media/media.service.ts';
import type { LegalService } from '../legal/legal.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  actorOf,
  can,
  normalizeOperatorId,
  PERMISSIONS,
  type ActionAnswer,
  type BackofficeService,
  type OperatorPrincipal,
  type Permission,
} from './backoffice.service.ts';
import { registerCommunityBackofficeRoutes } from './community.routes.ts';
import { registerMediaBackofficeRoutes } from './media.routes.ts';
import type { MemberConsoleService } from './member-console.service.ts';
import { registerMemberBackofficeRoutes } from './members.routes.ts';
import { registerReportsBackofficeRoutes } from './reports.routes.ts';
import type { ReportsService } from './reports.service.ts';
import { registerSettingsBackofficeRoutes } from './settings.routes.ts';
import type { SettingsAdminService } from './settings-admin.service.ts';
import type { MembersService } from '../members/members.service.ts';
import { registerContentBackofficeRoutes } from './content.routes.ts';
import type { CashierReview } from '../cashier/cashier-review.service.ts';
import { registerCashierBackofficeRoutes } from './cashier.routes.ts';
import { registerOperatorsBackofficeRoutes } from './operators.routes.ts';
import { registerProtectionBackofficeRoutes } from './protection.routes.ts';
import type { ProtectionAdminService } from '../protection/protection-admin.service.ts';

const COOKIE_PATH = '/api/backoffice';
/** How many of a member's latest ledger entries the member detail shows. */
const MEMBER_LEDGER_ENTRIES = 20;

export interface BackofficeRouteDeps {
  backoffice: BackofficeService;
  cashier: CashierService;
  settings: SettingsService;
  audit: AuditService;
  sessions: SessionService;
  signInLimiter: SignInLimiter;
  catalog: CatalogService;
  jackpots: JackpotService;
  transfers: TransferService;
  community: CommunityService;
  media: MediaService;
  banners: BannerService;
  legal: LegalService;
  memberConsole: MemberConsoleService;
  reports: ReportsService;
  settingsAdmin: SettingsAdminService;
  members: Pick<MembersService, 'detailByUserId'>;
  cashierReview: CashierReview;
  protectionAdmin: ProtectionAdminService;
}

/** Sends a money action's answer: its code, and the replay header when it is the stored first answer. */
function answer<B>(reply: FastifyReply, result: ActionAnswer<B>): B {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  reply.code(result.code);
  return result.body;
}

/**
 * The back office's JSON API (API.md section 4, docs/api/backoffice.md). Every route but login
 * and logout needs an operator session (401) and a role allowed to make the call (403 `denied`).
 * Money routes honour `Idempotency-Key`; the services run every change with its audit record in
 * one transaction.
 */
export async function registerBackofficeRoutes(
  app: FastifyInstance,
  _ctx: ModuleContext,
  deps: BackofficeRouteDeps,
): Promise<void> {
  const { backoffice, cashier, settings, audit, sessions, signInLimiter, catalog, jackpots, transfers } =
    deps;

  async function operatorOf(request: FastifyRequest): Promise<OperatorPrincipal | null> {
    const session = await sessions.resolve('operator', readCookie(request, OPERATOR_COOKIE), { touch: true });
    if (!session) return null;
    const operator = await backoffice.operatorById(session.subjectId);
    if (!operator || !operator.is_active) return null;
    return {
      id: operator.id,
      operatorId: operator.operator_id,
      role: operator.role,
      sessionId: session.id,
      mustChangePassword: operator.must_change_password,
    };
  }

  const principals = {
    resolve: operatorOf,
    // A forced password change first: until then only the routes open to every role answer.
    allows: (operator: OperatorPrincipal, permission: Permission) =>
      !operator.mustChangePassword && can(operator.role, permission),
  };
  const route = routesFor<OperatorPrincipal, Permission>(app, principals);

  route({
    method: 'POST',
    url: '/api/backoffice/login',
    auth: 'public',
    body: ZOperatorLoginRequest,
    response: ZOperatorLoginResponse,
    handler: async ({ request, reply, body: input }) => {
      const id = normalizeOperatorId(input.operatorId);
      // Reserved before the password is checked (parallel guesses cannot outrun the count).
      await signInLimiter.reserve('operator', id, request.ip);
      const result = await backoffice.verifyCredentials(input);
      if (result.status !== 'success') {
        // totp_required: the password was right; the missing second factor is not a failure, but
        // the earlier failures keep counting so that codes cannot be guessed between resets.
        if (result.status !== 'fail') await signInLimiter.giveBack('operator', id);
        // The id only, never the stored value: its TOTP secret was sealed under another SECRETS_KEY.
        if ('unreadableTotpSecret' in result)
          request.log.warn({ operatorId: id }, 'operator TOTP secret cannot be opened with SECRETS_KEY');
        return { status: result.status };
      }
      await signInLimiter.succeeded('operator', id);
      // Signing in again from the same browser replaces its previous session, whoever's it was (as
      // the member sign-in does), so a session cookie left behind cannot be used afterwards.
      await sessions.revokeToken('operator', readCookie(request, OPERATOR_COOKIE));
      const { token, session } = await sessions.create('operator', result.operator.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      // Strict and scoped to the back-office API: operators never follow links into it.
      reply.setCookie(OPERATOR_COOKIE, token, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: isSecureCookieRequest(request),
        expires: session.absoluteExpiresAt,
      });
      return { status: 'success' };
    },
  });

  route({
    method: 'POST',
    url: '/api/backoffice/logout',
    auth: 'public',
    response: ZBackofficeLogoutResponse,
    handler: async ({ request, reply }) => {
      await sessions.revokeToken('operator', readCookie(request, OPERATOR_COOKIE));
      reply.clearCookie(OPERATOR_COOKIE, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: isSecureCookieRequest(request),
      });
      return { status: 'success' };
    },
  });

  route({
    method: 'GET',
    url: '/api/backoffice/me',
    auth: 'signed-in',
    response: ZBackofficeMeResponse,
    handler: async ({ principal: operator }) => {
      const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(operator.role, p));
      return {
        status: 'success',
        operator: {
          operatorId: operator.operatorId,
          role: operator.role,
          permissions,
          // Only when set (the forced password change): the usual answer is unchanged.
          ...(operator.mustChangePassword ? { mustChangePassword: true } : {}),
        },
      };
    },
  });

  // --- the deposit and withdrawal queues ---

  for (const kind of ['deposit', 'withdraw'] as const satisfies readonly RequestKind[]) {
    const base = `/api/backoffice/${kind}s`;

    route({
      method: 'GET',
      url: base,
      auth: 'signed-in',
      permission: 'queue',
      query: ZBackofficeQueueQuery,
      response: ZBackofficeQueueResponse,
      handler: async ({ principal: operator, query }) =>
        cashier.queue(kind, {
          states: query.state ? [query.state] : [],
          page: query.page,
          pageSize: query.pageSize,
          showBank: can(operator.role, 'bankDetails'),
        }),
    });

    for (const action of ['reg', 'approve', 'reject'] as const) {
      route({
        method: 'POST',
        url: `${base}/:id/${action}`,
        auth: 'signed-in',
        permission: 'queue',
        params: ZBackofficeIdParams,
        body: action === 'reject' ? ZBackofficeRejectRequest : ZBackofficeApproveRequest,
        response: ZBackofficeDecisionResponse,
        handler: async ({ request, reply, principal: operator, params, body }) => {
          const reason = action === 'reject' ? (body as { reason?: string }).reason?.trim() || null : null;
          const result = await backoffice.decide(kind, action, params.id, reason, {
            operator,
            ip: request.ip,
            idempotency: idempotencyOf(request),
          });
          return answer(reply, result);
        },
      });
    }
  }

  registerCashierBackofficeRoutes(app, principals, { cashierReview: deps.cashierReview });

  // --- the dashboard, the member list and member actions, the operator's own sessions ---

  route({
    method: 'GET',
    url: '/api/backoffice/dashboard',
    auth: 'signed-in',
    permission: 'dashboard',
    response: ZDashboardResponse,
    handler: async () => {
      const figures = await backoffice.dashboard();
      return { ...figures, days: await deps.reports.trend(new Date(figures.today.from)) };
    },
  });

  route({
    method: 'GET',
    url: '/api/backoffice/members',
    auth: 'signed-in',
    permission: 'memberRead',
    query: ZBackofficeMembersQuery,
    response: ZBackofficeMembersResponse,
    handler: async ({ principal: operator, query }) =>
      backoffice.listMembers(query, { showBank: can(operator.role, 'bankDetails') }),
  });

  for (const action of ['approve', 'block', 'unblock'] as const) {
    route({
      method: 'POST',
      url: `/api/backoffice/members/:userId/${action}`,
      auth: 'signed-in',
      permission: 'memberManage',
      params: ZBackofficeUserIdParams,
      response: ZBackofficeMemberActionResponse,
      handler: async ({ request, principal, params }) =>
        backoffice.changeMemberState(params.userId, action, actorOf(principal, request.ip)),
    });
  }

  route({
    method: 'PATCH',
    url: '/api/backoffice/members/:userId/level',
    auth: 'signed-in',
    permission: 'memberManage',
    params: ZBackofficeUserIdParams,
    body: ZBackofficeMemberLevelRequest,
    response: ZBackofficeMemberActionResponse,
    handler: async ({ request, principal, params, body }) =>
      backoffice.changeMemberLevel(params.userId, body.level, actorOf(principal, request.ip)),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/members/:userId/signout',
    auth: 'signed-in',
    permission: 'memberManage',
    params: ZBackofficeUserIdParams,
    response: ZBackofficeMemberActionResponse,
    handler: async ({ request, principal, params }) =>
      backoffice.signOutMember(params.userId, actorOf(principal, request.ip)),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/members/:userId/reset-exchange-password',
    auth: 'signed-in',
    permission: 'memberManage',
    params: ZBackofficeUserIdParams,
    response: ZBackofficeResetExchangePasswordResponse,
    handler: async ({ request, reply, principal, params }) => {
      // The new password is shown once: never kept by a cache on the way.
      reply.header('cache-control', 'no-store');
      return backoffice.resetMemberExchangePassword(params.userId, actorOf(principal, request.ip));
    },
  });

  route({
    method: 'GET',
    url: '/api/backoffice/sessions',
    auth: 'signed-in',
    response: ZBackofficeSessionsResponse,
    handler: async ({ principal }) => backoffice.operatorSessions(principal),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/sessions/revoke-others',
    auth: 'signed-in',
    response: ZBackofficeRevokeOthersResponse,
    handler: async ({ request, principal }) => backoffice.revokeOtherOperatorSessions(principal, request.ip),
  });

  // --- members ---

  route({
    method: 'GET',
    url: '/api/backoffice/members/:userId',
    auth: 'signed-in',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    response: ZBackofficeMemberDetailResponse,
    handler: async ({ principal: operator, params }) =>
      backoffice.memberDetail(params.userId, {
        showBank: can(operator.role, 'bankDetails'),
        entries: MEMBER_LEDGER_ENTRIES,
      }),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/members/:userId/adjust',
    auth: 'signed-in',
    permission: 'adjust',
    params: ZBackofficeUserIdParams,
    body: ZBackofficeAdjustRequest,
    response: ZBackofficeAdjustResponse,
    handler: async ({ request, reply, principal: operator, params, body }) => {
      const result = await backoffice.adjustMember(params.userId, body, {
        operator,
        ip: request.ip,
        idempotency: idempotencyOf(request),
      });
      return answer(reply, result);
    },
  });

  // --- settings ---

  route({
    method: 'GET',
    url: '/api/backoffice/settings/cashier',
    auth: 'signed-in',
    permission: 'settingsRead',
    response: ZCashierSettingsResponse,
    handler: async () => ({ status: 'success', settings: await settings.cashier() }),
  });

  route({
    method: 'PUT',
    url: '/api/backoffice/settings/cashier',
    auth: 'signed-in',
    permission: 'settingsWrite',
    body: ZCashierSettingsPatch,
    response: ZCashierSettingsResponse,
    handler: async ({ request, principal: operator, body }) => ({
      status: 'success',
      settings: await backoffice.updateCashierSettings(body, actorOf(operator, request.ip)),
    }),
  });

  // --- the game catalog (owner; API.md section 5) ---

  route({
    method: 'GET',
    url: '/api/backoffice/providers',
    auth: 'signed-in',
    permission: 'catalog',
    response: ZCatalogResponse,
    handler: async () => ({ status: 'success', providers: await catalog.catalog() }),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/providers',
    auth: 'signed-in',
    permission: 'catalog',
    body: ZCreateProviderRequest,
    response: ZCreateProviderResponse,
    handler: async ({ request, principal, body }) => ({
      status: await catalog.createProvider(body, actorOf(principal, request.ip)),
    }),
  });

  route({
    method: 'PATCH',
    url: '/api/backoffice/providers/:code',
    auth: 'signed-in',
    permission: 'catalog',
    params: ZProviderCodeParams,
    body: ZUpdateProviderRequest,
    response: ZCatalogChangeResponse,
    handler: async ({ request, principal, params, body }) => ({
      status: await catalog.updateProvider(params.code, body, actorOf(principal, request.ip)),
    }),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/games',
    auth: 'signed-in',
    permission: 'catalog',
    body: ZCreateGameRequest,
    response: ZCreateGameResponse,
    handler: async ({ request, principal, body }) => ({
      status: await catalog.createGame(body, actorOf(principal, request.ip)),
    }),
  });

  route({
    method: 'PATCH',
    url: '/api/backoffice/games/:provider/:code',
    auth: 'signed-in',
    permission: 'catalog',
    params: ZGameParams,
    body: ZUpdateGameRequest,
    response: ZCatalogChangeResponse,
    handler: async ({ request, principal, params, body }) => ({
      status: await catalog.updateGame(params.provider, params.code, body, actorOf(principal, request.ip)),
    }),
  });

  route({
    method: 'GET',
    url: '/api/backoffice/rounds/:provider/:roundId',
    auth: 'signed-in',
    permission: 'rounds',
    params: ZRoundParams,
    response: ZRoundResponse,
    handler: async ({ params }) => catalog.round(params.provider, params.roundId),
  });

  route({
    method: 'GET',
    url: '/api/backoffice/jackpots',
    auth: 'signed-in',
    permission: 'settingsRead',
    response: ZJackpotsResponse,
    handler: async () => ({
      status: 'success',
      tiers: await jackpots.settings(),
      hits: await jackpots.recentHits(),
    }),
  });

  route({
    method: 'PUT',
    url: '/api/backoffice/jackpots',
    auth: 'signed-in',
    permission: 'settingsWrite',
    body: ZJackpotsPatch,
    response: ZJackpotsResponse,
    handler: async ({ request, principal, body }) => {
      await jackpots.updateSettings(body, actorOf(principal, request.ip));
      return { status: 'success', tiers: await jackpots.settings(), hits: await jackpots.recentHits() };
    },
  });

  route({
    method: 'GET',
    url: '/api/backoffice/game-transfers',
    auth: 'signed-in',
    permission: 'rounds',
    query: ZGameTransfersQuery,
    response: ZGameTransfersResponse,
    handler: async ({ query }) => ({ status: 'success', ...(await transfers.list(query)) }),
  });

  route({
    method: 'GET',
    url: '/api/backoffice/settings/comp-rates',
    auth: 'signed-in',
    permission: 'settingsRead',
    response: ZCompRatesResponse,
    handler: async () => ({ status: 'success', rates: await settings.compRates() }),
  });

  route({
    method: 'PUT',
    url: '/api/backoffice/settings/comp-rates',
    auth: 'signed-in',
    permission: 'settingsWrite',
    body: ZCompRatesPatch,
    response: ZCompRatesResponse,
    handler: async ({ request, principal, body }) => ({
      status: 'success',
      rates: await backoffice.updateCompRates(body, actorOf(principal, request.ip)),
    }),
  });

  // --- the site: maintenance switch (owner) and legal documents (owner, content) ---

  route({
    method: 'GET',
    url: '/api/backoffice/settings/maintenance',
    auth: 'signed-in',
    permission: 'maintenance',
    response: ZMaintenanceResponse,
    handler: async () => ({ status: 'success', maintenance: await settings.maintenanceStored() }),
  });

  route({
    method: 'PUT',
    url: '/api/backoffice/settings/maintenance',
    auth: 'signed-in',
    permission: 'maintenance',
    body: ZMaintenancePatch,
    response: ZMaintenanceResponse,
    handler: async ({ request, principal, body }) => ({
      status: 'success',
      maintenance: await backoffice.updateMaintenance(body, actorOf(principal, request.ip)),
    }),
  });

  route({
    method: 'GET',
    url: '/api/backoffice/legal',
    auth: 'signed-in',
    permission: 'content',
    query: ZLegalListQuery,
    response: ZLegalListResponse,
    handler: async ({ query }) => ({ status: 'success', ...(await deps.legal.list(query)) }),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/legal',
    auth: 'signed-in',
    permission: 'content',
    body: ZPublishLegalRequest,
    response: ZPublishLegalResponse,
    handler: async ({ request, principal, body }) => ({
      status: 'success',
      ...(await deps.legal.publish(body, actorOf(principal, request.ip))),
    }),
  });

  // --- help posts, notes, notices and popups (support and content) ---

  registerCommunityBackofficeRoutes(route, { community: deps.community });

  // --- operator accounts, operators (owner), the IP allow-list gate ---

  registerOperatorsBackofficeRoutes(app, route, {
    operators: backoffice.operators,
    signInLimiter,
    ipFloor: _ctx.config.backofficeIpAllowlist,
    now: _ctx.now,
  });
  registerMemberBackofficeRoutes(route, { memberConsole: deps.memberConsole });
  registerProtectionBackofficeRoutes(route, { protectionAdmin: deps.protectionAdmin });

  // --- registration codes, member approval and levels, game order, secret rotation, member rounds ---

  registerSettingsBackofficeRoutes(route, {
    settingsAdmin: deps.settingsAdmin,
    catalog,
    members: deps.members,
  });

  // --- uploaded images and home banners (content) ---

  await registerMediaBackofficeRoutes(app, principals, { media: deps.media, banners: deps.banners });
  registerContentBackofficeRoutes(route, { backoffice, settings });

  registerReportsBackofficeRoutes(app, principals, { reports: deps.reports });

  route({
    method: 'GET',
    url: '/api/backoffice/audit',
    auth: 'signed-in',
    permission: 'auditRead',
    query: ZAuditQuery,
    response: ZAuditResponse,
    handler: async ({ query }) => ({ status: 'success', ...(await audit.list(query)) }),
  });
}
