import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The instance's Prometheus metrics (`GET /metrics`, docs/operations.md "Metrics"): one registry
 * per server (not prom-client's global one, so the tests' many apps in one process never share
 * series). Counters and histograms count what this instance did; Prometheus sums instances.
 * Gauges that read the database (`pending`, `ledger transfers`) say what the database holds, the
 * same on every instance: read them with `max` across instances, not `sum`.
 */
export interface Metrics {
  readonly registry: Registry;
  /** Every answered request by method, route pattern (or member call) and status code. */
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  /** Seconds from the request's arrival to its answer, by method and route. */
  readonly httpDuration: Histogram<'method' | 'route'>;
  /** Signed provider wallet calls by provider, action and the wallet's answer status. */
  readonly walletCalls: Counter<'provider' | 'action' | 'status'>;
  /**
   * Adds a gauge whose values are read when Prometheus scrapes (from the database, the pool...).
   * `read` answers one value per label set; a failing read leaves the gauge empty for that scrape.
   */
  gauge(name: string, help: string, labelNames: readonly string[], read: () => Promise<GaugeValues>): void;
}

export type GaugeValues = readonly { labels?: Record<string, string>; value: number }[];

/** Request latency buckets (seconds), finest from 5 to 250 ms, around bench/README.md's "Budgets". */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Process figures: CPU, resident memory, heap, event loop lag, open handles, GC.
  collectDefaultMetrics({ register: registry });
  const httpRequests = new Counter({
    name: 'casino_http_requests_total',
    help: 'HTTP requests answered, by method, route (member calls by name) and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'casino_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const walletCalls = new Counter({
    name: 'casino_wallet_calls_total',
    help: 'Provider wallet calls with a good signature, by provider, action and answer status.',
    labelNames: ['provider', 'action', 'status'] as const,
    registers: [registry],
  });
  return {
    registry,
    httpRequests,
    httpDuration,
    walletCalls,
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          this.reset();
          const values = await read().catch(() => [] as GaugeValues);
          for (const { labels, value } of values) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        },
      });
    },
  };
}
