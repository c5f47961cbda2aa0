import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerService } from '../src/modules/ledger/ledger.service.ts';
import { ensureRegCode, TEST_REG_CODE, uniqueMemberInput, type JsonBody } from './factories.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';
import { killServerProcess, postJson, startServerProcess, type ServerProcess } from './server-process.ts';
import { openEventStream } from './event-stream-client.ts';

// Several instances as one (issue 24, docs/operations.md "Several instances"): two server processes
// on one fresh PostgreSQL database, driven as an outside client would. An event raised on one
// reaches a stream held by the other; a sign-in limit counted on both holds as one; one instance
// killed with SIGKILL under money load loses nothing and doubles nothing. Run once over the
// database's LISTEN/NOTIFY, and once over Redis when one answers at REDIS_URL or 127.0.0.1:6379.

const onPostgres = Boolean(process.env.DATABASE_URL);
const reason = 'skipped without DATABASE_URL: instances share a PostgreSQL server';

const ADMIN_PASSWORD = 'instances-owner-password';
const SECRETS_KEY = randomBytes(32).toString('hex');
/** One comp conversion (the smallest the default settings take is 10,000). */
const CONVERT = 10_000;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RECONCILE_MS = 200;
const METRICS_TOKEN = 'metrics-token-of-the-instances-test';

async function redisAnswers(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port || 6379), url.hostname);
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

type Instance = ServerProcess;

function startInstance(databaseUrl: string, env: Record<string, string>): Promise<Instance> {
  return startServerProcess(databaseUrl, {
    SECRETS_KEY,
    STUDIO_ENABLED: 'false',
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    SIGNIN_MAX_ATTEMPTS_PER_IP: '100000',
    // Redis keeps its counters across runs of this test: registrations from 127.0.0.1 are many.
    REGISTER_MAX_PER_IP: '100000',
    // The reconciler (a periodic job) every 200 ms, each instance asking every 50 ms, a lease of a
    // second: what the jobs' test below counts.
    TRANSFER_RECONCILE_MS: String(RECONCILE_MS),
    JOB_CHECK_MS: '50',
    JOB_LEASE_MS: '1000',
    METRICS_TOKEN,
    ...env,
  });
}

const kill = killServerProcess;

const post = postJson;

/** The reconciler's runs this instance counted (`casino_job_runs_total`), by outcome. */
async function jobRuns(base: string): Promise<{ success: number; error: number }> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  const count = (outcome: string) =>
    Number(
      new RegExp(
        `^casino_job_runs_total\\{job="transfer-reconcile",outcome="${outcome}"\\} (\\d+)$`,
        'm',
      ).exec(text)?.[1] ?? 0,
    );
  return { success: count('success'), error: count('error') };
}

/** A member stream on `base`. */
async function openStream(base: string, cookie: string) {
  const stream = await openEventStream(`${base}/api/events`, { cookie });
  expect(stream.status).toBe(200);
  return stream;
}

const modes = [
  { id: 'notify', name: 'LISTEN/NOTIFY', env: {} as Record<string, string>, needsRedis: false },
  { id: 'redis', name: 'Redis pub/sub', env: { REDIS_URL }, needsRedis: true },
];

describe.skipIf(!onPostgres)(
  `several instances on one PostgreSQL [${onPostgres ? 'running' : reason}]`,
  () => {
    let redis = false;
    beforeAll(async () => {
      redis = await redisAnswers();
    });

    for (const mode of modes) {
      describe(mode.name, () => {
        let database: TestDatabase;
        let a: Instance | undefined;
        let b: Instance | undefined;
        let owner = '';

        beforeAll(async () => {
          if (mode.needsRedis && !redis) return;
          database = await createTestDatabase();
          const url = new URL(process.env.DATABASE_URL!);
          const { name } = await database.db
            .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
            .executeTakeFirstOrThrow();
          url.pathname = `/${name}`;
          await ensureRegCode({ db: database.db } as never, TEST_REG_CODE);
          // Both start together: the migrations' lock and the first-start seed run once.
          [a, b] = await Promise.all([
            startInstance(url.toString(), mode.env),
            startInstance(url.toString(), mode.env),
          ]);
          const login = await post(a.base, '/api/backoffice/login', {
            operatorId: 'admin',
            password: ADMIN_PASSWORD,
          });
          expect(login.body).toEqual({ status: 'success' });
          owner = login.cookie!;
        }, 200_000);
        afterAll(async () => {
          await Promise.all([kill(a), kill(b)]);
          await database?.close();
        });

        async function newMember(on: Instance) {
          const input = uniqueMemberInput();
          expect(
            (await post(on.base, '/api/routes/user-register', { ...input, agree18: true })).body,
          ).toEqual({
            status: 'success',
          });
          const signIn = await post(on.base, '/api/routes/user-do-login', {
            userId: input.userId,
            password: input.password,
          });
          expect(signIn.body.status).toBe('success');
          return { userId: input.userId.toLowerCase(), password: input.password, cookie: signIn.cookie! };
        }

        it(
          'an operator’s change on one instance reaches the member’s stream on the other',
          { timeout: 60_000 },
          async (ctx) => {
            if (mode.needsRedis && !redis) return ctx.skip();
            const member = await newMember(a!);
            // The session made on A holds on B; the stream is B's.
            const stream = await openStream(b!.base, member.cookie);
            await expect
              .poll(() => stream.events.some((e) => e.event === 'balance'), { timeout: 10_000 })
              .toBe(true);
            const sent = Date.now();
            const adjusted = await post(
              a!.base,
              `/api/backoffice/members/${member.userId}/adjust`,
              { amount: 7_777, reason: 'two instances', kind: 'cash' },
              { cookie: owner, 'idempotency-key': `inst-${mode.id}-1` },
            );
            expect(adjusted.body).toEqual({ status: 'success' });
            await expect
              .poll(() => stream.events.find((e) => e.event === 'balance' && e.data.balance === 7_777), {
                timeout: 10_000,
              })
              .toBeTruthy();
            const arrived = stream.events.find((e) => e.event === 'balance' && e.data.balance === 7_777)!;
            // Said for the record (a noisy machine: never asserted); the budget is 100 ms at p99.
            console.info(`[${mode.name}] event across instances after ${arrived.at - sent} ms`);
            stream.close();
          },
        );

        it(
          'the maintenance switch set on one instance closes the other at once, and opens it again',
          { timeout: 60_000 },
          async (ctx) => {
            if (mode.needsRedis && !redis) return ctx.skip();
            const member = await newMember(a!);
            const health = () =>
              post(b!.base, '/api/routes/user-health-check', {}, { cookie: member.cookie });
            // B has read the switch (open), and keeps what it read for up to 2 seconds.
            expect((await health()).status).toBe(200);
            const put = async (enabled: boolean) => {
              const res = await fetch(`${a!.base}/api/backoffice/settings/maintenance`, {
                method: 'PUT',
                headers: { origin: a!.base, 'content-type': 'application/json', cookie: owner },
                body: JSON.stringify({ enabled }),
              });
              expect(res.status).toBe(200);
            };
            await put(true);
            // Well within the cache's age: only the bus can have told B.
            await expect
              .poll(async () => (await health()).status, { timeout: 1_000, interval: 50 })
              .toBe(503);
            await put(false);
            await expect
              .poll(async () => (await health()).status, { timeout: 1_000, interval: 50 })
              .toBe(200);
          },
        );

        it(
          'a periodic job runs on one instance at a time: each period once, counted by one or the other',
          { timeout: 60_000 },
          async (ctx) => {
            if (mode.needsRedis && !redis) return ctx.skip();
            const runsOf = async () =>
              (
                await database.db
                  .selectFrom('job_leases')
                  .select(['runs', 'failures'])
                  .where('name', '=', 'transfer-reconcile')
                  .executeTakeFirstOrThrow()
              ).runs;
            const from = await runsOf();
            const started = Date.now();
            await new Promise((r) => setTimeout(r, 3_000));
            const before = await runsOf();
            const [onA, onB] = await Promise.all([jobRuns(a!.base), jobRuns(b!.base)]);
            const after = await runsOf();
            const elapsed = Date.now() - started;
            // Every run of the database's count was run by A or B, once (a run may end between reads).
            expect(onA.error + onB.error).toBe(0);
            expect(onA.success + onB.success).toBeGreaterThanOrEqual(before);
            expect(onA.success + onB.success).toBeLessThanOrEqual(after);
            // One run per period for the two: two instances running it each would make about twice.
            expect(before - from).toBeGreaterThanOrEqual(3);
            expect(before - from).toBeLessThanOrEqual(Math.ceil(elapsed / RECONCILE_MS) + 1);
            console.info(
              `[${mode.name}] reconciler runs in ${elapsed} ms: ${before - from} (A ${onA.success}, B ${onB.success} since start)`,
            );
          },
        );

        it(
          'a sign-in limit counted on both instances holds as one, 40 guesses at once',
          { timeout: 60_000 },
          async (ctx) => {
            if (mode.needsRedis && !redis) return ctx.skip();
            const member = await newMember(a!);
            const answers = await Promise.all(
              Array.from({ length: 40 }, (_, i) =>
                post((i % 2 === 0 ? a : b)!.base, '/api/routes/user-do-login', {
                  userId: member.userId,
                  password: 'wrong-password-1',
                }),
              ),
            );
            // SIGNIN_MAX_FAILURES_PER_ID (10): at most ten wrong passwords are tried, the rest refused.
            const tried = answers.filter((r) => r.status === 200 && r.body.status === 'fail').length;
            expect(tried).toBeLessThanOrEqual(10);
            expect(answers.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(30);
            // The right password is refused too now, on either instance.
            const right = await post(b!.base, '/api/routes/user-do-login', {
              userId: member.userId,
              password: member.password,
            });
            expect(right.status).toBe(429);
          },
        );

        it(
          'one instance killed under money load: nothing lost, nothing doubled, the books balance',
          { timeout: 120_000 },
          async (ctx) => {
            if (mode.needsRedis && !redis) return ctx.skip();
            const members = await Promise.all([newMember(a!), newMember(b!)]);
            for (const m of members) {
              const credited = await post(
                a!.base,
                `/api/backoffice/members/${m.userId}/adjust`,
                { amount: 50_000_000, reason: 'float', kind: 'point' },
                { cookie: owner, 'idempotency-key': `float-${mode.id}-${m.userId}` },
              );
              expect(credited.body).toEqual({ status: 'success' });
            }
            // Comp conversions with their keys, alternating instances, until A dies.
            const sent: { member: (typeof members)[number]; key: string; acked: boolean }[] = [];
            let stop = false;
            const worker = async (m: (typeof members)[number], w: number) => {
              for (let n = 0; !stop; n++) {
                const key = `conv-${mode.id}-${w}-${n}`;
                const entry = { member: m, key, acked: false };
                sent.push(entry);
                try {
                  const res = await post(
                    (n % 2 === 0 ? a : b)!.base,
                    '/api/routes/roll-to-balance',
                    { amount: CONVERT },
                    {
                      cookie: m.cookie,
                      'idempotency-key': key,
                    },
                  );
                  entry.acked = res.body.status === 'success';
                } catch {
                  // A is gone: retried below on B with the same key.
                }
              }
            };
            const running = members.map((m, w) => worker(m, w));
            await new Promise((r) => setTimeout(r, 1_500));
            await kill(a);
            a = undefined;
            await new Promise((r) => setTimeout(r, 300));
            stop = true;
            await Promise.all(running);
            // Whatever was not answered is sent again, with the same key, to the instance left.
            for (const entry of sent.filter((e) => !e.acked)) {
              const res = await post(
                b!.base,
                '/api/routes/roll-to-balance',
                { amount: CONVERT },
                {
                  cookie: entry.member.cookie,
                  'idempotency-key': entry.key,
                },
              );
              expect(res.body.status).toBe('success');
            }
            // Each key moved money exactly once, and every member's comp went down by exactly that.
            const db = database.db;
            for (const entry of sent) {
              const rows = await db
                .selectFrom('transfers')
                .select('id')
                .where('idempotency_key', 'like', `roll:%:${entry.key}`)
                .execute();
              expect(rows.length, entry.key).toBe(1);
            }
            const ledger = createLedgerService({ db });
            expect((await ledger.checkInvariants()).violations).toEqual([]);
            for (const m of members) {
              const count = sent.filter((e) => e.member === m).length;
              const balance = await post(b!.base, '/api/routes/user-health-check', {}, { cookie: m.cookie });
              expect(balance.body.user.rolling).toBe(50_000_000 - count * CONVERT);
              expect(balance.body.user.balance).toBe(count * CONVERT);
            }
          },
        );

        it('the instance left takes the jobs over from the one killed', { timeout: 60_000 }, async (ctx) => {
          if (mode.needsRedis && !redis) return ctx.skip();
          // A was killed above (maybe holding the reconciler's lease, which expires within a second),
          // or is killed here when this test runs alone.
          await kill(a);
          a = undefined;
          const readRow = () =>
            database.db
              .selectFrom('job_leases')
              .select(['runs', 'last_holder'])
              .where('name', '=', 'transfer-reconcile')
              .executeTakeFirstOrThrow();
          const from = (await readRow()).runs;
          await expect
            .poll(async () => (await readRow()).runs - from, { timeout: 10_000, interval: 100 })
            .toBeGreaterThanOrEqual(3);
          expect((await readRow()).last_holder).toContain(`/${b!.child.pid}/`);
        });

        it(
          'SIGTERM: the streams end with the retry hint, then the process exits cleanly',
          { timeout: 60_000 },
          async (ctx) => {
            if (mode.needsRedis && !redis) return ctx.skip();
            const member = await newMember(b!);
            const res = await fetch(`${b!.base}/api/events`, { headers: { cookie: member.cookie } });
            expect(res.status).toBe(200);
            const reader = res.body!.getReader();
            const decoder = new TextDecoder();
            let text = '';
            const ended = (async () => {
              for (;;) {
                const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
                if (chunk.done) return;
                text += decoder.decode(chunk.value, { stream: true });
              }
            })();
            await expect.poll(() => text.includes('event: balance')).toBe(true);
            const exited = new Promise<number | null>((resolve) =>
              b!.child.once('exit', (code) => resolve(code)),
            );
            b!.child.kill('SIGTERM');
            await ended;
            // The stream's last words are the retry hint: the browser reconnects to another instance.
            expect(text.trimEnd().endsWith('retry: 3000')).toBe(true);
            expect(await exited).toBe(0);
            b = undefined;
          },
        );
      });
    }
  },
);

/** A fresh database's URL on the PostgreSQL server of DATABASE_URL (the test database's own name). */
async function urlOf(database: TestDatabase): Promise<string> {
  const url = new URL(process.env.DATABASE_URL!);
  const { name } = await database.db
    .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
    .executeTakeFirstOrThrow();
  url.pathname = `/${name}`;
  return url.toString();
}

interface Upstream {
  instance: Instance | undefined;
  /** What the balancer's last health check of it said (`GET /readyz` answered 200). */
  ready: boolean;
}

/** What one request through the balancer came to. */
interface Passed {
  status: number;
  body: JsonBody;
  /** Connections refused before anything was sent, tried on the other instance. */
  refused: number;
}

/**
 * A load balancer with health checks (Kubernetes, HAProxy, Traefik; `GET /readyz` every 100 ms,
 * docs/operations.md "Shutdown"), and nginx's retry rule (deploy/nginx/nginx.conf,
 * `proxy_next_upstream error timeout http_502 http_503`), over keep-alive connections: the ready
 * instances in turn; a request whose connection is refused (nothing sent) goes to the next
 * instance; member calls are POSTs, which are never sent twice once they reached an instance, so
 * any other failure (a reset after sending, a 502 or 503) reaches the client.
 */
function createBalancer(upstreams: Upstream[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let turn = 0;
  /** Every answer of the health checks that said an instance was shutting down. */
  const shuttingDown: JsonBody[] = [];
  let checking = true;
  const checker = (async () => {
    while (checking) {
      await Promise.all(
        upstreams.map(async (u) => {
          if (!u.instance) return void (u.ready = false);
          try {
            const res = await fetch(`${u.instance.base}/readyz`, { headers: { connection: 'close' } });
            const body = (await res.json()) as JsonBody;
            if (body.checks?.shuttingDown) shuttingDown.push(body);
            u.ready = res.status === 200;
          } catch {
            u.ready = false;
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  async function once(
    base: string,
    url: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: JsonBody } | 'refused'> {
    const target = new URL(url, base);
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        target,
        {
          method: 'POST',
          agent,
          headers: {
            origin: base,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as JsonBody });
            } catch {
              resolve({ status: res.statusCode ?? 0, body: { status: 'not json', text } as JsonBody });
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error),
      );
      req.end(payload);
    });
  }
  return {
    async post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Passed> {
      let refused = 0;
      for (let tries = 0; tries < 40; tries++) {
        const ready = upstreams.filter((u) => u.instance && u.ready);
        const live = ready.length > 0 ? ready : upstreams.filter((u) => u.instance);
        const upstream = live[turn++ % Math.max(1, live.length)];
        if (!upstream?.instance) {
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        const answer = await once(upstream.instance.base, url, body, headers);
        if (answer !== 'refused') return { ...answer, refused };
        refused += 1;
      }
      throw new Error(`${url}: no instance took the connection in 40 tries`);
    },
    shuttingDown,
    async close() {
      checking = false;
      await checker;
      agent.destroy();
    },
  };
}

/** SIGTERM, and the exit code once the process is gone. */
async function terminate(instance: Instance): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) =>
    instance.child.once('exit', (code) => resolve(code)),
  );
  instance.child.kill('SIGTERM');
  return exited;
}

describe.skipIf(!onPostgres)(
  `a rolling restart of two instances under load [${onPostgres ? 'running' : reason}]`,
  () => {
    let database: TestDatabase;
    let url = '';
    const upstreams: Upstream[] = [
      { instance: undefined, ready: false },
      { instance: undefined, ready: false },
    ];

    beforeAll(async () => {
      database = await createTestDatabase();
      url = await urlOf(database);
      await ensureRegCode({ db: database.db } as never, TEST_REG_CODE);
      const [a, b] = await Promise.all([startInstance(url, {}), startInstance(url, {})]);
      upstreams[0]!.instance = a;
      upstreams[1]!.instance = b;
      upstreams[0]!.ready = upstreams[1]!.ready = true;
    }, 200_000);
    afterAll(async () => {
      await Promise.all(upstreams.map((u) => kill(u.instance)));
      await database?.close();
    });

    it(
      'each instance restarted with SIGTERM in turn: no member call fails, nothing is lost or doubled',
      { timeout: 240_000 },
      async () => {
        const balancer = createBalancer(upstreams);
        const a = upstreams[0]!.instance!;
        const login = await post(a.base, '/api/backoffice/login', {
          operatorId: 'admin',
          password: ADMIN_PASSWORD,
        });
        const owner = login.cookie!;
        const members: { userId: string; cookie: string }[] = [];
        for (let i = 0; i < 4; i++) {
          const input = uniqueMemberInput();
          expect((await post(a.base, '/api/routes/user-register', { ...input, agree18: true })).body).toEqual(
            {
              status: 'success',
            },
          );
          const signIn = await post(a.base, '/api/routes/user-do-login', {
            userId: input.userId,
            password: input.password,
          });
          const userId = input.userId.toLowerCase();
          const credited = await post(
            a.base,
            `/api/backoffice/members/${userId}/adjust`,
            { amount: 50_000_000, reason: 'float', kind: 'point' },
            { cookie: owner, 'idempotency-key': `rolling-float-${userId}` },
          );
          expect(credited.body).toEqual({ status: 'success' });
          members.push({ userId, cookie: signIn.cookie! });
        }

        // Steady load through the balancer: each member converts comp (money, with its key) and
        // polls its health check, one request after the other.
        const failures: string[] = [];
        const keys = new Map<string, string[]>();
        let answered = 0;
        let refused = 0;
        let stop = false;
        const worker = async (m: (typeof members)[number], w: number) => {
          const mine: string[] = [];
          keys.set(m.userId, mine);
          for (let n = 0; !stop; n++) {
            const key = `rolling-${w}-${n}`;
            try {
              const converted = await balancer.post(
                '/api/routes/roll-to-balance',
                { amount: CONVERT },
                { cookie: m.cookie, 'idempotency-key': key },
              );
              refused += converted.refused;
              if (converted.status === 200 && converted.body.status === 'success') mine.push(key);
              else failures.push(`${key}: ${converted.status} ${JSON.stringify(converted.body)}`);
              const health = await balancer.post('/api/routes/user-health-check', {}, { cookie: m.cookie });
              refused += health.refused;
              if (health.status !== 200 || health.body.status !== 'success')
                failures.push(`health ${w}-${n}: ${health.status} ${JSON.stringify(health.body)}`);
              answered += 2;
            } catch (error) {
              failures.push(`${key}: ${(error as Error).message}`);
            }
          }
        };
        const running = members.map((m, w) => worker(m, w));
        const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

        // One instance after the other: SIGTERM, gone, a new process in its place.
        for (const upstream of upstreams) {
          await pause(1_500);
          const old = upstream.instance!;
          const code = await terminate(old);
          expect(code).toBe(0);
          upstream.instance = undefined;
          upstream.instance = await startInstance(url, {});
          upstream.ready = true;
        }
        await pause(1_500);
        stop = true;
        await Promise.all(running);
        await balancer.close();
        // Each instance said it was shutting down as soon as it got the signal (then it was gone).
        expect(balancer.shuttingDown.length).toBeGreaterThanOrEqual(2);
        expect(balancer.shuttingDown[0]).toEqual({
          status: 'error',
          checks: { database: true, migrations: true, shuttingDown: true },
        });
        console.info(
          `[rolling restart] ${answered} member calls answered, ${refused} refused connections tried again elsewhere, ${failures.length} failed`,
        );

        expect(failures).toEqual([]);
        expect(answered).toBeGreaterThan(100);
        // Every acknowledged conversion moved money once; each member's comp went down by exactly those.
        const db = database.db;
        const ledger = createLedgerService({ db });
        expect((await ledger.checkInvariants()).violations).toEqual([]);
        for (const m of members) {
          const acked = keys.get(m.userId)!;
          const rows = await db
            .selectFrom('transfers')
            .select('idempotency_key')
            .where('idempotency_key', 'like', `roll:%:rolling-%`)
            .execute();
          const mine = rows.filter((r) => acked.some((k) => r.idempotency_key.endsWith(`:${k}`)));
          expect(mine.length).toBe(acked.length);
          const health = await post(
            upstreams[0]!.instance!.base,
            '/api/routes/user-health-check',
            {},
            { cookie: m.cookie },
          );
          expect(health.body.user.rolling).toBe(50_000_000 - acked.length * CONVERT);
          expect(health.body.user.balance).toBe(acked.length * CONVERT);
        }
      },
    );
  },
);
