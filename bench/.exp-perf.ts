import { spawn } from 'node:child_process';
import { createBenchDatabase, load, seedSignedInMembers, startServer } from './http-fixture.ts';
const database = await createBenchDatabase(process.env.DATABASE_URL!, 'bench_exp');
try {
  const cookies = await seedSignedInMembers(database.url, 10);
  const server = await startServer(database.url, {
    nodeArgs: ['--perf-basic-prof-only-functions', '--interpreted-frames-native-stack'],
  });
  const path = process.env.EXP_PATH ?? '/';
  const isPost = path.startsWith('/api/');
  const target = {
    name: 'x',
    url: `${server.url}${path}`,
    method: (isPost ? 'POST' : 'GET') as 'POST' | 'GET',
    headers: isPost ? { 'content-type': 'application/json', origin: server.url } : { accept: 'text/html' },
    ...(isPost ? { body: '{}', cookies } : {}),
  };
  await load(target, { connections: 100, seconds: 3 });
  const perf = spawn(
    'perf',
    ['record', '-e', 'cpu-clock', '-F', '2999', '-g', '-o', '/tmp/exp/perf.data', '-p', String(server.pid)],
    { stdio: 'ignore' },
  );
  await new Promise((r) => setTimeout(r, 300));
  const r = await load(target, { connections: 100, seconds: 6 });
  perf.kill('SIGINT');
  await new Promise((r) => perf.once('exit', r));
  console.log('rps', r.rps);
  await server.stop();
} finally {
  await database.drop();
}
