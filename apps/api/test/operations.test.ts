import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createMember, createOperator } from './factories.ts';
import { createTestProvider } from './game-provider.ts';
import { createTestApp, SAME_ORIGIN, type TestApp } from './harness.ts';

// Operations (issue 24): the probes, the request id, and the Prometheus metrics behind their token.

const TOKEN = 'metrics-token-of-this-test-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

const scrape = async () => {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toContain('text/plain');
  return answer.body;
};

/** The value of one series of the scrape (a line `name{labels} value`), or undefined. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => given[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('probes', () => {
  it('/livez answers while the process runs, without a session', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'success' });
  });

  it('/readyz is ready on a migrated database, and not ready (503, naming the check) when a migration has not run', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'success', checks: { database: true, migrations: true } });

    // As an older database would look to this build: its newest migration not yet run.
    const last = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.db);
    const row = last.rows[0]!;
    await sql`delete from kysely_migration where name = ${row.name}`.execute(t.db);
    try {
      const behind = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ status: 'error', checks: { database: true, migrations: false } });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(
        t.db,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('every answer names its id; a safe incoming X-Request-Id is kept, anything else replaced', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(own.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]+-[0-9a-z]+$/);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/livez',
      headers: { 'x-request-id': 'lb-7f3a.9:2' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.9:2');
    for (const bad of ['has space', 'x'.repeat(129), 'a\u0001b', '<script>', '']) {
      const replaced = await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id']).not.toBe(bad);
      expect(replaced.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]+-[0-9a-z]+$/);
    }
  });

  it('a 500 carries the same request id in its body as in its header', async () => {
    // An unexpected failure: the database gone from under a call that needs it.
    const broken = await createTestApp();
    await broken.services.db.destroy();
    const answer = await broken.app.inject({
      method: 'POST',
      url: '/api/routes/get-notice-popup',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json', 'x-request-id': 'trace-500' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ status: 'error', requestId: 'trace-500' });
    expect(answer.headers['x-request-id']).toBe('trace-500');
    await broken.close();
  });
});

describe('/metrics', () => {
  it('is not there without METRICS_TOKEN, and answers 401 without the right bearer token', async () => {
    const plain = await createTestApp();
    try {
      const none = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer x' },
      });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ status: 'not_found' });
    } finally {
      await plain.close();
    }
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `bearer ${TOKEN}`,
    ]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ status: 'unauthenticated' });
      expect(answer.body).not.toContain('casino_');
    }
  });

  it('a token too short or with spaces refuses to start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'sixteen chars with spaces' })).toThrow(/METRICS_TOKEN/);
  });

  it('counts requests by member call, route pattern and status, with their latency', async () => {
    const before = await scrape();
    const calls = (text: string) =>
      series(text, 'casino_http_requests_total', {
        method: 'POST',
        route: 'call:get-notice-popup',
        status: '200',
      }) ?? 0;
    for (let i = 0; i < 3; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/routes/get-notice-popup',
        headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
        payload: '{}',
      });
    // A call this server does not have adds no series of its own.
    await t.app.inject({
      method: 'POST',
      url: '/api/routes/no-such-call-xyz',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: '{}',
    });
    const after = await scrape();
    expect(calls(after) - calls(before)).toBe(3);
    expect(after).not.toContain('no-such-call-xyz');
    expect(
      series(after, 'casino_http_requests_total', {
        method: 'POST',
        route: '/api/routes/:call',
        status: '400',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      series(after, 'casino_http_request_duration_seconds_count', {
        method: 'POST',
        route: 'call:get-notice-popup',
      }),
    ).toBeGreaterThanOrEqual(3);
    // The process figures of prom-client are there too.
    expect(after).toContain('process_resident_memory_bytes');
  });

  it('shows the queues (waiting requests and the oldest one’s age) and the ledger’s transfers', async () => {
    const before = await scrape();
    expect(series(before, 'casino_queue_pending', { queue: 'deposits' })).toBe(0);
    expect(series(before, 'casino_queue_oldest_age_seconds', { queue: 'deposits' })).toBe(0);
    const transfersBefore = series(before, 'casino_ledger_transfers')!;

    const member = await createMember(t, { cash: 10_000, signedIn: false });
    expect((await t.services.cashier.applyDeposit(member.id, { amount: 50_000 })).status).toBe('success');
    t.clock.advance(90_000);
    const after = await scrape();
    expect(series(after, 'casino_queue_pending', { queue: 'deposits' })).toBe(1);
    expect(series(after, 'casino_queue_oldest_age_seconds', { queue: 'deposits' })).toBeGreaterThanOrEqual(
      89,
    );
    expect(series(after, 'casino_queue_pending', { queue: 'withdrawals' })).toBe(0);
    // The member's starting cash was one transfer.
    expect(series(after, 'casino_ledger_transfers')).toBeGreaterThan(transfersBefore);
  });

  it('counts signed wallet calls by provider, action and answer status; unsigned ones add no provider', async () => {
    const owner = await createOperator(t, 'owner');
    const provider = await createTestProvider(t, owner, { kind: 'slot', games: ['m1'], code: 'metricslot' });
    const member = await createMember(t, { cash: 5_000 });
    const token = await provider.launch(member);
    const bet = (transactionId: string, amount: number) =>
      provider.wallet('bet', {
        token,
        userId: member.userId,
        transactionId,
        roundId: transactionId,
        gameCode: 'm1',
        amount,
      });
    expect((await bet('mt-1', 1_000)).body.status).toBe('RS_OK');
    expect((await bet('mt-2', 1_000_000)).body.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    // A stranger's path and signature.
    await t.app.inject({
      method: 'POST',
      url: '/api/wallet/stranger-provider/bet',
      headers: { 'content-type': 'application/json', 'x-signature': 'nope' },
      payload: '{}',
    });
    const text = await scrape();
    expect(
      series(text, 'casino_wallet_calls_total', { provider: 'metricslot', action: 'bet', status: 'RS_OK' }),
    ).toBe(1);
    expect(
      series(text, 'casino_wallet_calls_total', {
        provider: 'metricslot',
        action: 'bet',
        status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      }),
    ).toBe(1);
    expect(text).not.toContain('stranger-provider');
  });
});

describe("the deployment's dashboard and alerts (deploy/)", () => {
  it('name only series that /metrics has', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const files = ['deploy/grafana/casino-dashboard.json', 'deploy/prometheus/alerts.yml'];
    const text = await scrape();
    const names = new Set<string>();
    for (const file of files)
      for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(
        /\b((?:casino|process|nodejs)_[a-z0-9_]+)/g,
      ))
        names.add(match[1]!.replace(/_(bucket|count|sum)$/, ''));
    expect(names.size).toBeGreaterThan(8);
    // The pool's gauge exists on PostgreSQL only (the embedded database has no pool).
    const missing = [...names].filter(
      (name) =>
        !new RegExp(`^# TYPE ${name} `, 'm').test(text) &&
        !(name === 'casino_db_pool_connections' && t.kind === 'pglite'),
    );
    expect(missing).toEqual([]);
    // The dashboard is JSON Grafana loads: a title, panels each with a Prometheus query.
    const dashboard = JSON.parse(readFileSync(path.join(root, files[0]!), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    for (const panel of dashboard.panels) expect(panel.targets[0]!.expr, panel.title).toMatch(/\w/);
  });
});
