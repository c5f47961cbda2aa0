import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { toFieldErrors } from '@casino/contracts/errors';
import type { AppContext } from '../../app.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { isSecureCookieRequest, OPERATOR_COOKIE, readCookie } from '../auth/cookies.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { SignInLimiter } from '../auth/sign-in-limiter.ts';
import type { CashierService, RequestKind } from '../cashier/cashier.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  actorOf,
  can,
  normalizeOperatorId,
  PERMISSIONS,
  requestHash,
  type BackofficeService,
  type OperatorPrincipal,
  type Permission,
} from './backoffice.service.ts';
import {
  ZBackofficeAdjustRequest,
  ZBackofficeAdjustResponse,
  ZBackofficeApproveRequest,
  ZBackofficeDecisionResponse,
  ZBackofficeIdParams,
  ZBackofficeMemberDetailResponse,
  ZBackofficeQueueQuery,
  ZBackofficeQueueResponse,
  ZBackofficeRejectRequest,
  ZBackofficeUserIdParams,
} from '@casino/contracts/backoffice';
import { ZOperatorLoginRequest } from '@casino/contracts/auth';
import * as S from './backoffice.schemas.ts';
import { generateTotpSecret } from './totp.ts';

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
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const input = value ?? {};
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError('invalid', { errors: toFieldErrors(parsed.error.issues, input) });
  return parsed.data;
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  return Array.isArray(raw) ? raw.join(',') : raw;
}

/**
 * The back office's JSON API (API.md section 4, docs/api/backoffice.md). Every route but login
 * needs an operator session (401) and a role allowed to make the call (403 `denied`). Money
 * routes honour `Idempotency-Key`; every change is written to the audit log in its own transaction.
 */
export async function registerBackofficeRoutes(app: FastifyInstance, ctx: AppContext, deps: BackofficeRouteDeps): Promise<void> {
  const { backoffice, cashier, settings, audit, sessions, signInLimiter } = deps;

  async function operatorOf(request: FastifyRequest): Promise<OperatorPrincipal | null> {
    const session = await sessions.resolve('operator', readCookie(request, OPERATOR_COOKIE), { touch: true });
    if (!session) return null;
    const operator = await backoffice.operatorById(session.subjectId);
    if (!operator || !operator.is_active) return null;
    return { id: operator.id, operatorId: operator.operator_id, role: operator.role, sessionId: session.id };
  }

  /** 401 without an operator session, 403 `denied` when the role may not make the call. */
  async function authorize(request: FastifyRequest, permission?: Permission): Promise<OperatorPrincipal> {
    const operator = await operatorOf(request);
    if (!operator) throw new AppError('unauthenticated');
    if (permission && !can(operator.role, permission)) throw new AppError('denied');
    return operator;
  }

  /**
   * Runs a money action in one transaction, once per Idempotency-Key, and sends its answer
   * (the stored first answer on a replay, marked with the `Idempotent-Replayed: true` header).
   */
  async function money(
    request: FastifyRequest,
    reply: FastifyReply,
    operator: OperatorPrincipal,
    run: (trx: AppContext['db']) => Promise<{ code: number; body: Record<string, unknown> }>,
  ) {
    const key = idempotencyKeyOf(request);
    const hash = requestHash(request.method, request.url.split('?')[0]!, request.body);
    const result = await backoffice.idempotent(operator.id, key, hash, run);
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(result.code).send(result.body);
  }

  app.post('/api/backoffice/login', async (request, reply) => {
    const input = parse(ZOperatorLoginRequest, request.body);
    const id = normalizeOperatorId(input.operatorId);
    // Reserved before the password is checked (parallel guesses cannot outrun the count).
    await signInLimiter.reserve('operator', id, request.ip);
    const result = await backoffice.verifyCredentials(input);
    if (result.status !== 'success') {
      // totp_required: the password was right; the missing second factor is not a failure, but
      // the earlier failures keep counting so that codes cannot be guessed between resets.
      if (result.status !== 'fail') await signInLimiter.giveBack('operator', id);
      return { status: result.status };
    }
    await signInLimiter.succeeded('operator', id);
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

  app.post('/api/backoffice/logout', async (request, reply) => {
    await sessions.revokeToken('operator', readCookie(request, OPERATOR_COOKIE));
    reply.clearCookie(OPERATOR_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: isSecureCookieRequest(request) });
    return { status: 'success' };
  });

  app.get('/api/backoffice/me', async (request) => {
    const operator = await authorize(request);
    const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(operator.role, p));
    return { status: 'success', operator: { operatorId: operator.operatorId, role: operator.role, permissions } };
  });

  // --- the deposit and withdrawal queues ---

  for (const kind of ['deposit', 'withdraw'] as const satisfies readonly RequestKind[]) {
    const base = `/api/backoffice/${kind}s`;

    app.get(base, async (request) => {
      const operator = await authorize(request, 'queue');
      const query = parse(ZBackofficeQueueQuery, request.query);
      const result = await cashier.queue(kind, {
        states: query.state ? [query.state] : [],
        page: query.page,
        pageSize: query.pageSize,
        showBank: can(operator.role, 'bankDetails'),
      });
      return ZBackofficeQueueResponse.parse(result);
    });

    const action = (name: 'reg' | 'approve' | 'reject') =>
      app.post<{ Params: { id: string } }>(`${base}/:id/${name}`, async (request, reply) => {
        const operator = await authorize(request, 'queue');
        const { id } = parse(ZBackofficeIdParams, request.params);
        const body = name === 'reject' ? parse(ZBackofficeRejectRequest, request.body) : parse(ZBackofficeApproveRequest, request.body);
        const ref = { id: operator.id, operatorId: operator.operatorId };
        return money(request, reply, operator, async (trx) => {
          const result =
            name === 'reg'
              ? await cashier.take(kind, id, ref, trx)
              : name === 'approve'
                ? await cashier.approve(kind, id, ref, trx)
                : await cashier.reject(kind, id, ref, (body as { reason?: string }).reason?.trim() || null, trx);
          if (result.status === 'success') {
            await audit.record(
              actorOf(operator, request.ip),
              { action: `${kind}.${name}`, target: `${kind}:${id}`, before: result.before, after: result.after },
              trx,
            );
          }
          return { code: 200, body: ZBackofficeDecisionResponse.parse({ status: result.status }) };
        });
      });
    action('reg');
    action('approve');
    action('reject');
  }

  // --- members ---

  app.get<{ Params: { userId: string } }>('/api/backoffice/members/:userId', async (request) => {
    const operator = await authorize(request, 'memberRead');
    const { userId } = parse(ZBackofficeUserIdParams, request.params);
    const detail = await backoffice.memberDetail(userId, { showBank: can(operator.role, 'bankDetails'), entries: MEMBER_LEDGER_ENTRIES });
    return ZBackofficeMemberDetailResponse.parse(detail);
  });

  app.post<{ Params: { userId: string } }>('/api/backoffice/members/:userId/adjust', async (request, reply) => {
    const operator = await authorize(request, 'adjust');
    const { userId } = parse(ZBackofficeUserIdParams, request.params);
    const input = parse(ZBackofficeAdjustRequest, request.body);
    const limits = await settings.cashier();
    if (Math.abs(input.amount) > limits.maxAmount) throw new AppError('invalid', { errors: [{ path: 'amount', code: 'max' }] });
    const key = idempotencyKeyOf(request);
    return money(request, reply, operator, async (trx) => {
      const result = await backoffice.adjust(
        userId,
        { amount: input.amount, reason: input.reason, kind: input.kind ?? 'cash' },
        operator,
        key,
        trx,
      );
      if (result.status === 'success') {
        await audit.record(
          actorOf(operator, request.ip),
          {
            action: 'member.adjust',
            target: `member:${userId}`,
            before: result.before,
            after: { ...result.after, amount: input.amount, reason: input.reason },
          },
          trx,
        );
      }
      return { code: 200, body: ZBackofficeAdjustResponse.parse({ status: result.status }) };
    });
  });

  // --- settings ---

  app.get('/api/backoffice/settings/cashier', async (request) => {
    await authorize(request, 'settingsRead');
    return { status: 'success', settings: await settings.cashier() };
  });

  app.put('/api/backoffice/settings/cashier', async (request) => {
    const operator = await authorize(request, 'settingsWrite');
    const patch = parse(S.ZCashierSettingsPatch, request.body);
    return ctx.db.transaction().execute(async (trx) => {
      const { before, after, problems } = await settings.updateCashier(patch, trx);
      if (problems.length > 0) throw new AppError('invalid', { errors: problems });
      await audit.record(actorOf(operator, request.ip), { action: 'settings.cashier', target: 'settings:cashier', before, after }, trx);
      return { status: 'success', settings: after };
    });
  });

  // --- operators and the audit log (owner) ---

  app.get('/api/backoffice/operators', async (request) => {
    await authorize(request, 'operatorsManage');
    const rows = await backoffice.listOperators();
    return {
      status: 'success',
      list: rows.map((r) => ({
        operatorId: r.operator_id,
        role: r.role,
        isActive: r.is_active,
        hasTotp: r.has_totp,
        regDate: r.created_at.toISOString(),
        lastLoginDate: r.last_login_at ? r.last_login_at.toISOString() : null,
      })),
    };
  });

  app.post('/api/backoffice/operators', async (request) => {
    const operator = await authorize(request, 'operatorsManage');
    const input = parse(S.ZCreateOperatorRequest, request.body);
    // The TOTP secret is shown once, here, for the new operator's authenticator app.
    const totpSecret = input.withTotp ? generateTotpSecret() : null;
    const result = await backoffice.createOperator({ ...input, totpSecret }, actorOf(operator, request.ip));
    if (result.status !== 'success' || !totpSecret) return { status: result.status };
    const label = encodeURIComponent(`casino-backoffice:${input.operatorId.toLowerCase()}`);
    return { status: 'success', totpSecret, otpauthUrl: `otpauth://totp/${label}?secret=${totpSecret}&issuer=casino-backoffice` };
  });

  app.get('/api/backoffice/audit', async (request) => {
    await authorize(request, 'auditRead');
    const query = parse(S.ZAuditQuery, request.query);
    return { status: 'success', ...(await audit.list(query)) };
  });
}
