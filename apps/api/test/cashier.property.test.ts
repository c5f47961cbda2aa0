import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  balances,
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  type TestMember,
} from './factories.ts';

// Random sessions of member and operator money calls, through the HTTP API, against a model of
// what each member should hold. After every session the ledger's invariants hold and every
// balance equals the model's.

const t = await fileTestApp();
const owner = await createOperator(t, 'owner');
const members: TestMember[] = [];
const MEMBERS = 3;

beforeAll(async () => {
  for (let i = 0; i < MEMBERS; i++) members.push(await createMember(t, { cash: 50_000, comp: 30_000 }));
});

type Kind = 'deposit' | 'withdraw';
type Op =
  | { t: 'apply'; kind: Kind; m: number; units: number }
  | { t: 'take' | 'approve' | 'reject' | 'cancel'; kind: Kind; m: number }
  | { t: 'convert'; m: number; amount: number }
  | { t: 'adjust'; m: number; amount: number; point: boolean };

const m = fc.nat({ max: MEMBERS - 1 });
const kind = fc.constantFrom<Kind>('deposit', 'withdraw');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('apply' as const),
      kind,
      m,
      units: fc.integer({ min: 8, max: 60 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('take' as const), kind, m }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('approve' as const), kind, m }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('reject' as const), kind, m }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('cancel' as const), kind, m }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('convert' as const),
      m,
      amount: fc.integer({ min: 5_000, max: 40_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('adjust' as const),
      m,
      amount: fc.integer({ min: -40_000, max: 40_000 }).filter((n) => n !== 0),
      point: fc.boolean(),
    }),
  },
);

interface Pending {
  id: number;
  amount: number;
  state: 'wait' | 'reg';
}
interface Model {
  cash: number;
  comp: number;
  pending: Record<Kind, Pending | null>;
  /** The member's last request of each kind (finished or not), for calls on a finished one. */
  last: Record<Kind, number | null>;
}

async function loadModel(member: TestMember): Promise<Model> {
  const b = await balances(t, member.id);
  const model: Model = {
    cash: b.cash,
    comp: b.comp,
    pending: { deposit: null, withdraw: null },
    last: { deposit: null, withdraw: null },
  };
  for (const k of ['deposit', 'withdraw'] as const) {
    const rows = await t.db
      .selectFrom(k === 'deposit' ? 'deposit_requests' : ('withdraw_requests' as 'deposit_requests'))
      .select(['id', 'amount', 'state'])
      .where('member_id', '=', member.id)
      .orderBy('id', 'desc')
      .execute();
    model.last[k] = rows[0]?.id ?? null;
    const p = rows.find((r) => r.state === 'wait' || r.state === 'reg');
    if (p) model.pending[k] = { id: p.id, amount: p.amount, state: p.state as 'wait' | 'reg' };
  }
  return model;
}

async function latest(k: Kind, memberId: number): Promise<number> {
  const row = await t.db
    .selectFrom(k === 'deposit' ? 'deposit_requests' : ('withdraw_requests' as 'deposit_requests'))
    .select('id')
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function step(op: Op, models: Model[]): Promise<void> {
  const member = members[op.m]!;
  const model = models[op.m]!;
  switch (op.t) {
    case 'apply': {
      const amount = op.units * 1_000;
      const res =
        op.kind === 'deposit'
          ? await call(t, 'apply-user-deposit', { amount }, member.cookie)
          : await call(
              t,
              'apply-user-withdraw',
              { amount, exchangePassword: member.exchangePassword },
              member.cookie,
            );
      if (amount < 10_000) {
        expect(res.code).toBe(400);
        return;
      }
      let expected = 'success';
      if (model.pending[op.kind]) expected = 'wait';
      else if (op.kind === 'withdraw' && amount > model.cash) expected = 'balance';
      expect(res.body).toEqual({ status: expected });
      if (expected === 'success') {
        const id = await latest(op.kind, member.id);
        model.pending[op.kind] = { id, amount, state: 'wait' };
        model.last[op.kind] = id;
        if (op.kind === 'withdraw') model.cash -= amount;
      }
      return;
    }
    case 'take':
    case 'approve':
    case 'reject': {
      const pending = model.pending[op.kind];
      const id = pending?.id ?? model.last[op.kind];
      if (id === null) return;
      const verb = op.t === 'take' ? 'reg' : op.t;
      const res = await bo(t, `${op.kind}s.${verb}` as const, {
        cookie: owner.cookie,
        params: { id },
        body: op.t === 'reject' ? { reason: '확인 불가' } : {},
      });
      const ok = pending !== null && (op.t !== 'take' || pending.state === 'wait');
      expect(res.body).toEqual({ status: ok ? 'success' : 'already' });
      if (!ok || !pending) return;
      if (op.t === 'take') {
        pending.state = 'reg';
        return;
      }
      if (op.t === 'approve' && op.kind === 'deposit') model.cash += pending.amount;
      if (op.t === 'reject' && op.kind === 'withdraw') model.cash += pending.amount;
      model.pending[op.kind] = null;
      return;
    }
    case 'cancel': {
      const pending = model.pending[op.kind];
      const id = pending?.id ?? model.last[op.kind];
      if (id === null) return;
      // A finished request is hidden once; after that it is not found.
      const before = await t.db
        .selectFrom(op.kind === 'deposit' ? 'deposit_requests' : ('withdraw_requests' as 'deposit_requests'))
        .select('is_hidden')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const res = await call(
        t,
        op.kind === 'deposit' ? 'del-deposit' : 'del-withdraw',
        { id },
        member.cookie,
      );
      if (pending?.state === 'reg') {
        expect(res.body).toEqual({ status: 'already' });
        return;
      }
      if (pending) {
        expect(res.body).toEqual({ status: 'success' });
        if (op.kind === 'withdraw') model.cash += pending.amount;
        model.pending[op.kind] = null;
        return;
      }
      expect(res.body).toEqual({ status: before.is_hidden ? 'not_found' : 'success' });
      return;
    }
    case 'convert': {
      const res = await call(t, 'roll-to-balance', { amount: op.amount }, member.cookie);
      const ok = op.amount >= 10_000 && op.amount <= model.comp;
      expect(res.body).toEqual({ status: ok ? 'success' : 'low_point' });
      if (ok) {
        model.comp -= op.amount;
        model.cash += op.amount;
      }
      return;
    }
    case 'adjust': {
      const res = await bo(t, 'members.adjust', {
        cookie: owner.cookie,
        params: { userId: member.userId },
        body: { amount: op.amount, reason: 'property', kind: op.point ? 'point' : 'cash' },
      });
      const held = op.point ? model.comp : model.cash;
      const ok = held + op.amount >= 0;
      expect(res.body).toEqual({ status: ok ? 'success' : 'balance' });
      if (ok) {
        if (op.point) model.comp += op.amount;
        else model.cash += op.amount;
      }
      return;
    }
  }
}

describe('random cashier sessions', () => {
  it('keep the ledger consistent and every balance equal to the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const models = await Promise.all(members.map(loadModel));
        for (const op of ops) await step(op, models);
        for (let i = 0; i < MEMBERS; i++) {
          expect(await balances(t, members[i]!.id)).toMatchObject({
            cash: models[i]!.cash,
            comp: models[i]!.comp,
          });
        }
        const report = await t.ledger.checkInvariants();
        expect(report.violations).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
