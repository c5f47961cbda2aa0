/**
 * Memory of image uploads (issue 22): the real server on PostgreSQL, one operator of the `content`
 * role, and six uploads sent at once (`POST /api/backoffice/media`), each of big pictures that are
 * small files: 7000 x 7000 JPEGs, 7071 x 7071 PNG "bombs" (RGBA, interlaced), 6000 x 4000 PNGs
 * (a camera's picture) and 5000 x 5000 bombs (the most pixels an upload may have). Each phase runs on a fresh server process: its RSS idle (the baseline), its
 * peak while the uploads run (sampled every 20 ms), and after BENCH_SETTLE_SECONDS idle, printed
 * against the baseline with the answers the uploads got. See bench/README.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/media.ts
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import sharp from 'sharp';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { createSessionService } from '../apps/api/src/modules/auth/session.service.ts';
import { createBenchDatabase, positiveInt, requireDatabaseUrl, rssMiB, startServer } from './http-fixture.ts';

const adminUrl = requireDatabaseUrl('bench/media.ts');
const PARALLEL = positiveInt('BENCH_PARALLEL', 6);
const SETTLE_SECONDS = positiveInt('BENCH_SETTLE_SECONDS', 15);
const SAMPLE_MS = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (n: number) => `${n.toFixed(0)} MiB`;

interface Phase {
  name: string;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  /** PNG only: RGBA and interlaced (Adam7), which libpng can only decode whole. */
  bomb?: boolean;
}

const PHASES: Phase[] = [
  { name: 'JPEG 7000x7000', contentType: 'image/jpeg', width: 7000, height: 7000 },
  { name: 'PNG bomb 7071x7071', contentType: 'image/png', width: 7071, height: 7071, bomb: true },
  { name: 'PNG 6000x4000', contentType: 'image/png', width: 6000, height: 4000 },
  // The worst picture still accepted: a bomb of exactly MEDIA_MAX_INPUT_PIXELS.
  { name: 'PNG bomb 5000x5000', contentType: 'image/png', width: 5000, height: 5000, bomb: true },
];

/**
 * `count` different pictures (a flat colour each, so the file stays small however many pixels it
 * has, as an attacker's would; different bytes, so no upload is the same image as another).
 */
async function pictures(phase: Phase, count: number, run: string): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const seed = Number.parseInt(run, 16) + i * 37;
      const image = sharp({
        create: {
          width: phase.width,
          height: phase.height,
          channels: phase.bomb ? 4 : 3,
          background: { r: seed % 256, g: (seed >> 8) % 256, b: (i * 41) % 256, alpha: 0.5 },
        },
      });
      return phase.contentType === 'image/jpeg'
        ? image.jpeg({ quality: 80 }).toBuffer()
        : image.png({ compressionLevel: 9, progressive: phase.bomb === true }).toBuffer();
    }),
  );
}

/** An operator of the `content` role with a live back-office session: its `bo_sid` cookie. */
async function seedOperator(databaseUrl: string): Promise<string> {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    const operator = await database.db
      .insertInto('operators')
      .values({
        operator_id: `bench${randomBytes(3).toString('hex')}`,
        password_hash: await hashPassword(randomBytes(16).toString('hex')),
        role: 'content',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sessions = createSessionService({
      db: database.db,
      idleMs: 3_600_000,
      absoluteMs: 12 * 3_600_000,
      now: () => new Date(),
    });
    const { token } = await sessions.create('operator', operator.id, { ip: '127.0.0.1', userAgent: 'bench' });
    return `bo_sid=${token}`;
  } finally {
    await database.close();
  }
}

interface Answer {
  status: number;
  /** `success`, or the error's status and first code (`invalid max`, `too_many`). */
  outcome: string;
  ms: number;
}

async function upload(url: string, cookie: string, contentType: string, body: Buffer): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${url}/api/backoffice/media`, {
    method: 'POST',
    headers: { 'content-type': contentType, cookie, origin: url },
    body: new Uint8Array(body),
  });
  const answer = (await response.json()) as { status: string; errors?: { code: string }[] };
  const code = answer.errors?.[0]?.code;
  return {
    status: response.status,
    outcome: code ? `${answer.status} ${code}` : answer.status,
    ms: performance.now() - started,
  };
}

function summary(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers)
    counts.set(`${a.status} ${a.outcome}`, (counts.get(`${a.status} ${a.outcome}`) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n}x ${k}`).join(', ');
}

const database = await createBenchDatabase(adminUrl, 'bench_media');
let exitCode = 0;
try {
  console.log(
    `bench/media: PostgreSQL ${database.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${PARALLEL} uploads at once per phase, ${SETTLE_SECONDS} s idle after`,
  );
  const cookie = await seedOperator(database.url);
  const run = randomBytes(2).toString('hex');
  const rows: string[] = [];
  for (const phase of PHASES) {
    const bodies = await pictures(phase, PARALLEL, run);
    const sizes = bodies.map((b) => b.length / 1024);
    const server = await startServer(database.url);
    try {
      // The baseline: the idle server after its start has settled.
      await sleep(3000);
      const idle = rssMiB(server.pid);
      let peak = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMiB(server.pid));
      }, SAMPLE_MS);
      const started = performance.now();
      const answers = await Promise.all(
        bodies.map((body) => upload(server.url, cookie, phase.contentType, body)),
      );
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, rssMiB(server.pid));
      await sleep(SETTLE_SECONDS * 1000);
      const after = rssMiB(server.pid);
      if (answers.some((a) => a.status >= 500)) exitCode = 1;
      const slowest = Math.max(...answers.map((a) => a.ms));
      rows.push(
        `${phase.name.padEnd(20)} ${`${Math.min(...sizes).toFixed(0)}-${Math.max(...sizes).toFixed(0)} KiB`.padStart(14)} ` +
          `${mib(idle).padStart(9)} ${`${mib(peak)} (+${(peak - idle).toFixed(0)})`.padStart(16)} ` +
          `${`${mib(after)} (+${(after - idle).toFixed(0)})`.padStart(16)} ${`${seconds.toFixed(1)} s`.padStart(7)} ` +
          `${`${(slowest / 1000).toFixed(1)} s`.padStart(7)}  ${summary(answers)}`,
      );
      console.log(rows.at(-1));
    } finally {
      await server.stop();
    }
  }
  console.log(
    `\n${'phase'.padEnd(20)} ${'files'.padStart(14)} ${'idle'.padStart(9)} ${'peak (vs idle)'.padStart(16)} ` +
      `${`after ${SETTLE_SECONDS} s`.padStart(16)} ${'burst'.padStart(7)} ${'slowest'.padStart(7)}  answers`,
  );
  for (const row of rows) console.log(row);
} finally {
  await database.drop();
}
process.exit(exitCode);
