import { BACKOFFICE_API_PREFIX } from '@casino/contracts/backoffice-route';
import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { SignInLimiter } from '../auth/sign-in-limiter.ts';
import { actorOf, type BackofficeRoute, type OperatorPrincipal } from '../../lib/operator-principal.ts';
import { createIpAllowlistGate } from './ip-allowlist.ts';
import type { SharedCaches } from '../../lib/shared-caches.ts';
import type { OperatorActor, OperatorsService } from './operators.service.ts';

/** Only the routes whose path starts so are behind the IP allow-list (the back-office API). */
const BACKOFFICE_API = `${BACKOFFICE_API_PREFIX}/`;

function whoOf(principal: OperatorPrincipal, request: FastifyRequest): OperatorActor {
  return {
    id: principal.id,
    operatorId: principal.operatorId,
    sessionId: principal.sessionId,
    ip: request.ip,
  };
}

/**
 * Operator accounts and the back office's own security (docs/api/backoffice-operators.md): the
 * IP allow-list gate in front of every back-office route, the signed-in operator's own account
 * (every role, also while a password change is forced), and the owners' operator management and
 * allow-list (`operatorsManage`). Checks of a password or a TOTP code count under the sign-in
 * limits as sign-in does.
 */
export function registerOperatorsBackofficeRoutes(
  app: FastifyInstance,
  route: BackofficeRoute,
  deps: {
    operators: OperatorsService;
    signInLimiter: SignInLimiter;
    /** BACKOFFICE_IP_ALLOWLIST: ranges every request must come from, whatever the owners set. */
    ipFloor: readonly string[];
    now: () => Date;
    /** The owners' list is cached by each instance: a save drops it on all of them. */
    caches: SharedCaches;
  },
): void {
  const { operators, signInLimiter, caches } = deps;
  const gate = createIpAllowlistGate({
    read: () => operators.ipAllowlist(),
    floor: deps.ipFloor,
    now: deps.now,
  });
  caches.register('ipAllowlist', () => gate.forget());

  // Every back-office route, sign-in included, before its body is read. The matched route's
  // pattern is used, not the raw URL, so an encoded path cannot step around the gate. A callback
  // hook, not an async one: it runs on every request of the server, and every other one leaves at
  // once without a promise (issue 22).
  app.addHook('onRequest', (request, _reply, done) => {
    const pattern = request.routeOptions.url;
    if (!pattern?.startsWith(BACKOFFICE_API)) return done();
    gate.allows(request.ip).then(
      (allowed) => done(allowed ? undefined : new AppError('forbidden')),
      (error: unknown) => done(error as Error),
    );
  });

  // --- the signed-in operator's own account (every role) ---

  route(BACKOFFICE_ROUTES['account.get'], async ({ principal }) => {
    const account = await operators.account(principal.id);
    if (!account) throw new AppError('unauthenticated');
    return { status: 'success', account };
  });

  route(BACKOFFICE_ROUTES['account.totpStart'], async ({ request, reply, principal }) => {
    // The secret is shown once: never kept by a cache on the way.
    reply.header('cache-control', 'no-store');
    return operators.startTotp(whoOf(principal, request));
  });

  route(BACKOFFICE_ROUTES['account.totpConfirm'], async ({ request, principal, body }) => {
    // Codes are guessed under the operator's sign-in limit: a million codes cannot be tried.
    await signInLimiter.reserve('operator', principal.operatorId, request.ip);
    const result = await operators.confirmTotp(whoOf(principal, request), body.code);
    if (result.status !== 'fail') await signInLimiter.giveBack('operator', principal.operatorId);
    return result;
  });

  route(BACKOFFICE_ROUTES['account.totpDisable'], async ({ request, principal, body }) => {
    await signInLimiter.reserve('operator', principal.operatorId, request.ip);
    const result = await operators.disableTotp(whoOf(principal, request), body);
    if (result.status !== 'fail') await signInLimiter.giveBack('operator', principal.operatorId);
    return result;
  });

  route(BACKOFFICE_ROUTES['account.password'], async ({ request, principal, body }) => {
    await signInLimiter.reserve('operator', principal.operatorId, request.ip);
    const result = await operators.changePassword(whoOf(principal, request), body);
    if (result.status !== 'fail') await signInLimiter.giveBack('operator', principal.operatorId);
    return result;
  });

  // --- operators (owner) ---

  route(BACKOFFICE_ROUTES['operators.list'], async () => ({
    status: 'success',
    list: await operators.list(),
  }));

  route(BACKOFFICE_ROUTES['operators.create'], async ({ request, reply, principal, body }) => {
    // A made password and the TOTP secret are shown once, here.
    reply.header('cache-control', 'no-store');
    return operators.create(body, actorOf(principal, request.ip));
  });

  route(BACKOFFICE_ROUTES['operators.role'], async ({ request, principal, params, body }) =>
    operators.changeRole(params.operatorId, body.role, whoOf(principal, request)),
  );

  for (const action of ['deactivate', 'reactivate'] as const) {
    route(BACKOFFICE_ROUTES[`operators.${action}`], async ({ request, principal, params }) =>
      operators.setActive(params.operatorId, action === 'reactivate', whoOf(principal, request)),
    );
  }

  route(BACKOFFICE_ROUTES['operators.password'], async ({ request, reply, principal, params, body }) => {
    reply.header('cache-control', 'no-store');
    return operators.resetPassword(params.operatorId, body.password, whoOf(principal, request));
  });

  route(BACKOFFICE_ROUTES['operators.totp'], async ({ request, reply, principal, params, body }) => {
    reply.header('cache-control', 'no-store');
    return operators.resetTotp(params.operatorId, body.remove === true, whoOf(principal, request));
  });

  // --- the IP allow-list (owner) ---

  route(BACKOFFICE_ROUTES['ipAllowlist.get'], async ({ request }) => ({
    status: 'success',
    ranges: await operators.ipAllowlist(),
    floor: deps.ipFloor,
    yourIp: request.ip,
  }));

  route(BACKOFFICE_ROUTES['ipAllowlist.save'], async ({ request, principal, body }) => {
    const result = await operators.saveIpAllowlist(body.ranges, whoOf(principal, request));
    if (result.status !== 'success') return { status: result.status, yourIp: request.ip };
    caches.changed('ipAllowlist');
    return { status: 'success', ranges: result.ranges, floor: deps.ipFloor, yourIp: request.ip };
  });
}
