import { BACKOFFICE_API_PREFIX } from '@casino/contracts/backoffice-route';
import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { OPERATOR_PERMISSION_NAMES } from '@casino/contracts/backoffice-permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyOf } from '../../lib/idempotency.ts';
import type { ModuleContext } from '../../lib/module-context.ts';
import { routesFor } from '../../lib/routes.ts';
import { AppError } from '../../lib/app-error.ts';
import { lastEventIdOf, streamEvents } from '../../lib/event-stream.ts';
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
import { actorOf, can, type OperatorPrincipal, type Permission } from '../../lib/operator-principal.ts';
import { normalizeOperatorId, type ActionAnswer, type BackofficeService } from './backoffice.service.ts';
import { registerCommunityBackofficeRoutes } from '../community/community.backoffice.routes.ts';
import { registerMediaBackofficeRoutes } from '../media/media.backoffice.routes.ts';
import type { MemberConsoleService } from '../members/member-console.service.ts';
import { registerMemberBackofficeRoutes } from '../members/members.backoffice.routes.ts';
import { registerReportsBackofficeRoutes } from '../reports/reports.backoffice.routes.ts';
import type { ReportsService } from '../reports/reports.service.ts';
import type { JobScheduler } from '../../lib/jobs.ts';
import { registerSettingsBackofficeRoutes } from '../settings/settings.backoffice.routes.ts';
import type { SettingsAdminService } from '../settings/settings-admin.service.ts';
import { registerSitesBackofficeRoutes } from '../settings/sites.backoffice.routes.ts';
import { registerBlacklistBackofficeRoutes } from '../blacklist/blacklist.backoffice.routes.ts';
import type { BlacklistService } from '../blacklist/blacklist.service.ts';
import { registerFraudBackofficeRoutes } from '../fraud/fraud.backoffice.routes.ts';
import type { FraudService } from '../fraud/fraud.service.ts';
import type { SitesAdminService } from '../settings/sites-admin.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { CashierReview } from '../cashier/cashier-review.service.ts';
import { registerCashierBackofficeRoutes } from '../cashier/cashier.backoffice.routes.ts';
import { registerDepositBonusBackofficeRoutes } from '../cashier/deposit-bonus.backoffice.routes.ts';
import type { DepositBonusService } from '../cashier/deposit-bonus.service.ts';
import { registerOperatorsBackofficeRoutes } from './operators.routes.ts';
import { registerProtectionBackofficeRoutes } from '../protection/protection.backoffice.routes.ts';
import { registerGamesBackofficeRoutes } from '../games/games.backoffice.routes.ts';
import { registerRewardsBackofficeRoutes } from '../rewards/rewards.backoffice.routes.ts';
import type { RewardsService } from '../rewards/rewards.service.ts';
import { registerPartnersBackofficeRoutes } from '../partners/partners.backoffice.routes.ts';
import type { PartnersService } from '../partners/partners.service.ts';
import type { ProtectionAdminService } from '../protection/protection-admin.service.ts';

/** The operator's cookie goes to the back-office API only. */
const COOKIE_PATH = BACKOFFICE_API_PREFIX;
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
  /** The periodic jobs (lib/jobs.ts), read by `GET /api/backoffice/jobs`. */
  jobs: Pick<JobScheduler, 'list'>;
  settingsAdmin: SettingsAdminService;
  members: Pick<MembersService, 'detailByUserId'>;
  cashierReview: CashierReview;
  /** The levels' deposit bonus and deposit events (docs/api/backoffice-levels.md). */
  depositBonus: DepositBonusService;
  protectionAdmin: ProtectionAdminService;
  sitesAdmin: SitesAdminService;
  blacklist: BlacklistService;
  fraud: FraudService;
  rewards: RewardsService;
  /** Partners (docs/api/backoffice-partners.md): their routes, and the scope of the member list and profile. */
  partners: PartnersService;
}

/** Sends a money action's answer: its code, and the replay header when it is the stored first answer. */
function answer<B>(reply: FastifyReply, result: ActionAnswer<B>): B {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  reply.code(result.code);
  return result.body;
}

/**
 * The back office's JSON API (docs/api/backoffice.md). Every route but login
 * and logout needs an operator session (401) and a role allowed to make the call (403 `denied`).
 * Money routes honour `Idempotency-Key`; the services run every change with its audit record in
 * one transaction.
 */
export async function registerBackofficeRoutes(
  app: FastifyInstance,
  ctx: ModuleContext,
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

  route(BACKOFFICE_ROUTES['session.login'], async ({ request, reply, body: input }) => {
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
  });

  route(BACKOFFICE_ROUTES['session.logout'], async ({ request, reply }) => {
    await sessions.revokeToken('operator', readCookie(request, OPERATOR_COOKIE));
    reply.clearCookie(OPERATOR_COOKIE, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: isSecureCookieRequest(request),
    });
    return { status: 'success' };
  });

  route(BACKOFFICE_ROUTES['session.me'], async ({ principal: operator }) => {
    const permissions = OPERATOR_PERMISSION_NAMES.filter((p) => can(operator.role, p));
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
  });

  /**
   * After a decision committed: the member's streams hear the request's new state and money, the
   * operators' the queues (docs/api/events.md). Not awaited: the decision stands either way.
   */
  function tellDecision(kind: RequestKind, id: number, request: FastifyRequest): void {
    ctx.events.queue();
    deps.cashierReview.owner(kind, id).then(
      (owner) => {
        if (!owner) return;
        ctx.events.cashier({ userId: owner.userId }, { kind, id, state: owner.state });
        ctx.events.member({ userId: owner.userId }, 'balance');
        // A decision leaves the member a note (the cashier's message).
        ctx.events.member({ userId: owner.userId }, 'note');
      },
      (err: unknown) => request.log.warn({ err }, 'cashier event not sent'),
    );
  }

  // --- the deposit and withdrawal queues ---

  for (const kind of ['deposit', 'withdraw'] as const satisfies readonly RequestKind[]) {
    route(BACKOFFICE_ROUTES[`${kind}s.queue`], async ({ principal: operator, query }) =>
      cashier.queue(kind, {
        states: query.state ? [query.state] : [],
        page: query.page,
        pageSize: query.pageSize,
        showBank: can(operator.role, 'bankDetails'),
      }),
    );

    for (const action of ['reg', 'approve', 'reject'] as const) {
      route(
        BACKOFFICE_ROUTES[`${kind}s.${action}`],
        async ({ request, reply, principal: operator, params, body }) => {
          const reason = action === 'reject' ? (body as { reason?: string }).reason?.trim() || null : null;
          const result = await backoffice.decide(kind, action, params.id, reason, {
            operator,
            ip: request.ip,
            idempotency: idempotencyOf(request),
          });
          const { status } = result.body as { status: string };
          if (!result.replayed && (status === 'success' || status === 'first_approved'))
            tellDecision(kind, params.id, request);
          return answer(reply, result);
        },
      );
    }
  }

  registerCashierBackofficeRoutes(route, { cashierReview: deps.cashierReview });
  registerDepositBonusBackofficeRoutes(route, { depositBonus: deps.depositBonus });

  // --- the dashboard, the member list and member actions, the operator's own sessions ---

  // The operators' stream: the queues now, then after every change (docs/api/events.md).
  route(BACKOFFICE_ROUTES['events.stream'], async ({ request, reply }) => {
    const hub = ctx.streams;
    if (!hub) throw new AppError('error');
    streamEvents(request, reply, (sink) => hub.openOperator({ lastEventId: lastEventIdOf(request), sink }));
  });

  route(BACKOFFICE_ROUTES['dashboard.get'], async () => {
    const figures = await backoffice.dashboard();
    return { ...figures, days: await deps.reports.trend(new Date(figures.today.from)) };
  });

  // A partner lists its subtree's members only (another partner's id answers 404), never bank numbers.
  route(BACKOFFICE_ROUTES['members.list'], async ({ principal: operator, query }) =>
    backoffice.listMembers(query, {
      showBank: can(operator.role, 'bankDetails'),
      partnerIds: await deps.partners.memberScope(operator, {
        partnerId: query.partnerId,
        deep: query.deep === 'true',
      }),
      partnerNames: (ids) => deps.partners.partnerIdsOf(ids),
    }),
  );

  // One route for a member's partner (owner) and level (the older level route's permission).
  route(BACKOFFICE_ROUTES['members.patch'], async ({ request, principal, params, body }) => {
    if (body.partnerId !== undefined && principal.role !== 'owner') throw new AppError('denied');
    const who = actorOf(principal, request.ip);
    if (body.partnerId !== undefined) await deps.partners.moveMember(params.userId, body.partnerId, who);
    if (body.level !== undefined) return backoffice.changeMemberLevel(params.userId, body.level, who);
    return { status: 'success' as const };
  });

  for (const action of ['approve', 'block', 'unblock'] as const) {
    route(BACKOFFICE_ROUTES[`members.${action}`], async ({ request, principal, params }) =>
      backoffice.changeMemberState(params.userId, action, actorOf(principal, request.ip)),
    );
  }

  route(BACKOFFICE_ROUTES['members.level'], async ({ request, principal, params, body }) =>
    backoffice.changeMemberLevel(params.userId, body.level, actorOf(principal, request.ip)),
  );

  route(BACKOFFICE_ROUTES['members.signout'], async ({ request, principal, params }) =>
    backoffice.signOutMember(params.userId, actorOf(principal, request.ip)),
  );

  route(BACKOFFICE_ROUTES['members.resetExchangePassword'], async ({ request, reply, principal, params }) => {
    // The new password is shown once: never kept by a cache on the way.
    reply.header('cache-control', 'no-store');
    return backoffice.resetMemberExchangePassword(params.userId, actorOf(principal, request.ip));
  });

  route(BACKOFFICE_ROUTES['sessions.list'], async ({ principal }) => backoffice.operatorSessions(principal));

  route(BACKOFFICE_ROUTES['sessions.revokeOthers'], async ({ request, principal }) =>
    backoffice.revokeOtherOperatorSessions(principal, request.ip),
  );

  // --- members ---

  route(BACKOFFICE_ROUTES['members.detail'], async ({ principal: operator, params }) => {
    const detail = await backoffice.memberDetail(params.userId, {
      showBank: can(operator.role, 'bankDetails'),
      entries: MEMBER_LEDGER_ENTRIES,
      partnerNames: (ids) => deps.partners.partnerIdsOf(ids),
    });
    // A partner sees its subtree's members only: any other answers 404, as an unknown one does.
    if (operator.role === 'partner') {
      if (detail.status !== 'success' || !(await deps.partners.seesMemberOf(operator, detail.partnerRowId)))
        throw new AppError('not_found');
    }
    return detail;
  });

  route(
    BACKOFFICE_ROUTES['members.adjust'],
    async ({ request, reply, principal: operator, params, body }) => {
      const result = await backoffice.adjustMember(params.userId, body, {
        operator,
        ip: request.ip,
        idempotency: idempotencyOf(request),
      });
      if (!result.replayed && (result.body as { status: string }).status === 'success')
        ctx.events.member({ userId: params.userId }, 'balance');
      return answer(reply, result);
    },
  );

  // --- settings ---

  route(BACKOFFICE_ROUTES['settings.cashier'], async () => ({
    status: 'success',
    settings: await settings.cashier(),
  }));

  route(BACKOFFICE_ROUTES['settings.updateCashier'], async ({ request, principal: operator, body }) => ({
    status: 'success',
    settings: await backoffice.updateCashierSettings(body, actorOf(operator, request.ip)),
  }));

  // --- the game catalog (owner; docs/api/backoffice.md, docs/providers.md) ---

  route(BACKOFFICE_ROUTES['providers.list'], async () => ({
    status: 'success',
    providers: await catalog.catalog(),
  }));

  route(BACKOFFICE_ROUTES['providers.create'], async ({ request, principal, body }) => ({
    status: await catalog.createProvider(body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['providers.update'], async ({ request, principal, params, body }) => ({
    status: await catalog.updateProvider(params.code, body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['games.create'], async ({ request, principal, body }) => ({
    status: await catalog.createGame(body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['games.update'], async ({ request, principal, params, body }) => ({
    status: await catalog.updateGame(params.provider, params.code, body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['rounds.get'], async ({ params }) =>
    catalog.round(params.provider, params.roundId),
  );

  route(BACKOFFICE_ROUTES['jackpots.get'], async () => ({
    status: 'success',
    tiers: await jackpots.settings(),
    hits: await jackpots.recentHits(),
  }));

  route(BACKOFFICE_ROUTES['jackpots.update'], async ({ request, principal, body }) => {
    await jackpots.updateSettings(body, actorOf(principal, request.ip));
    return { status: 'success', tiers: await jackpots.settings(), hits: await jackpots.recentHits() };
  });

  route(BACKOFFICE_ROUTES['gameTransfers.list'], async ({ query }) => ({
    status: 'success',
    ...(await transfers.list(query)),
  }));

  route(BACKOFFICE_ROUTES['settings.compRates'], async () => ({
    status: 'success',
    rates: await settings.compRates(),
  }));

  route(BACKOFFICE_ROUTES['settings.updateCompRates'], async ({ request, principal, body }) => ({
    status: 'success',
    rates: await backoffice.updateCompRates(body, actorOf(principal, request.ip)),
  }));

  // --- the site: maintenance switch (owner) and legal documents (owner, content) ---

  route(BACKOFFICE_ROUTES['settings.maintenance'], async () => ({
    status: 'success',
    maintenance: await settings.maintenanceStored(),
  }));

  route(BACKOFFICE_ROUTES['settings.updateMaintenance'], async ({ request, principal, body }) => ({
    status: 'success',
    maintenance: await backoffice.updateMaintenance(body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['legal.list'], async ({ query }) => ({
    status: 'success',
    ...(await deps.legal.list(query)),
  }));

  route(BACKOFFICE_ROUTES['legal.publish'], async ({ request, principal, body }) => ({
    status: 'success',
    ...(await deps.legal.publish(body, actorOf(principal, request.ip))),
  }));

  // --- help posts, notes, notices and popups (support and content) ---

  registerCommunityBackofficeRoutes(route, { community: deps.community, events: ctx.events });

  // --- operator accounts, operators (owner), the IP allow-list gate ---

  registerOperatorsBackofficeRoutes(app, route, {
    operators: backoffice.operators,
    signInLimiter,
    ipFloor: ctx.config.backofficeIpAllowlist,
    now: ctx.now,
    caches: ctx.caches,
  });
  registerMemberBackofficeRoutes(route, { memberConsole: deps.memberConsole });
  registerProtectionBackofficeRoutes(route, { protectionAdmin: deps.protectionAdmin });

  // --- registration codes, member approval and levels; game order, secret rotation, member rounds ---

  registerSettingsBackofficeRoutes(route, { settingsAdmin: deps.settingsAdmin });
  registerSitesBackofficeRoutes(route, { sitesAdmin: deps.sitesAdmin });
  registerBlacklistBackofficeRoutes(route, { blacklist: deps.blacklist });
  registerFraudBackofficeRoutes(route, { fraud: deps.fraud });
  registerGamesBackofficeRoutes(route, { catalog, members: deps.members });
  registerRewardsBackofficeRoutes(route, { rewards: deps.rewards });
  registerPartnersBackofficeRoutes(route, {
    partners: deps.partners,
    idempotent: (operatorId, idempotency, run) => backoffice.idempotent(operatorId, idempotency, run),
  });

  // --- uploaded images and home banners (content) ---

  await registerMediaBackofficeRoutes(app, principals, { media: deps.media, banners: deps.banners });

  registerReportsBackofficeRoutes(route, { reports: deps.reports, jobs: deps.jobs });

  route(BACKOFFICE_ROUTES['audit.list'], async ({ query }) => ({
    status: 'success',
    ...(await audit.list(query)),
  }));
}
