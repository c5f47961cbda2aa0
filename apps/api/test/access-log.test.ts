import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { FrontDoor } from '@casino/static-files/front';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { createServices } from '../src/services.ts';
import { createTestDatabase, SAME_ORIGIN, type TestDatabase } from './harness.ts';

// Issue 9: one access line per request; the health poll and static files only at debug.

interface Line {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  statusCode?: number;
}

const INFO = 30;
const DEBUG = 20;

let database: TestDatabase;
const apps: FastifyInstance[] = [];
/** A built portal of one page. */
let dist: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dist = mkdtempSync(path.join(tmpdir(), 'access-log-portal-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function appLoggingAt(
  level: 'info' | 'debug',
  front?: FrontDoor,
): Promise<{ app: FastifyInstance; lines: Line[] }> {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const services = createServices({
    secretsKey: randomBytes(32),
    config: loadConfig({ SEED_DEMO: 'false', ...(front ? { PORTAL_DIST: dist } : {}) }),
    db: database.db,
    dbKind: database.kind,
  });
  const app = await buildApp({
    services,
    loggerInstance: pino({ level }, stream),
    ...(front ? { front } : {}),
  });
  await app.ready();
  apps.push(app);
  return { app, lines };
}

const call = (app: FastifyInstance, name: string) =>
  app.inject({
    method: 'POST',
    url: `/api/routes/${name}`,
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
    payload: '{}',
  });

describe('access log', () => {
  it('writes one line per request at info, and the polls only at debug', async () => {
    const { app, lines } = await appLoggingAt('info');
    await call(app, 'get-cashier-status');
    await call(app, 'user-health-check');
    await call(app, 'get-banks');
    await call(app, 'no-such-call');
    const access = lines.filter((l) => l.msg === 'request');
    expect(access.map((l) => [l.level, l.url, l.statusCode])).toEqual([
      [INFO, '/api/routes/get-cashier-status', 200],
      [INFO, '/api/routes/no-such-call', 400],
    ]);
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('writes the polls and the static site at debug, other API calls at info', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await call(app, 'user-health-check');
    await call(app, 'get-banks');
    await app.inject({ method: 'GET', url: '/assets/missing-file.js' });
    await app.inject({ method: 'GET', url: '/ko/deposit' });
    await app.inject({ method: 'GET', url: '/api/auth/session' });
    const access = lines.filter((l) => l.msg === 'request');
    expect(access.map((l) => [l.level, l.url])).toEqual([
      [DEBUG, '/api/routes/user-health-check'],
      [DEBUG, '/api/routes/get-banks'],
      [DEBUG, '/assets/missing-file.js'],
      [DEBUG, '/ko/deposit'],
      [INFO, '/api/auth/session'],
    ]);
  });

  it('leaves the static answers to Fastify at debug, so they are logged; at info the front door answers them', async () => {
    for (const level of ['debug', 'info'] as const) {
      const front = new FrontDoor();
      const { app, lines } = await appLoggingAt(level, front);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) =>
        httpGet(`http://127.0.0.1:${port}/en/deposit`, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        }).on('error', reject),
      );
      expect(status).toBe(200);
      const access = lines.filter((l) => l.msg === 'request').map((l) => [l.level, l.url]);
      if (level === 'debug') {
        expect(front.served).toBe(0);
        expect(access).toEqual([[DEBUG, '/en/deposit']]);
      } else {
        expect(front.served).toBe(1);
        expect(access).toEqual([]);
      }
    }
  });
});
