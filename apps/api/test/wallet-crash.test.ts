import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createServices } from '../src/services.ts';
import { createLedgerService } from '../src/modules/ledger/ledger.service.ts';
import { ensureRegCode, TEST_REG_CODE, uniqueMemberInput } from './factories.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';
import {
  killServerProcess,
  postJson,
  startServerProcess,
  type ServerProcess,
  type ServerReply,
} from './server-process.ts';

// The wallet's group commit across a SIGKILL (issue 29, decision 0029): the real server as a child
// process on a fresh PostgreSQL database takes signed bets and wins from many callers at once (so
// they share batches: one transaction each), is killed in the middle, and restarted. Then: the
// ledger's invariants hold; every call the server acknowledged is there once with its answer and
// its money; no call is half-written (a recorded bet without its transfer, a transfer without its
// call); each batch committed whole or not at all; and every acknowledged call sent again answers
// the same as a replay and moves nothing. (That the calls of such a burst do share batches is
// shown in-process by wallet-group-commit.test.ts, which counts them.)

const onPostgres = Boolean(process.env.DATABASE_URL);
const reason = 'skipped without DATABASE_URL: the crash test runs the server on PostgreSQL';
const ADMIN_PASSWORD = 'wallet-crash-owner-password';
const SECRETS_KEY = randomBytes(32);
const MEMBERS = 6;
const CALLERS_PER_MEMBER = 4;
const PROVIDER = 'crashslot';
const SECRET = randomBytes(24).toString('base64url');

let database: TestDatabase;
let databaseUrl: string;
let server: ServerProcess | undefined;
let base = '';

async function startServer(): Promise<void> {
  server = await startServerProcess(databaseUrl, {
    SECRETS_KEY: SECRETS_KEY.toString('hex'),
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
  });
  base = server.base;
}

const post = (url: string, body: unknown, headers?: Record<string, string>): Promise<ServerReply> =>
  postJson(base, url, body, headers);

async function wallet(action: string, body: Record<string, unknown>): Promise<ServerReply> {
  const raw = JSON.stringify(body);
  const res = await fetch(`${base}/api/wallet/${PROVIDER}/${action}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-signature': createHmac('sha256', SECRET).update(raw).digest('hex'),
    },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as ServerReply['body'] };
}

interface Acked {
  action: 'bet' | 'win';
  body: Record<string, unknown>;
  status: string;
  balance: number | undefined;
}

describe.skipIf(!onPostgres)(
  `wallet group commit across a SIGKILL [${onPostgres ? 'running' : reason}]`,
  () => {
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
      await killServerProcess(server);
      await database?.close();
    });

    it(
      'keeps every acknowledged call once, and every batch whole or not at all',
      { timeout: 180_000 },
      async () => {
        await startServer();
        const login = await post('/api/backoffice/login', { operatorId: 'admin', password: ADMIN_PASSWORD });
        expect(login.body).toEqual({ status: 'success' });
        for (const [url, body] of [
          [
            '/api/backoffice/providers',
            {
              code: PROVIDER,
              kind: 'slot',
              name: 'Crash Slots',
              wallet: 'seamless',
              launchUrl: '/x',
              secret: SECRET,
            },
          ],
          ['/api/backoffice/games', { provider: PROVIDER, code: 'reels', nameKo: '릴', nameEn: 'Reels' }],
        ] as const)
          expect((await post(url, body, { cookie: login.cookie! })).body).toEqual({ status: 'success' });

        // Members with cash and a launch token, made in this process on the same database.
        const services = createServices({
          secretsKey: SECRETS_KEY,
          config: loadConfig({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false' }),
          db: database.db,
          dbKind: database.kind,
        });
        const players: { userId: string; memberId: number; token: string }[] = [];
        for (let i = 0; i < MEMBERS; i++) {
          const input = uniqueMemberInput();
          const registered = await services.members.register(input);
          if (registered.status !== 'success') throw new Error(JSON.stringify(registered));
          const memberId = registered.memberId;
          await services.ledger.transfer({
            debit: { system: 'bank_clearing' },
            credit: { memberId, kind: 'cash' },
            amount: 300_000,
            code: 'deposit',
            idempotencyKey: `crash-float-${memberId}`,
            source: 'test',
          });
          const session = await services.sessions.create('member', memberId, { ip: null, userAgent: null });
          const token = await services.sessions.createGameToken(
            { memberId, sessionId: session.session.id },
            PROVIDER,
          );
          players.push({ userId: input.userId.toLowerCase(), memberId, token: token! });
        }

        const acked: Acked[] = [];
        let stop = false;
        let seq = 0;
        const caller = async (p: (typeof players)[number]) => {
          while (!stop) {
            const k = ++seq;
            const bet = {
              token: p.token,
              userId: p.userId,
              transactionId: `b${k}`,
              roundId: `r${k}`,
              gameCode: 'reels',
              amount: 100 + (k % 7_000),
            };
            const win = {
              userId: p.userId,
              transactionId: `w${k}`,
              roundId: `r${k}`,
              gameCode: 'reels',
              amount: k % 3 === 0 ? 0 : 50 + (k % 9_000),
              roundClosed: true,
            };
            try {
              for (const [action, body] of [
                ['bet', bet],
                ['win', win],
              ] as const) {
                const res = await wallet(action, body);
                const answer = res.body as { status: string; balance?: number };
                acked.push({ action, body, status: answer.status, balance: answer.balance });
              }
            } catch {
              return; // the server is gone
            }
          }
        };
        const running = players.flatMap((p) => Array.from({ length: CALLERS_PER_MEMBER }, () => caller(p)));
        await new Promise((r) => setTimeout(r, 2_500));
        await killServerProcess(server);
        server = undefined;
        stop = true;
        await Promise.all(running);
        expect(acked.filter((a) => a.status === 'RS_OK').length).toBeGreaterThan(20);

        await startServer();
        const db = database.db;
        const ledger = createLedgerService({ db });
        expect(await ledger.checkInvariants()).toEqual({ ok: true, violations: [] });

        const calls = await db
          .selectFrom('wallet_calls')
          .select(['transaction_id', 'action', 'outcome', 'amount', 'comp_points', 'round_id'])
          .where('provider', '=', PROVIDER)
          .execute();
        const callById = new Map(calls.map((c) => [c.transaction_id, c]));
        const transfers = await db
          .selectFrom('transfers')
          .select(['idempotency_key', 'amount', 'code'])
          .where('source', '=', `wallet:${PROVIDER}`)
          .execute();
        const transferByKey = new Map<string, { amount: number; n: number }>();
        for (const t of transfers) {
          const known = transferByKey.get(t.idempotency_key);
          transferByKey.set(t.idempotency_key, { amount: t.amount, n: (known?.n ?? 0) + 1 });
        }

        // Every acknowledged call is there with the answer it got.
        for (const a of acked) {
          const row = callById.get(String(a.body.transactionId));
          expect(row, `${a.action} ${String(a.body.transactionId)}`).toBeDefined();
          expect(row!.outcome).toBe(a.status);
        }
        // No call is half-written: an RS_OK call has exactly its transfers, a refused one none, and no
        // wallet transfer is without its RS_OK call.
        for (const c of calls) {
          const money = c.outcome === 'RS_OK' && c.amount > 0;
          expect(transferByKey.get(`${c.action}:${c.transaction_id}`)?.n ?? 0).toBe(money ? 1 : 0);
          if (money) expect(transferByKey.get(`${c.action}:${c.transaction_id}`)!.amount).toBe(c.amount);
          expect(transferByKey.get(`comp:${c.transaction_id}`)?.n ?? 0).toBe(
            c.action === 'bet' && money && c.comp_points > 0 ? 1 : 0,
          );
        }
        for (const key of transferByKey.keys()) {
          const [action, tx] = key.split(':') as [string, string];
          const call = callById.get(tx);
          expect(call?.outcome, key).toBe('RS_OK');
          expect(action === 'comp' ? 'bet' : action).toBe(call!.action);
        }
        // The rounds' totals are the sums of their calls that stand.
        const rounds = await db
          .selectFrom('rounds')
          .select(['round_id', 'bet', 'win'])
          .where('provider', '=', PROVIDER)
          .execute();
        for (const r of rounds) {
          const of = (action: string) =>
            calls
              .filter((c) => c.round_id === r.round_id && c.action === action && c.outcome === 'RS_OK')
              .reduce((sum, c) => sum + c.amount, 0);
          expect({ round: r.round_id, bet: r.bet, win: r.win }).toEqual({
            round: r.round_id,
            bet: of('bet'),
            win: of('win'),
          });
        }

        // Every acknowledged call sent again answers as a replay and moves nothing.
        const before = await ledger.systemBalances();
        for (const a of acked.slice(0, 60)) {
          const again = await wallet(a.action, a.body);
          expect((again.body as { status: string }).status).toBe(a.status);
        }
        expect(await ledger.systemBalances()).toEqual(before);
        expect(await ledger.checkInvariants()).toEqual({ ok: true, violations: [] });
      },
    );
  },
);
