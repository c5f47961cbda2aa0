import type { TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, siteDay, siteDayStart } from '@casino/contracts/site-time';
import {
  bo,
  createCashierTestApp,
  createMember,
  createOperator,
  memberAccountId,
  systemAccountId,
  type CashierTestApp,
  type TestOperator,
} from './factories.ts';

// Issue 23 (decision 0020): with SITE_TIME_ZONE=America/New_York every day boundary is New York's,
// daylight saving included, and the documents the server sends name the zone for the web apps.

const ZONE = 'America/New_York';
const PAGE = `<!doctype html><html><head><title>GOLD CROWN</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;

let portalDist: string;
let backofficeDist: string;
let t: CashierTestApp;
let owner: TestOperator;

beforeAll(async () => {
  portalDist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  writeFileSync(path.join(portalDist, 'index.html'), PAGE);
  // The build's compressed copies lack the zone: the server must not send them.
  writeFileSync(path.join(portalDist, 'index.html.br'), brotliCompressSync(PAGE));
  writeFileSync(path.join(portalDist, 'index.html.gz'), gzipSync(PAGE));
  backofficeDist = mkdtempSync(path.join(tmpdir(), 'backoffice-dist-'));
  writeFileSync(path.join(backofficeDist, 'index.html'), PAGE);
  t = await createCashierTestApp({
    SITE_TIME_ZONE: ZONE,
    PORTAL_DIST: portalDist,
    BACKOFFICE_DIST: backofficeDist,
  });
  owner = await createOperator(t, 'owner');
});

afterAll(async () => {
  await t?.close();
  rmSync(portalDist, { recursive: true, force: true });
  rmSync(backofficeDist, { recursive: true, force: true });
});

describe('the reports in America/New_York', () => {
  const provider = `ny${Date.now().toString(36)}`;
  let seq = 0;

  /** A bet at a chosen instant, between system accounts (the ledger stamps its own with the database clock). */
  async function bet(amount: number, at: string): Promise<void> {
    seq += 1;
    await t.db
      .insertInto('transfers')
      .values({
        debit_account_id: await systemAccountId(t, 'adjustment'),
        credit_account_id: await systemAccountId(t, `house:${provider}`),
        amount,
        code: 'bet',
        source: 'site-time-zone-test',
        idempotency_key: `ny-${seq}`,
        request_hash: 'x'.repeat(64),
        created_at: new Date(at),
      })
      .execute();
  }

  beforeAll(async () => {
    // New York moves from EST (UTC-5) to EDT (UTC-4) at 02:00 on 2025-03-09: that day has 23 hours.
    await bet(1, '2025-02-28T23:30:00.000Z'); // 02-28 18:30 EST
    await bet(2, '2025-03-01T04:59:59.999Z'); // 02-28 23:59:59.999 EST (February)
    await bet(40, '2025-03-01T05:00:00.000Z'); // 03-01 00:00 EST (March)
    await bet(300, '2025-03-09T04:59:59.999Z'); // 03-08 23:59:59.999 EST
    await bet(5_000, '2025-03-09T05:00:00.000Z'); // 03-09 00:00 EST
    await bet(60_000, '2025-03-10T03:59:59.999Z'); // 03-09 23:59:59.999 EDT
    await bet(700_000, '2025-03-10T04:00:00.000Z'); // 03-10 00:00 EDT
  });

  async function report(query: TBackofficeQuery<'reports.get'>) {
    const res = await bo(t, 'reports.get', { cookie: owner.cookie, query });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body as { rows: { period: string; start: string; bets: number }[]; totals: { bets: number } };
  }

  it("groups by New York's days, which start at its own midnight across the daylight saving change", async () => {
    const { rows, totals } = await report({ unit: 'day', from: '2025-03-08', to: '2025-03-10' });
    expect(rows.map((r) => [r.period, r.start, r.bets])).toEqual([
      ['2025-03-08', '2025-03-08T05:00:00.000Z', 300],
      ['2025-03-09', '2025-03-09T05:00:00.000Z', 65_000],
      ['2025-03-10', '2025-03-10T04:00:00.000Z', 700_000],
    ]);
    expect(totals.bets).toBe(765_300);
  });

  it("groups by New York's months", async () => {
    const { rows } = await report({ unit: 'month', from: '2025-02', to: '2025-03' });
    expect(rows.map((r) => [r.period, r.start, r.bets])).toEqual([
      ['2025-02', '2025-02-01T05:00:00.000Z', 3],
      ['2025-03', '2025-03-01T05:00:00.000Z', 765_340],
    ]);
  });

  it("starts the dashboard's today and month at New York's midnight", async () => {
    const res = await bo(t, 'dashboard.get', { cookie: owner.cookie });
    expect(res.code).toBe(200);
    const now = t.clock.now();
    const today = new Date(res.body.today.from);
    const month = new Date(res.body.month.from);
    const wall = new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      hourCycle: 'h23',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    const parts = (at: Date) => Object.fromEntries(wall.formatToParts(at).map((p) => [p.type, p.value]));
    expect(parts(today)).toMatchObject({ hour: '00', minute: '00' });
    expect(parts(month)).toMatchObject({ day: '1', hour: '00', minute: '00' });
    expect(today.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(now.getTime() - today.getTime()).toBeLessThan(25 * 3_600_000);
    expect(res.body.days).toHaveLength(14);
    expect(res.body.days.at(-1)!.day).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now), // YYYY-MM-DD
    );
  });
});

describe('the account history in America/New_York', () => {
  it("takes New York's days as the window and writes New York's wall time in the CSV", async () => {
    const m = await createMember(t);
    const [cash, bank] = await Promise.all([
      memberAccountId(t, m.id, 'cash'),
      systemAccountId(t, 'bank_clearing'),
    ]);
    // Two deposits around a New York midnight twenty days ago: 23:30 the day before, 00:30 the day.
    const day = addDays(siteDay(t.clock.now(), ZONE), -20);
    const midnight = siteDayStart(day, ZONE).getTime();
    for (const [i, at] of [midnight - 30 * 60_000, midnight + 30 * 60_000].entries())
      await t.db
        .insertInto('transfers')
        .values({
          debit_account_id: bank,
          credit_account_id: cash,
          amount: (i + 1) * 100,
          code: 'deposit',
          source: 'site-time-zone-test',
          idempotency_key: `ny-history-${m.id}-${i}`,
          request_hash: 'x'.repeat(64),
          credit_balance_after: i === 0 ? 100 : 300,
          created_at: new Date(at),
        })
        .execute();
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/account/history.csv?from=${day}&to=${day}`,
      headers: { cookie: m.cookie },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'at (America/New_York),kind,code,amount,balanceAfter,ref',
      `${day} 00:30:00,cash,deposit,200,300,`,
    ]);
    const dayBefore = await t.app.inject({
      method: 'GET',
      url: `/api/account/history.csv?from=${addDays(day, -1)}&to=${addDays(day, -1)}`,
      headers: { cookie: m.cookie },
    });
    expect(dayBefore.body.trim().split('\r\n').slice(1)).toEqual([
      `${addDays(day, -1)} 23:30:00,cash,deposit,100,100,`,
    ]);
  });
});

describe('the cashier history export in America/New_York', () => {
  it("is named by New York's day, not UTC's", async () => {
    // Move the test clock to the next 02:00 UTC: still the day before in New York (UTC-4 or -5).
    const now = t.clock.now().getTime();
    const twoUtc = Math.ceil((now - 2 * 3_600_000) / 86_400_000) * 86_400_000 + 2 * 3_600_000;
    t.clock.advance(twoUtc - now + 60_000);
    const at = t.clock.now();
    const newYorkDay = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at); // YYYY-MM-DD
    expect(newYorkDay).not.toBe(at.toISOString().slice(0, 10));
    // Signed in after the move (the owner's session has gone idle).
    const cashier = await createOperator(t, 'cashier');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/deposits/history.csv',
      headers: { cookie: cashier.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="deposits-${newYorkDay.replace(/-/g, '')}.csv"`,
    );
  });
});

describe('the documents in America/New_York', () => {
  const meta = `<meta name="site-time-zone" content="${ZONE}">`;

  it("name the site's zone in the portal's page, in every encoding", async () => {
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(meta);
    const plain = await t.app.inject({ url: '/' });
    expect(plain.body).toContain(meta);
    expect(plain.body.indexOf(meta)).toBeLessThan(plain.body.indexOf('</head>'));
    // The ETag is the page sent: it answers 304 to itself.
    const again = await t.app.inject({ url: '/', headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("name it in the back office's page", async () => {
    const res = await t.app.inject({ url: '/backoffice/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(meta);
  });
});
