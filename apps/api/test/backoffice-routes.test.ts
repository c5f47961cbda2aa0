import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES } from '@casino/contracts/backoffice';
import { rolesOf } from '@casino/contracts/backoffice-permissions';
import { BACKOFFICE_API_PREFIX, EVENT_STREAM_ANSWER } from '@casino/contracts/backoffice-route';
import { BACKOFFICE_ROUTE_NAMES, BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { SAME_ORIGIN } from './harness.ts';
import { createOperator, fileTestApp, type TestOperator } from './factories.ts';

/**
 * The server against the contracts' route table (the console's typed client is made from the same
 * table): every entry is registered, no back-office route is registered outside it, and each route
 * answers 403 `denied` to exactly the roles its entry's permission leaves out.
 */

const t = await fileTestApp();
const operators = new Map<string, TestOperator>();

beforeAll(async () => {
  for (const role of OPERATOR_ROLES) operators.set(role, await createOperator(t, role));
});

/** Every `METHOD path` the server registered, read from Fastify's route tree. */
function registeredRoutes(): string[] {
  const tree = t.app.printRoutes({ commonPrefix: false });
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/u.exec(line);
    if (!match) continue;
    // Each level of the tree is indented by four characters ("│   " or "    ").
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? paths[depth - 1]! : '') + match[2]!;
    paths[depth] = path;
    paths.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

/** A path of the entry with a value in every `:param` (what the values are does not matter before the role check). */
function samplePath(path: string): string {
  return path.replace(/:[A-Za-z]+/g, '1');
}

describe('the back-office route table', () => {
  it('is registered entry by entry, and no back-office route exists outside it', () => {
    const listed = BACKOFFICE_ROUTE_NAMES.map((name) => {
      const entry = BACKOFFICE_ROUTES[name];
      expect(t.app.hasRoute({ method: entry.method, url: entry.path }), name).toBe(true);
      return `${entry.method} ${entry.path}`;
    });
    const backoffice = registeredRoutes().filter((route) =>
      route.split(' ')[1]!.startsWith(`${BACKOFFICE_API_PREFIX}/`),
    );
    expect(backoffice.length).toBeGreaterThan(0);
    expect([...backoffice].sort()).toEqual([...listed].sort());
  });

  it('answers 401 without a session to every route but sign-in and sign-out', async () => {
    for (const name of BACKOFFICE_ROUTE_NAMES) {
      const entry = BACKOFFICE_ROUTES[name];
      if ('auth' in entry) continue;
      const res = await t.app.inject({
        method: entry.method,
        url: samplePath(entry.path),
        headers: {
          ...SAME_ORIGIN,
          ...(entry.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        ...(entry.method === 'GET' ? {} : { payload: '{}' }),
      });
      expect(res.statusCode, name).toBe(401);
    }
  });

  it('refuses exactly the roles the entry leaves out (403 denied) and lets its roles through', async () => {
    for (const name of BACKOFFICE_ROUTE_NAMES) {
      const entry = BACKOFFICE_ROUTES[name];
      if ('auth' in entry) continue;
      const allowed = rolesOf(entry.permission);
      for (const role of OPERATOR_ROLES) {
        if (entry.response === EVENT_STREAM_ANSWER) {
          // A stream never ends: its head says whether it opened, then it is dropped.
          const res = await t.app.inject({
            method: entry.method,
            url: samplePath(entry.path),
            headers: { ...SAME_ORIGIN, cookie: operators.get(role)!.cookie },
            payloadAsStream: true,
          });
          const stream = res.stream();
          if (res.statusCode === 200) {
            expect(res.headers['content-type'], `${name} as ${role}`).toContain('text/event-stream');
            stream.destroy();
            expect(allowed, `${name} as ${role}: opened`).toContain(role);
          } else {
            let body = '';
            for await (const chunk of stream) body += String(chunk);
            expect(res.statusCode, `${name} as ${role}: ${body}`).toBe(403);
            expect(allowed, `${name} as ${role}: denied`).not.toContain(role);
          }
          continue;
        }
        const res = await t.app.inject({
          method: entry.method,
          url: samplePath(entry.path),
          headers: {
            ...SAME_ORIGIN,
            cookie: operators.get(role)!.cookie,
            ...(entry.method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          ...(entry.method === 'GET' ? {} : { payload: '{}' }),
        });
        const denied =
          res.statusCode === 403 && (JSON.parse(res.body) as { status?: string }).status === 'denied';
        expect(denied, `${name} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(
          !allowed.includes(role),
        );
      }
    }
  });
});
