import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OPERATOR_ROLES } from './backoffice.ts';
import { OPERATOR_PERMISSIONS, rolesOf } from './backoffice-permissions.ts';
import {
  BACKOFFICE_API_PREFIX,
  BACKOFFICE_METHODS,
  CSV_ANSWER,
  EVENT_STREAM_ANSWER,
} from './backoffice-route.ts';
import { BACKOFFICE_ROUTE_NAMES, BACKOFFICE_ROUTES, backofficePath } from './backoffice-routes.ts';

describe('the back-office route table', () => {
  it('names each method and path once, under the back-office prefix', () => {
    const seen = new Set<string>();
    for (const name of BACKOFFICE_ROUTE_NAMES) {
      const route = BACKOFFICE_ROUTES[name];
      expect(BACKOFFICE_METHODS, name).toContain(route.method);
      expect(route.path.startsWith(`${BACKOFFICE_API_PREFIX}/`), name).toBe(true);
      const key = `${route.method} ${route.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it("gives every :param of a path, and nothing else, in the route's params schema", () => {
    for (const name of BACKOFFICE_ROUTE_NAMES) {
      const route = BACKOFFICE_ROUTES[name];
      const inPath = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
      const schema = 'params' in route ? route.params : undefined;
      const inSchema = schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
      expect(inSchema, name).toEqual(inPath);
    }
  });

  it('needs a permission of the permission table (or every role), and answers JSON, a CSV file or an event stream', () => {
    for (const name of BACKOFFICE_ROUTE_NAMES) {
      const route = BACKOFFICE_ROUTES[name];
      if (route.permission !== null)
        expect(Object.keys(OPERATOR_PERMISSIONS), name).toContain(route.permission);
      const special = route.response === CSV_ANSWER || route.response === EVENT_STREAM_ANSWER;
      if (!special) expect(route.response, name).toBeInstanceOf(z.ZodType);
      // A body is JSON; a CSV or a stream answers a GET without a body; an upload has no JSON body.
      if (special) expect([route.method, 'body' in route], name).toEqual(['GET', false]);
      if ('upload' in route) expect('body' in route, name).toBe(false);
    }
    // Only sign-in and sign-out are open without a session.
    expect(BACKOFFICE_ROUTE_NAMES.filter((name) => 'auth' in BACKOFFICE_ROUTES[name])).toEqual([
      'session.login',
      'session.logout',
    ]);
  });

  it('lets owners do everything, and every role reach its own account', () => {
    for (const permission of Object.keys(OPERATOR_PERMISSIONS) as (keyof typeof OPERATOR_PERMISSIONS)[])
      expect(rolesOf(permission)).toContain('owner');
    expect(rolesOf(BACKOFFICE_ROUTES['account.get'].permission)).toEqual([...OPERATOR_ROLES]);
  });

  it('fills a path with its params, each encoded as one segment', () => {
    expect(backofficePath(BACKOFFICE_ROUTES['games.update'].path, { provider: 'house', code: 'a/b c' })).toBe(
      '/api/backoffice/games/house/a%2Fb%20c',
    );
    expect(() => backofficePath(BACKOFFICE_ROUTES['games.update'].path, { provider: 'house' })).toThrow();
  });
});
