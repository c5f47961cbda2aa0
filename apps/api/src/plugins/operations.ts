import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../lib/metrics.ts';

/** What the probes ask: each check true when it holds. */
export interface Readiness {
  database: boolean;
  migrations: boolean;
  /** Present once the instance received SIGTERM: it drains and takes no new work (main.ts). */
  shuttingDown?: true;
}

export interface OperationsDeps {
  metrics: Metrics;
  /** METRICS_TOKEN: `/metrics` answers only `Authorization: Bearer <token>`; unset, it is not there (404). */
  metricsToken: string | undefined;
  /** The readiness checks (the database answers, its migrations are those of this build). */
  readiness: () => Promise<Readiness>;
  /** The member call a `/api/routes/<call>` request names, when this server has it (else null). */
  callName: (url: string) => string | null;
}

/** The probes and the scrape: never logged at info (plugins/access-log.ts), never behind a session. */
export const OPERATIONS_PATHS = ['/livez', '/readyz', '/metrics'] as const;

/**
 * A request's route for the metrics: the member call's name for `/api/routes/<call>` (only calls this
 * server has, so a stranger's paths add no series), the route's pattern for other API routes, and
 * `static` or `unmatched` for the rest.
 */
function routeLabel(request: FastifyRequest, callName: OperationsDeps['callName']): string {
  const pattern = request.routeOptions.url;
  if (pattern === '/api/routes/:call') {
    const call = callName(request.url);
    return call ? `call:${call}` : pattern;
  }
  if (pattern === undefined) return 'unmatched';
  return pattern.startsWith('/api/') || (OPERATIONS_PATHS as readonly string[]).includes(pattern)
    ? pattern
    : 'static';
}

function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Operations endpoints (docs/operations.md "Health and metrics"): `GET /livez` (the process runs),
 * `GET /readyz` (the database answers and its migrations are current; 503 naming the failing check
 * otherwise) and `GET /metrics` (Prometheus text, behind METRICS_TOKEN), and the per-request
 * counters and latency histogram every answer feeds.
 */
export function registerOperations(app: FastifyInstance, deps: OperationsDeps): void {
  const { metrics, metricsToken, readiness, callName } = deps;

  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request, callName);
    metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/livez', async () => ({ status: 'success' }));

  app.get('/readyz', async (_request, reply) => {
    const checks = await readiness();
    const ready = checks.database && checks.migrations && !checks.shuttingDown;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'success' : 'error', checks });
  });

  app.get('/metrics', async (request, reply) => {
    // Unset: no such page, the same answer as any unknown path.
    if (!metricsToken) return reply.status(404).send({ status: 'not_found' });
    if (!bearerMatches(request.headers.authorization, metricsToken))
      return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ status: 'unauthenticated' });
    const text = await metrics.registry.metrics();
    return reply
      .header('Content-Type', metrics.registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(text);
  });
}
