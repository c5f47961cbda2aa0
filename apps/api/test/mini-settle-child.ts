import Fastify from 'fastify';
import { registerStudio } from '@casino/studio';
import { openDatabase } from '../src/db/database.ts';

// A studio instance in a process of its own that settles the mini-games' due rounds and is killed
// (SIGKILL) by studio-mini-bets.test.ts in the middle: argv is the database URL, the platform's URL,
// the studio key (hex) and the test clock's offset from the real clock (ms).
const [databaseUrl, platformUrl, keyHex, offset] = process.argv.slice(2) as [string, string, string, string];
const handle = await openDatabase({ databaseUrl, poolSize: 4 });
const app = Fastify();
const studio = await registerStudio(app, {
  db: handle.db,
  studioKey: Buffer.from(keyHex, 'hex'),
  platformUrl,
  now: () => new Date(Date.now() + Number(offset)),
  recoveryIntervalMs: 0,
  miniTickMs: 0,
  instanceId: 'doomed',
});
await app.ready();
process.stdout.write('settling\n');
await studio.miniSettle();
process.stdout.write('settled\n');
await app.close();
await handle.close();
