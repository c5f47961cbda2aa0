import { describe, expect, it } from 'vitest';
import {
  auditOf,
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  latestRequestId,
} from './factories.ts';

/**
 * Issue 26's attack sweep: 40 parallel requests against every once-only rule of the routes added
 * with partners, sites, levels and promotions and the blacklist that no other test races (the
 * others: partners.test.ts, sites.test.ts, blacklist.test.ts, deposit-bonus.concurrency.test.ts,
 * attendance/referral/payback tests). Each rule lets exactly one through, the others get the
 * contract's answer, and nothing is written or audited twice. PGlite runs the requests one after
 * another; on PostgreSQL (DATABASE_URL) they race.
 */

const t = await fileTestApp();
const owner = await createOperator(t, 'owner');
const N = 40;
const statusesOf = (answers: readonly { body: unknown }[]) =>
  answers.map((a) => String((a.body as { status?: unknown }).status));
const count = (statuses: string[], status: string) => statuses.filter((s) => s === status).length;
const many = <T>(make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: N }, (_, i) => make(i)));

const rates = { casino: 10, slot: 10, mini: 10, losing: 10 };

describe('40 parallel requests against each once-only rule', () => {
  it('ends a deposit event once: one success, already for the rest, one audit entry', async () => {
    const from = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const to = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const created = await bo(t, 'depositEvents.create', {
      cookie: owner.cookie,
      body: { name: '경쟁 이벤트', from, to, levels: [1], percent: 10, cap: 10_000, rollover: 2 },
    });
    expect(created.body.status).toBe('success');
    const id = created.body.id as number;
    const statuses = statusesOf(
      await many(() => bo(t, 'depositEvents.end', { cookie: owner.cookie, params: { id } })),
    );
    expect(count(statuses, 'success')).toBe(1);
    expect(count(statuses, 'already')).toBe(N - 1);
    expect((await auditOf(t, `deposit-event:${id}`)).map((a) => a.action).sort()).toEqual([
      'promotion.event_create',
      'promotion.event_end',
    ]);
  });

  it('creates a partner id once and gives a registration code to one partner', async () => {
    const statuses = statusesOf(
      await many((i) =>
        bo(t, 'partners.create', {
          cookie: owner.cookie,
          body: {
            partnerId: 'oncepartner',
            password: 'partner-pass-1',
            name: `총판 ${i}`,
            parentId: null,
            rates,
          },
        }),
      ),
    );
    expect(count(statuses, 'success')).toBe(1);
    expect(count(statuses, 'already')).toBe(N - 1);
    expect(await auditOf(t, 'partner:oncepartner')).toHaveLength(1);
    const codes = statusesOf(
      await many(() =>
        bo(t, 'partners.addCode', {
          cookie: owner.cookie,
          params: { partnerId: 'oncepartner' },
          body: { code: 'oncecode1' },
        }),
      ),
    );
    expect(count(codes, 'success')).toBe(1);
    expect(count(codes, 'already')).toBe(N - 1);
    const listed = await t.db
      .selectFrom('reg_codes')
      .select('code')
      .where('code', '=', 'oncecode1')
      .execute();
    expect(listed).toHaveLength(1);
  });

  it('settles one partner period once', async () => {
    const made = await bo(t, 'partners.create', {
      cookie: owner.cookie,
      body: { partnerId: 'oncesettle', password: 'partner-pass-1', name: '총판', parentId: null, rates },
    });
    expect(made.body.status).toBe('success');
    const statuses = statusesOf(
      await many(() =>
        bo(t, 'partners.settle', {
          cookie: owner.cookie,
          params: { partnerId: 'oncesettle' },
          body: { from: '2025-01-01', to: '2025-01-07' },
        }),
      ),
    );
    expect(count(statuses, 'success')).toBe(1);
    expect(statuses.filter((s) => s !== 'success').every((s) => s === 'already')).toBe(true);
    const rows = await bo(t, 'partners.settlements', {
      cookie: owner.cookie,
      params: { partnerId: 'oncesettle' },
    });
    expect(rows.body.maxCount).toBe(1);
  });

  it('deletes a site and a blacklist entry once: one success, not_found for the rest', async () => {
    const site = await bo(t, 'sites.create', {
      cookie: owner.cookie,
      body: { domains: ['once-only.example'], name: '한 번' },
    });
    expect(site.body.status).toBe('success');
    const siteId = site.body.id as number;
    const sites = statusesOf(
      await many(() => bo(t, 'sites.delete', { cookie: owner.cookie, params: { id: siteId } })),
    );
    expect(count(sites, 'success')).toBe(1);
    expect(count(sites, 'not_found')).toBe(N - 1);

    const entry = await bo(t, 'blacklist.add', {
      cookie: owner.cookie,
      body: { kind: 'phone', value: '010-5555-0026', reason: '경쟁' },
    });
    expect(entry.body.status).toBe('success');
    const entryId = entry.body.id as number;
    const removed = statusesOf(
      await many(() => bo(t, 'blacklist.delete', { cookie: owner.cookie, params: { id: entryId } })),
    );
    expect(count(removed, 'success')).toBe(1);
    expect(count(removed, 'not_found')).toBe(N - 1);
    const audits = (await auditOf(t, `blacklist:${entryId}`)).map((a) => a.action);
    expect(audits.filter((a) => a.endsWith('remove') || a.endsWith('delete'))).toHaveLength(1);
  });

  it("never lets 40 cancels of one member reach another member's bonus", async () => {
    const level = { depositBonus: [{ kind: 'every' as const, percent: 10, cap: 50_000, rollover: 2 }] };
    expect(
      (await bo(t, 'settings.updateLevel', { cookie: owner.cookie, params: { level: 1 }, body: level })).body
        .status,
    ).toBe('success');
    await bo(t, 'depositBonus.set', { cookie: owner.cookie, body: { enabled: true } });
    const a = await createMember(t);
    const b = await createMember(t);
    expect(
      (await call(t, 'apply-user-deposit', { amount: 100_000, bonusId: 'every-10-50000-2' }, a.cookie)).body,
    ).toEqual({ status: 'success' });
    const id = await latestRequestId(t, 'deposit', a.id);
    expect((await bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id } })).body.status).toBe(
      'success',
    );
    // b's cancels and rollover reads never reach a's bonus, even 40 at once.
    const bs = statusesOf(await many(() => call(t, 'cancel-bonus', {}, b.cookie)));
    expect(count(bs, 'not_found')).toBe(N);
    expect((await call(t, 'get-rollover', {}, a.cookie)).body.required).toBe(220_000);
    const [row] = await t.services.depositBonus.bonusesOf(a.id);
    expect(row).toMatchObject({ state: 'active', returned: 0 });
  });
});
