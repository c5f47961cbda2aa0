import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addDays, siteDay } from '@casino/contracts/site-time';
import {
  COMMISSION_KINDS,
  commissionOf,
  ratesAtEpoch,
  type Rates,
  type StakeGroup,
} from '../src/modules/partners/commission.ts';
import { createMember, fileTestApp } from './factories.ts';

// Partners' commission (docs/api/backoffice-partners.md, decision 0021) on random trees, rates and
// bets: (1) the partners' rolling along a member's path adds up to stake * r(top) / 10000 within one
// won per partner, rate changes between stakes included; (2) through the service on a database,
// random and racing settlements of overlapping periods settle each day once and pay exactly what
// the settlements say, nothing twice.

interface Tree {
  /** Parent index of each partner (-1: directly under the house); a parent always comes first. */
  parents: number[];
  /** Rates of each partner at each epoch (epoch index 0.. ), every one at most its parent's. */
  rates: Rates[][];
}

const RATE_NAMES = ['casino', 'slot', 'mini', 'losing'] as const;

/** A random tree of 1..12 partners and 1..3 rate epochs, each child at most its parent at every epoch. */
const treeArb: fc.Arbitrary<Tree> = fc
  .record({
    parents: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
    epochs: fc.integer({ min: 1, max: 3 }),
    fractions: fc.array(
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 }),
      {
        minLength: 36,
        maxLength: 36,
      },
    ),
  })
  .map(({ parents: picks, epochs, fractions }) => {
    const parents = picks.map((x, i) => (i === 0 || x < 0.25 ? -1 : Math.min(i - 1, Math.floor(x * i))));
    const rates: Rates[][] = [];
    for (let i = 0; i < parents.length; i++) {
      rates.push([]);
      for (let e = 0; e < epochs; e++) {
        const f = fractions[(i * 3 + e) % fractions.length]!;
        const limit = parents[i]! < 0 ? undefined : rates[parents[i]!]![e]!;
        const r = {} as Rates;
        RATE_NAMES.forEach((name, n) => {
          const max = limit ? limit[name] : 10_000;
          r[name] = Math.floor(f[n]! * max);
        });
        rates[i]!.push(r);
      }
    }
    return { parents, rates };
  });

function pathsOf(parents: number[]): number[][] {
  const paths: number[][] = [];
  parents.forEach((p, i) => paths.push(p < 0 ? [i + 1] : [...paths[p]!, i + 1]));
  return paths;
}

describe('the commission formula on random trees', () => {
  it("adds up along every member's path to stake * r(top) / 10000, within one won per partner", () => {
    fc.assert(
      fc.property(
        treeArb,
        fc.array(
          fc.record({
            partner: fc.nat(),
            kind: fc.constantFrom(...COMMISSION_KINDS),
            epoch: fc.nat(),
            stakes: fc.integer({ min: 0, max: 1_000_000_000 }),
            wins: fc.integer({ min: 0, max: 1_000_000_000 }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (tree, bets) => {
          const paths = pathsOf(tree.parents);
          const epochs = tree.rates[0]!.length;
          const history = tree.rates.flatMap((byEpoch, i) =>
            byEpoch.map((rates, e) => ({ partnerId: i + 1, epoch: e + 1, rates })),
          );
          const ratesAt = ratesAtEpoch(history);
          const groups: StakeGroup[] = bets.map((b) => ({
            partnerId: (b.partner % paths.length) + 1,
            kind: b.kind,
            epoch: (b.epoch % epochs) + 1,
            stakes: b.stakes,
            wins: b.wins,
          }));
          // Each bet on its own: the rolling of its path's partners against its top's rate.
          for (const g of groups) {
            const path = paths[g.partnerId - 1]!;
            const kind = g.kind as (typeof COMMISSION_KINDS)[number];
            let sum = 0;
            for (const id of path)
              sum += commissionOf({ id, path: paths[id - 1]! }, [g], (p) => paths[p - 1], ratesAt).rolling[
                kind
              ];
            const exact = (g.stakes * ratesAt(path[0]!, g.epoch)[kind]) / 10_000;
            expect(exact - sum).toBeGreaterThanOrEqual(0);
            expect(exact - sum).toBeLessThan(path.length);
          }
          // All bets together: every partner's rolling over the whole tree against the tops' rates.
          for (const kind of COMMISSION_KINDS) {
            let sum = 0;
            for (let i = 0; i < paths.length; i++)
              sum += commissionOf({ id: i + 1, path: paths[i]! }, groups, (p) => paths[p - 1], ratesAt)
                .rolling[kind];
            const exact = groups
              .filter((g) => g.kind === kind)
              .reduce(
                (acc, g) => acc + (g.stakes * ratesAt(paths[g.partnerId - 1]![0]!, g.epoch)[kind]) / 10_000,
                0,
              );
            expect(exact - sum).toBeGreaterThanOrEqual(-1e-6);
            expect(exact - sum).toBeLessThan(paths.length + 1e-6);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

const t = await fileTestApp();

describe('settlements through the service', () => {
  it('settle every day once and pay what they say, whatever the periods and their races', async () => {
    const who = { operatorId: null, actor: 'property', ip: null };
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        treeArb,
        fc.array(
          fc.record({
            p: fc.nat(),
            day: fc.nat({ max: 9 }),
            stakes: fc.integer({ min: 0, max: 5_000_000 }),
            wins: fc.integer({ min: 0, max: 5_000_000 }),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        fc.array(fc.record({ p: fc.nat(), from: fc.nat({ max: 9 }), days: fc.integer({ min: 1, max: 4 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (tree, bets, periods) => {
          round += 1;
          const owner = { id: 0, operatorId: 'owner', role: 'owner' as const };
          // The tree through the service, under one ancestor per run; the first epoch's rates.
          const names: string[] = [];
          for (let i = 0; i < tree.parents.length; i++) {
            const name = `pp${round}x${i}`;
            const parent = tree.parents[i]! < 0 ? null : names[tree.parents[i]!]!;
            const created = await t.services.partners.create(
              owner,
              {
                partnerId: name,
                password: 'property-pass-1',
                name,
                parentId: parent,
                rates: tree.rates[i]![0]!,
              },
              who,
            );
            expect(created.status).toBe('success');
            names.push(name);
          }
          const ids = new Map<string, number>();
          for (const name of names)
            ids.set(
              name,
              (
                await t.db
                  .selectFrom('operators')
                  .select('id')
                  .where('operator_id', '=', name)
                  .executeTakeFirstOrThrow()
              ).id,
            );
          const member = await createMember(t, { signedIn: false });
          const today = siteDay(t.clock.now(), t.config.siteTimeZone);
          const first = addDays(today, -20);
          const epoch = (
            await t.db.selectFrom('partner_rates_epoch').select('epoch').executeTakeFirstOrThrow()
          ).epoch;
          // The day rows as the wallet writes them (one per member, day, kind, partner, epoch).
          for (const [n, b] of bets.entries()) {
            const partnerId = ids.get(names[b.p % names.length]!)!;
            await t.db
              .insertInto('member_day_stakes')
              .values({
                member_id: member.id,
                day: addDays(first, b.day),
                kind: COMMISSION_KINDS[n % 3]!,
                partner_id: partnerId,
                rates_epoch: epoch,
                stakes: b.stakes,
                wins: b.wins,
              })
              .onConflict((oc) =>
                oc.columns(['member_id', 'day', 'kind', 'partner_id', 'rates_epoch']).doUpdateSet((eb) => ({
                  stakes: eb('member_day_stakes.stakes', '+', b.stakes),
                  wins: eb('member_day_stakes.wins', '+', b.wins),
                })),
              )
              .execute();
          }
          // Random periods, two of each at once, in one transaction each as the route runs them.
          const outcomes = await Promise.all(
            periods.flatMap((q) => {
              const name = names[q.p % names.length]!;
              const period = { from: addDays(first, q.from), to: addDays(first, q.from + q.days - 1) };
              const run = () =>
                t.db.transaction().execute((trx) => t.services.partners.settle(name, period, who, trx));
              return [run(), run()];
            }),
          );
          for (const name of names) {
            const id = ids.get(name)!;
            const settlements = await t.db
              .selectFrom('partner_settlements')
              .selectAll()
              .where('partner_id', '=', id)
              .execute();
            const days = await t.db
              .selectFrom('partner_settled_days')
              .select('day')
              .where('partner_id', '=', id)
              .execute();
            // Each settled day once, belonging to exactly one settlement's period.
            const periodDays = settlements.reduce(
              (n, s) => n + (Date.parse(String(s.to_day)) - Date.parse(String(s.from_day))) / 86_400_000 + 1,
              0,
            );
            expect(days.length).toBe(periodDays);
            // Paid = the ledger's credits of the partner's commission account, each settlement once.
            const paid = settlements.reduce((n, s) => n + s.paid, 0);
            const credited = await t.services.ledger.accountBalance({ system: `partner:${name}` });
            expect(credited).toBe(paid);
            const transfers = await t.db
              .selectFrom('transfers')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('code', '=', 'partner_commission')
              .where(sql`meta->>'partnerId'`, '=', name)
              .executeTakeFirstOrThrow();
            expect(Number(transfers.n)).toBe(settlements.filter((s) => s.paid > 0).length);
            // A carried loss is never paid: each settlement pays max(0, total - carried in).
            for (const s of settlements) expect(s.paid).toBe(Math.max(0, s.total - s.carried_in));
          }
          expect(outcomes.filter((o) => o.status === 'success').length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 12 },
    );
  });
});
