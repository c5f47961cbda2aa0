import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerService } from '../src/modules/ledger/ledger.service.ts';
import { ensureRegCode, TEST_REG_CODE, uniqueMemberInput } from './factories.ts';
import type { JsonBody } from './factories.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';
import {
  killServerProcess,
  postJson,
  startServerProcess,
  type ServerProcess,
  type ServerReply,
} from './server-process.ts';

// The real server as a child process on a fresh PostgreSQL database: a stream of withdrawals,
// approvals, conversions and adjustments over HTTP, a SIGKILL in the middle of it, a restart, and
// then the checks: the ledger's invariants hold, every request the server acknowledged is there
// exactly once, and no request is half-written (a withdrawal without its hold, an approval
// without its money). PGlite is not crash-tested here: it is one process with the server.

const onPostgres = Boolean(process.env.DATABASE_URL);
const reason = 'skipped without DATABASE_URL: the crash test runs the server on PostgreSQL';

const ADMIN_PASSWORD = 'crash-test-owner-password';
const MEMBERS = 4;

let database: TestDatabase;
let databaseUrl: string;
let server: ServerProcess | undefined;
let base = '';

// Every instance on one PostgreSQL shares the provider-secret key (the server refuses to start
// without it there); the restarted server must read what the first one wrote.
const SECRETS_KEY = randomBytes(32).toString('hex');

async function startServer(): Promise<void> {
  server = await startServerProcess(databaseUrl, {
    SECRETS_KEY,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    SIGNIN_MAX_ATTEMPTS_PER_IP: '100000',
  });
  base = server.base;
}

async function killServer(): Promise<void> {
  const gone = server;
  server = undefined;
  await killServerProcess(gone);
}

const post = (url: string, body: unknown, headers?: Record<string, string>): Promise<ServerReply> =>
  postJson(base, url, body, headers);

async function get(url: string, cookie: string): Promise<ServerReply> {
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as JsonBody };
}

interface Member {
  id: number;
  userId: string;
  password: string;
  exchangePassword: string;
  cookie: string;
}

/** What the server acknowledged before it died: each must be in the database exactly once. */
const acked = {
  withdrawIds: new Set<number>(),
  approvedWithdrawIds: new Set<number>(),
  conversions: [] as { memberId: number; key: string }[],
  adjustments: [] as { key: string }[],
};
/** Approvals sent but not answered when the server died: retried after the restart. */
const inFlightApprovals = new Map<number, string>();

describe.skipIf(!onPostgres)(`crash recovery (PostgreSQL) [${onPostgres ? 'running' : reason}]`, () => {
  const members: Member[] = [];
  let owner = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(process.env.DATABASE_URL!);
    const name = (
      await database.db
        .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
        .executeTakeFirstOrThrow()
    ).name;
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    await ensureRegCode({ db: database.db } as never, TEST_REG_CODE);
  });
  afterAll(async () => {
    await killServer();
    await database?.close();
  });

  it('keeps every acknowledged request exactly once across a SIGKILL', { timeout: 180_000 }, async () => {
    await startServer();

    const login = await post('/api/backoffice/login', { operatorId: 'admin', password: ADMIN_PASSWORD });
    expect(login.body).toEqual({ status: 'success' });
    owner = login.cookie!;

    for (let i = 0; i < MEMBERS; i++) {
      const input = uniqueMemberInput();
      expect((await post('/api/routes/user-register', { ...input, agree18: true })).body).toEqual({
        status: 'success',
      });
      const signIn = await post('/api/routes/user-do-login', {
        userId: input.userId,
        password: input.password,
      });
      expect(signIn.body.status).toBe('success');
      const row = await database.db
        .selectFrom('members')
        .select('id')
        .where('user_id', '=', input.userId.toLowerCase())
        .executeTakeFirstOrThrow();
      members.push({
        id: row.id,
        userId: input.userId.toLowerCase(),
        password: input.password,
        exchangePassword: input.exchangePassword,
        cookie: signIn.cookie!,
      });
      for (const [kind, amount] of [
        ['cash', 2_000_000],
        ['point', 2_000_000],
      ] as const) {
        const res = await post(
          `/api/backoffice/members/${input.userId.toLowerCase()}/adjust`,
          { amount, reason: 'crash test float', kind },
          { cookie: owner, 'idempotency-key': `float-${i}-${kind}` },
        );
        expect(res.body).toEqual({ status: 'success' });
      }
    }

    let stop = false;
    const worker = async (m: Member, w: number) => {
      for (let n = 0; !stop; n++) {
        try {
          const applied = await post(
            '/api/routes/apply-user-withdraw',
            { amount: 10_000, exchangePassword: m.exchangePassword },
            { cookie: m.cookie },
          );
          if (applied.body.status === 'success') {
            const list = await post('/api/routes/get-withdraw-list', { pageSize: 1 }, { cookie: m.cookie });
            const id = list.body.list[0].id as number;
            acked.withdrawIds.add(id);
            const key = `approve-${id}`;
            inFlightApprovals.set(id, key);
            const approved = await post(
              `/api/backoffice/withdraws/${id}/approve`,
              {},
              { cookie: owner, 'idempotency-key': key },
            );
            if (approved.body.status === 'success') acked.approvedWithdrawIds.add(id);
            inFlightApprovals.delete(id);
          }
          const convKey = `conv-${w}-${n}`;
          const conv = await post(
            '/api/routes/roll-to-balance',
            { amount: 10_000 },
            { cookie: m.cookie, 'idempotency-key': convKey },
          );
          if (conv.body.status === 'success') acked.conversions.push({ memberId: m.id, key: convKey });
          const adjKey = `adj-${w}-${n}`;
          const adj = await post(
            `/api/backoffice/members/${m.userId}/adjust`,
            { amount: -1_000, reason: 'fee' },
            { cookie: owner, 'idempotency-key': adjKey },
          );
          if (adj.body.status === 'success') acked.adjustments.push({ key: adjKey });
        } catch {
          return; // the server is gone
        }
      }
    };
    const running = members.map((m, w) => worker(m, w));
    await new Promise((r) => setTimeout(r, 2_500));
    await killServer();
    stop = true;
    await Promise.all(running);
    expect(acked.withdrawIds.size).toBeGreaterThan(0);
    expect(acked.conversions.length).toBeGreaterThan(0);

    await startServer();
    const relogin = await post('/api/backoffice/login', { operatorId: 'admin', password: ADMIN_PASSWORD });
    expect(relogin.body).toEqual({ status: 'success' });
    owner = relogin.cookie!;
    // The operator's sessions survived the crash: they live in the database.
    expect((await get('/api/backoffice/me', login.cookie!)).status).toBe(200);

    // An approval the server never answered is simply sent again with its key: it settles once.
    for (const [id, key] of inFlightApprovals) {
      const retried = await post(
        `/api/backoffice/withdraws/${id}/approve`,
        {},
        { cookie: owner, 'idempotency-key': key },
      );
      expect(['success', 'already']).toContain(retried.body.status);
      acked.approvedWithdrawIds.add(id);
    }

    const db = database.db;
    const ledger = createLedgerService({ db });
    expect(await ledger.checkInvariants()).toEqual({ ok: true, violations: [] });

    // Every acknowledged withdrawal is there once, with its hold; every approval moved money once.
    const withdraws = await db
      .selectFrom('withdraw_requests')
      .select(['id', 'member_id', 'state', 'hold_id'])
      .execute();
    const byId = new Map(withdraws.map((r) => [r.id, r]));
    for (const id of acked.withdrawIds) expect(byId.has(id)).toBe(true);
    for (const r of withdraws) {
      expect(r.hold_id).not.toBeNull();
      const hold = await ledger.getHold(r.hold_id!);
      expect(hold?.state).toBe(
        r.state === 'already' ? 'posted' : r.state === 'cansel' ? 'voided' : 'pending',
      );
    }
    for (const id of acked.approvedWithdrawIds) expect(byId.get(id)?.state).toBe('already');
    // Requests the server wrote but could not acknowledge: at most one per member (the one in flight).
    for (const m of members) {
      const ackedOfMember = [...acked.withdrawIds].filter((id) => byId.get(id)?.member_id === m.id).length;
      const stored = withdraws.filter((r) => r.member_id === m.id).length;
      expect(stored - ackedOfMember).toBeGreaterThanOrEqual(0);
      expect(stored - ackedOfMember).toBeLessThanOrEqual(1);
    }

    const transfersWithKey = async (key: string) =>
      (await db.selectFrom('transfers').select('id').where('idempotency_key', '=', key).execute()).length;
    for (const id of acked.approvedWithdrawIds) expect(await transfersWithKey(`withdraw:${id}:post`)).toBe(1);
    for (const c of acked.conversions) expect(await transfersWithKey(`roll:${c.memberId}:${c.key}`)).toBe(1);
    const ownerId = (
      await db
        .selectFrom('operators')
        .select('id')
        .where('operator_id', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    for (const a of acked.adjustments) {
      expect(await transfersWithKey(`adjust:${ownerId}:${a.key}`)).toBe(1);
      const stored = await db
        .selectFrom('idempotency_responses')
        .select(['status_code'])
        .where('key', '=', a.key)
        .execute();
      expect(stored).toEqual([{ status_code: 200 }]);
    }
    // No claimed key was left without its answer: the claim commits with the answer or not at all.
    expect(
      await db.selectFrom('idempotency_responses').select('id').where('status_code', 'is', null).execute(),
    ).toEqual([]);

    // The restarted server goes on: a member can ask again and be served.
    const m = members[0]!;
    const again = await post('/api/routes/user-do-login', { userId: m.userId, password: m.password });
    const pending = withdraws.find((r) => r.member_id === m.id && (r.state === 'wait' || r.state === 'reg'));
    const res = await post(
      '/api/routes/apply-user-withdraw',
      { amount: 10_000, exchangePassword: m.exchangePassword },
      { cookie: again.cookie! },
    );
    expect(res.body).toEqual({ status: pending ? 'wait' : 'success' });
    expect(await ledger.checkInvariants()).toEqual({ ok: true, violations: [] });
  });
});
