import { describe, expect, it } from 'vitest';
import { addDays, siteDay } from '@casino/contracts/site-time';
import { bo, createOperator, createPartner, fileTestApp, partnerRates } from './factories.ts';

// The one lock order of the partners' rows and their operator accounts (docs/api/backoffice-partners.md
// "Lock order"): a partner's PATCH (rates, enable) and the Operators screen's deactivation of the same
// partner's account both lock the account's `operators` row first, then the `partners` rows of the
// path top-down. Fired together they take turns (never a deadlock answered 500), and the end state is
// consistent: the account is active exactly when the partner is enabled, and the last audited switch
// says so.

const t = await fileTestApp();
const owner = await createOperator(t, 'owner');
const rates = (n: number) => partnerRates(n, n, n, n);

async function partner(partnerId: string, parentId: string | null, rates: ReturnType<typeof partnerRates>) {
  const made = await createPartner(t, owner.cookie, { partnerId, parentId, rates });
  expect(made.body).toEqual({ status: 'success' });
}

/** Each partner's `enabled`, its account's `is_active`, and what its last audited switch set. */
async function stateOf(partnerId: string) {
  const row = await t.db
    .selectFrom('partners')
    .innerJoin('operators', 'operators.id', 'partners.id')
    .select(['partners.enabled', 'operators.is_active'])
    .where('operators.operator_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  const audits = await t.db
    .selectFrom('audit_log')
    .select(['id', 'action', 'after'])
    .where('target', 'in', [`partner:${partnerId}`, `operator:${partnerId}`])
    .orderBy('id')
    .execute();
  const switches = audits
    .map((a) =>
      a.action === 'operator.reactivate'
        ? true
        : a.action === 'operator.deactivate'
          ? false
          : (a.after as { enabled?: boolean } | null)?.enabled,
    )
    .filter((on) => on !== undefined);
  return { enabled: row.enabled, active: row.is_active, audited: switches.at(-1) };
}

describe('the partners’ one lock order', () => {
  it('20 pairs at once, several rounds: no 500, the account active exactly when the partner is enabled, audited', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `lk${i}`);
    await partner('lktop', null, rates(500));
    for (const name of names) await partner(name, 'lktop', rates(100));
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      const on = round % 2 === 1;
      const answers = await Promise.all(
        names.flatMap((name, i) => [
          // The PATCH both switches and changes the rates (a new epoch), under the path's locks.
          bo(t, 'partners.patch', {
            cookie: owner.cookie,
            params: { partnerId: name },
            body: { enabled: i % 3 === 0 ? !on : on, rates: rates(50 + round) },
          }),
          bo(t, on ? 'operators.reactivate' : 'operators.deactivate', {
            cookie: owner.cookie,
            params: { operatorId: name },
          }),
        ]),
      );
      for (const a of answers) {
        statuses.push(a.code);
        expect(a.code, JSON.stringify(a.body)).toBe(200);
        expect(['success', 'already']).toContain(a.body.status);
      }
      for (const name of names) {
        const s = await stateOf(name);
        expect(s.active, `${name} round ${round} ${JSON.stringify(s)}`).toBe(s.enabled);
        expect(s.audited, `${name} round ${round} ${JSON.stringify(s)}`).toBe(s.enabled);
      }
    }
    expect(statuses).toHaveLength(4 * 40);
  });

  it('a PATCH of the parent racing deactivations of its children: no 500, each child consistent', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `lc${i}`);
    await partner('lcparent', null, rates(500));
    for (const name of names) await partner(name, 'lcparent', rates(100));
    const answers = await Promise.all([
      ...names.map((name) =>
        bo(t, 'operators.deactivate', { cookie: owner.cookie, params: { operatorId: name } }),
      ),
      ...names.map((name) =>
        bo(t, 'partners.patch', {
          cookie: owner.cookie,
          params: { partnerId: name },
          body: { enabled: true, rates: rates(90) },
        }),
      ),
      ...names.map((_, i) =>
        bo(t, 'partners.patch', {
          cookie: owner.cookie,
          params: { partnerId: 'lcparent' },
          body: { rates: rates(400 - i) },
        }),
      ),
    ]);
    for (const a of answers) expect(a.code, JSON.stringify(a.body)).toBe(200);
    for (const name of names) {
      const s = await stateOf(name);
      expect(s.active).toBe(s.enabled);
      expect(s.audited).toBe(s.enabled);
    }
  });

  it('settlements, rate changes, switches and child creations of one partner at once: no 500, settled once', async () => {
    await partner('lsx', null, rates(500));
    const yesterday = addDays(siteDay(t.clock.now(), t.config.siteTimeZone), -1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => [
        bo(t, 'partners.settle', {
          cookie: owner.cookie,
          key: `lsx-settle-${i}`,
          params: { partnerId: 'lsx' },
          body: { from: yesterday, to: yesterday },
        }),
        bo(t, 'partners.patch', {
          cookie: owner.cookie,
          params: { partnerId: 'lsx' },
          body: { rates: rates(400 + i), ...(i % 4 === 0 ? { enabled: i % 8 === 0 } : {}) },
        }),
        bo(t, i % 2 === 0 ? 'operators.deactivate' : 'operators.reactivate', {
          cookie: owner.cookie,
          params: { operatorId: 'lsx' },
        }),
        createPartner(t, owner.cookie, {
          partnerId: `lsxc${i}`,
          name: `총판 ${i}`,
          parentId: 'lsx',
          rates: rates(300),
        }),
      ]).flat(),
    );
    for (const a of answers) expect(a.code, JSON.stringify(a.body)).not.toBe(500);
    const settled = answers.filter((_, i) => i % 4 === 0).map((a) => a.body.status);
    expect(settled.filter((s) => s === 'success')).toHaveLength(1);
    expect(settled.filter((s) => s !== 'success' && s !== 'already')).toEqual([]);
    const s = await stateOf('lsx');
    expect(s.active).toBe(s.enabled);
    expect(s.audited).toBe(s.enabled);
    // Every child that was made is at most its parent's rates as they ended.
    const rows = await t.db
      .selectFrom('partners')
      .select(['casino', 'slot', 'mini', 'losing', 'parent_id'])
      .execute();
    const parent = await t.db
      .selectFrom('partners')
      .innerJoin('operators', 'operators.id', 'partners.id')
      .select(['partners.id', 'partners.casino'])
      .where('operators.operator_id', '=', 'lsx')
      .executeTakeFirstOrThrow();
    for (const child of rows.filter((r) => r.parent_id === parent.id))
      expect(Number(child.casino)).toBeLessThanOrEqual(Number(parent.casino));
  });
});
