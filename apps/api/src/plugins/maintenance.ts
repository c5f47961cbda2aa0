import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_OPEN_CALLS } from '@casino/contracts/calls';
import { AppError } from '../lib/app-error.ts';

/** What the gate needs to know: whether the site is in maintenance, and until when (seconds). */
export interface MaintenanceProbe {
  /** null when the site is open; else the seconds to the expected end, if there is one. */
  (): Promise<{ retryAfterSec: number | undefined } | null>;
}

const CALL_ROUTE = '/api/routes/:call';
/** A member's sign-in opens a session nothing could be done with while the site is closed. */
const SIGN_IN_ROUTE = '/api/auth/callback/credentials';

/**
 * The site-wide maintenance switch for the API (docs/operations.md): while it is on, member calls
 * (`POST /api/routes/*`) but the ones the maintenance page needs (MAINTENANCE_OPEN_CALLS) and the
 * member sign-in answer `503 {status:"maintenance"}`, with `Retry-After` when the operator gave an
 * end. The back office, the provider wallet (rounds in play must settle), the house studio, the
 * auth layer's reads and sign-out, and the load balancer's health probe are not touched. Pages are
 * answered 503 by the static site (plugins/static-site.ts). Requests that are none of these pass
 * without a look at the switch.
 */
export function registerMaintenanceGate(app: FastifyInstance, probe: MaintenanceProbe): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method !== 'POST') return done();
    const route = request.routeOptions.url;
    if (route === CALL_ROUTE) {
      const { call } = request.params as { call?: string };
      if (call !== undefined && MAINTENANCE_OPEN_CALLS.has(call)) return done();
    } else if (route !== SIGN_IN_ROUTE) {
      return done();
    }
    probe().then(
      (closed) =>
        done(closed ? new AppError('maintenance', { retryAfterSec: closed.retryAfterSec }) : undefined),
      (error: unknown) => done(error as Error),
    );
  });
}
