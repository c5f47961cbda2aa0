/**
 * Event streams (issue 24, docs/api/events.md): what thousands of idle member streams cost one
 * instance, and how soon an event reaches them.
 *
 * The real server runs as a child process on a fresh database (PostgreSQL with DATABASE_URL, else
 * the embedded one). Memory: the server's resident memory above idle with STREAMS open member
 * streams, beside a baseline of the same number of idle keep-alive connections that asked for a
 * page of the same server (the connection's own cost, which every long poll or socket pays too);
 * the ratio and the stream's own share per stream are printed. Latency: one member's note count
 * changes (`read-all-note`) and the time until each of that member's streams has the `note` event,
 * beside the time of the call that caused it, over ROUNDS rounds.
 *
 *   node bench/streams.ts                  # STREAMS=10000 MEMBERS=100 ROUNDS=50
 *   DATABASE_URL=postgres://... node bench/streams.ts
 */
import { connect, type Socket } from 'node:net';
import {
  createBenchDatabase,
  createEmbeddedBenchDatabase,
  positiveInt,
  rssMiB,
  seedSignedInMembers,
  startServer,
} from './http-fixture.ts';

const STREAMS = positiveInt('STREAMS', 10_000);
const MEMBERS = positiveInt('MEMBERS', 100);
const ROUNDS = positiveInt('ROUNDS', 50);

const database = process.env.DATABASE_URL
  ? await createBenchDatabase(process.env.DATABASE_URL, 'streams')
  : createEmbeddedBenchDatabase('streams');
console.log(`streams bench on ${database.label}: ${STREAMS} streams of ${MEMBERS} members, ${ROUNDS} rounds`);

const members = await seedSignedInMembers(database, MEMBERS);
const server = await startServer(database, { env: { LOG_LEVEL: 'warn' } });
const { hostname, port } = new URL(server.url);

/** Opens one raw connection and sends `request`; `onData` sees what comes back. */
function open(request: string, onData: (text: string) => void = () => {}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(request);
      resolve(socket);
    });
    socket.setEncoding('utf8');
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

async function openMany(count: number, make: (i: number) => Promise<Socket>): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += 200)
    sockets.push(
      ...(await Promise.all(Array.from({ length: Math.min(200, count - start) }, (_, k) => make(start + k)))),
    );
  return sockets;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));
const gc = async () => {
  // The server's heap settles between phases; its RSS is read after a pause.
  await settle();
};

await gc();
const idle = rssMiB(server.pid);

// Baseline: the same number of idle keep-alive connections, each having asked for a small answer.
const plain = await openMany(STREAMS, () =>
  open(`GET /livez HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`),
);
await gc();
const withConnections = rssMiB(server.pid);
for (const socket of plain) socket.destroy();
await gc();
const afterConnections = rssMiB(server.pid);

// Measured: member streams, each on its own connection.
const arrivals = new Map<number, number[]>();
let round = 0;
const streams = await openMany(STREAMS, (i) => {
  const member = members[i % MEMBERS]!;
  return open(
    `GET /api/events HTTP/1.1\r\nHost: ${hostname}\r\nCookie: ${member.cookie}\r\nAccept: text/event-stream\r\n\r\n`,
    (text) => {
      if (member !== members[0] || !text.includes('event: note')) return;
      const list = arrivals.get(round) ?? [];
      list.push(performance.now());
      arrivals.set(round, list);
    },
  );
});
await gc();
const withStreams = rssMiB(server.pid);

// Latency: member 0's note count changes; every one of its streams must hear it.
const perMember = Math.ceil(STREAMS / MEMBERS);
const member0 = members[0]!;
const callMs: number[] = [];
const eventMs: number[] = [];
for (round = 1; round <= ROUNDS; round++) {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/routes/read-all-note`, {
    method: 'POST',
    headers: { cookie: member0.cookie, origin: server.url, 'content-type': 'application/json' },
    body: '{}',
  });
  await res.arrayBuffer();
  callMs.push(performance.now() - started);
  const deadline = performance.now() + 5_000;
  while ((arrivals.get(round)?.length ?? 0) < perMember && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 2));
  const got = arrivals.get(round) ?? [];
  if (got.length < perMember)
    throw new Error(`round ${round}: ${got.length} of ${perMember} streams heard the event`);
  eventMs.push(Math.max(...got) - started);
}
for (const socket of streams) socket.destroy();

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const connectionsMiB = withConnections - idle;
const streamsMiB = withStreams - afterConnections;
console.log(`server idle: ${idle.toFixed(1)} MiB resident`);
console.log(
  `baseline: ${STREAMS} idle keep-alive connections: +${connectionsMiB.toFixed(1)} MiB (${((connectionsMiB * 1024) / STREAMS).toFixed(2)} KiB each)`,
);
console.log(
  `measured: ${STREAMS} idle member streams: +${streamsMiB.toFixed(1)} MiB (${((streamsMiB * 1024) / STREAMS).toFixed(2)} KiB each), ` +
    `the stream's own share ${(((streamsMiB - connectionsMiB) * 1024) / STREAMS).toFixed(2)} KiB each`,
);
console.log(
  `ratio streams / connections (memory): ${(streamsMiB / Math.max(connectionsMiB, 0.1)).toFixed(2)}`,
);
console.log(
  `event to all ${perMember} streams of a member: p50 ${quantile(eventMs, 0.5).toFixed(1)} ms, p99 ${quantile(eventMs, 0.99).toFixed(1)} ms ` +
    `(the call that caused it: p50 ${quantile(callMs, 0.5).toFixed(1)} ms, p99 ${quantile(callMs, 0.99).toFixed(1)} ms; ` +
    `ratio ${(quantile(eventMs, 0.5) / quantile(callMs, 0.5)).toFixed(2)} at p50)`,
);
console.log(`budget: 10,000 idle member streams under 200 MB above idle; an event within 100 ms at p99`);

await server.stop();
await database.drop();
