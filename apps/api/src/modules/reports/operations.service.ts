import type { Database, PoolFigures } from '../../db/database.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { keptRead } from '../../lib/kept-reads.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { createOperationsRepository, type QueueFigure } from './operations.repository.ts';

/** How long one read of the queues serves the gauges of a scrape. */
const SCRAPE_READ_MS = 1_000;

/** How long the readiness probe waits for the database before it says not ready. */
const READY_TIMEOUT_MS = 2_000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export type OperationsService = ReturnType<typeof createOperationsService>;

/** What the metrics read from the database at each scrape (docs/operations.md "Metrics"). */
export function createOperationsService(deps: { db: Database; now: () => Date }) {
  const repo = createOperationsRepository(deps.db);
  async function queues(): Promise<(Omit<QueueFigure, 'oldestAt'> & { oldestAgeSeconds: number })[]> {
    const at = deps.now().getTime();
    return (await repo.queues()).map(({ queue, pending, oldestAt }) => ({
      queue,
      pending,
      oldestAgeSeconds: oldestAt ? Math.max(0, (at - new Date(oldestAt).getTime()) / 1000) : 0,
    }));
  }
  // A scrape asks twice (waiting requests, oldest age): one read answers both.
  const scraped = keptRead(queues, { maxAgeMs: SCRAPE_READ_MS, now: deps.now });
  let shuttingDown = false;
  return {
    /** Each queue's waiting requests and the age in seconds of its oldest (0 when none waits), read now. */
    queues,
    /** The same for a metrics scrape: read at most once a second. */
    scrapeQueues: () => scraped.get(),
    transferCount: () => repo.transferCount(),

    /**
     * The readiness probe's checks: the database answers (within `READY_TIMEOUT_MS`: a pool
     * waiting for a connection to a database that is gone must not hold the probe) and every
     * migration of this build has run on it.
     */
    async readiness(): Promise<{ database: boolean; migrations: boolean; shuttingDown?: true }> {
      const stopping = shuttingDown ? { shuttingDown: true as const } : {};
      const database = await within(READY_TIMEOUT_MS, repo.ping()).catch(() => false);
      if (!database) return { database, migrations: false, ...stopping };
      const migrations = await within(READY_TIMEOUT_MS, pendingMigrations(deps.db))
        .then((pending) => pending === 0)
        .catch(() => false);
      return { database, migrations, ...stopping };
    },

    /** SIGTERM (main.ts): from now on the readiness probe answers 503, so balancers send no new work. */
    beginShutdown(): void {
      shuttingDown = true;
    },
  };
}

/**
 * The gauges `GET /metrics` reads at each scrape: the queues (waiting requests and the age of the
 * oldest, for the queue-age alert), the ledger's transfers, and PostgreSQL's pool on this instance.
 */
export function addOperationsGauges(
  metrics: Metrics,
  operations: OperationsService,
  pool?: PoolFigures,
): void {
  metrics.gauge(
    'casino_queue_pending',
    'Requests waiting for an operator, by queue (deposits, withdrawals, helps).',
    ['queue'],
    async () =>
      (await operations.scrapeQueues()).map((q) => ({ labels: { queue: q.queue }, value: q.pending })),
  );
  metrics.gauge(
    'casino_queue_oldest_age_seconds',
    'Age of the oldest request waiting in each queue (0 when none waits).',
    ['queue'],
    async () =>
      (await operations.scrapeQueues()).map((q) => ({
        labels: { queue: q.queue },
        value: q.oldestAgeSeconds,
      })),
  );
  metrics.gauge(
    'casino_ledger_transfers',
    'Transfers the ledger holds (all instances; read with max, not sum).',
    [],
    async () => [{ value: await operations.transferCount() }],
  );
  if (pool) {
    metrics.gauge(
      'casino_db_pool_connections',
      "This instance's PostgreSQL connections by state (open, idle) and the queries waiting for one.",
      ['state'],
      async () => [
        { labels: { state: 'open' }, value: pool.totalCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'waiting' }, value: pool.waitingCount },
      ],
    );
  }
}
