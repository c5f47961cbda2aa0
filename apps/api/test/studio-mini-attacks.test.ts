import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStudio } from '@casino/studio';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * The house studio's public mini-game routes (`/studio/api/mini/<game>/chain|rounds|current`,
 * docs/api/studio-mini.md) attacked from outside, on the platform's server as `main.ts` mounts
 * them: NUL and lone surrogates, percent-encoded and traversing paths, wrong types and arrays in
 * the query, huge query strings, parallel requests. No answer is a 5xx, each error has its
 * contract's shape, and nothing of the studio's rounds changes.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      extend: async (app, db) => {
        await registerStudio(app, {
          db,
          studioKey: randomBytes(32),
          platformUrl: 'http://127.0.0.1:9',
          now: () => new Date(),
          recoveryIntervalMs: 0,
          miniTickMs: 0,
          instanceId: 'attacks',
          miniChainLength: 20,
        });
      },
    },
  );
});

afterAll(async () => {
  await t?.close();
});

/** The studio's mini tables, whole: a GET must change none of them. */
async function digest(): Promise<string> {
  // The studio's tables are not in the platform's typed schema: read as rows of text.
  const rows = await Promise.all(
    ['studio_mini_rounds', 'studio_mini_chains'].map((table) =>
      sql<{ row: string }>`select x::text as row from ${sql.table(table)} x order by 1`
        .execute(t.db)
        .then((r) => r.rows.map((x) => x.row).join('\n')),
    ),
  );
  return rows.join('|');
}

const GAMES = ['powerball', 'ladder'] as const;
const ROUTES = ['chain', 'rounds', 'current'] as const;

/** An error must have the studio's shape `{status:"error", code}`, whoever refused the request. */
function expectErrorShape(status: number, body: unknown, where: string) {
  expect(status, where).toBeLessThan(500);
  if (status < 400) return;
  expect(body, where).toEqual({
    status: 'error',
    code: status === 404 ? 'not_found' : status === 400 ? 'bad_request' : expect.any(String),
  });
}

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body };
}

describe('the studio mini-games public routes under attack', () => {
  it('answer the known games and 404 not_found for any other game name', async () => {
    for (const game of GAMES) {
      const current = await get(`/studio/api/mini/${game}/current`);
      expect(current.status).toBe(200);
    }
    // A percent-encoded name is the name (`power%62all` is powerball).
    expect((await get('/studio/api/mini/power%62all/current')).status).toBe(200);
    for (const name of ['POWERBALL', 'powerball%00', '%2e%2e', 'constructor', '__proto__', 'x'.repeat(2_000)])
      for (const route of ROUTES) {
        const res = await get(`/studio/api/mini/${name}/${route}`);
        expect([400, 404], `${name} ${route}`).toContain(res.status);
        expectErrorShape(res.status, res.body, `${name} ${route}`);
      }
  });

  it('refuse NUL and lone surrogates in the path and the query with the error shape, changing nothing', async () => {
    const before = await digest();
    for (const route of ROUTES) {
      for (const bad of ['%00', '%ED%A0%80', 'ab%00cd', '%C0%80']) {
        const inPath = await get(`/studio/api/mini/${bad}/${route}`);
        expect([400, 404]).toContain(inPath.status);
        expectErrorShape(inPath.status, inPath.body, `path ${bad} ${route}`);
        for (const key of ['round', 'limit', 'before', bad]) {
          const res = await get(`/studio/api/mini/powerball/${route}?${key}=${bad}`);
          expectErrorShape(res.status, res.body, `query ${key}=${bad} ${route}`);
        }
      }
    }
    expect(await digest()).toBe(before);
  });

  it('refuse malformed numbers, arrays and huge values in the query as bad_request', async () => {
    for (const q of [
      'limit=0',
      'limit=101',
      'limit=-1',
      'limit=1.5',
      'limit=1e2',
      'limit=%201',
      'limit=abc',
      'limit=1&limit=2',
      `before=${'9'.repeat(30)}`,
      'before=0',
      `before=${'1'.repeat(5_000)}`,
    ]) {
      const res = await get(`/studio/api/mini/powerball/rounds?${q}`);
      expect(res.status, q).toBe(400);
      expectErrorShape(res.status, res.body, q);
    }
    for (const q of ['round=0', 'round=x', 'round=1&round=2', `round=${'9'.repeat(17)}`]) {
      const res = await get(`/studio/api/mini/ladder/chain?${q}`);
      expect(res.status, q).toBe(400);
      expectErrorShape(res.status, res.body, q);
    }
  });

  it('refuse a query key the route does not name with bad_request, as the platform does', async () => {
    const known: Record<(typeof ROUTES)[number], string[]> = {
      chain: ['round=1'],
      rounds: ['limit=5', 'before=3', 'limit=5&before=3'],
      current: [],
    };
    for (const route of ROUTES) {
      // A named key passes (the chain may be 404 not_found before the game's first chain).
      for (const q of known[route]) {
        const res = await get(`/studio/api/mini/powerball/${route}?${q}`);
        expect([200, 404], `${route}?${q}`).toContain(res.status);
      }
      for (const q of [
        'x=1',
        'LIMIT=5',
        'round[]=1',
        'constructor=1',
        '__proto__=1',
        'callback=f',
        'limit=5&x=',
      ]) {
        if (known[route].some((k) => k.startsWith(q.split('=')[0]!))) continue;
        const res = await get(`/studio/api/mini/ladder/${route}?${q}`);
        expect([res.status, res.body], `${route}?${q}`).toEqual([
          400,
          { status: 'error', code: 'bad_request' },
        ]);
      }
    }
    // The event stream too, before it opens (a refused stream holds no connection).
    const events = await get('/studio/api/mini/powerball/events?since=1');
    expect([events.status, events.body]).toEqual([400, { status: 'error', code: 'bad_request' }]);
  });

  it('answer an unknown route of the studio API with its not_found', async () => {
    for (const url of [
      '/studio/api/mini/powerball/nothing',
      '/studio/api/mini',
      '/studio/api/mini/%ED%A0%80',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toEqual({ status: 'error', code: 'not_found' });
    }
  });

  it('never answer 5xx to random paths and query strings', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('\u0000', '\ud800', '\udfff', '../', '%', '%zz', '1', '-1', '99999999999999999999'),
    );
    const seg = (v: string) => {
      try {
        return encodeURIComponent(v);
      } catch {
        return '%ED%A0%80';
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...GAMES), text),
        fc.constantFrom(...ROUTES),
        fc.dictionary(fc.constantFrom('round', 'limit', 'before', 'x'), text, { maxKeys: 3 }),
        async (game, route, query) => {
          const search = Object.entries(query)
            .map(([k, v]) => `${k}=${seg(v)}`)
            .join('&');
          const url = `/studio/api/mini/${seg(game)}/${route}${search ? `?${search}` : ''}`;
          const res = await get(url);
          expectErrorShape(res.status, res.body, url);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answer 40 parallel reads alike', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => get('/studio/api/mini/powerball/rounds?limit=5')),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
  });
});
