// Whether `npm start` rebuilds a browser app (scripts/clients.mjs), on real files and folders in a
// temporary folder, and on the real apps' source lists. Fast: no build, no server.
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserClients, buildIsCurrent, newestMtime } from './clients.mjs';

const root = path.resolve(import.meta.dirname, '..');
let dir;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'casino-clients-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Writes a file (and its folders) whose modification time is `seconds` after the epoch. */
function file(relative, seconds) {
  const full = path.join(dir, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, relative);
  utimesSync(full, seconds, seconds);
  return full;
}

describe('newestMtime', () => {
  it("is a file's own modification time", () => {
    file('app/index.html', 1_000);
    expect(newestMtime(path.join(dir, 'app/index.html'))).toBe(1_000_000);
  });

  it('is the newest file under a folder, at any depth, without node_modules and dist', () => {
    file('app/src/a.ts', 1_000);
    file('app/src/deep/er/b.ts', 3_000);
    file('app/src/c.ts', 2_000);
    file('app/src/node_modules/x/index.js', 9_000);
    file('app/src/dist/index.js', 9_000);
    expect(newestMtime(path.join(dir, 'app/src'))).toBe(3_000_000);
  });

  it('is 0 for a source that does not exist', () => {
    expect(newestMtime(path.join(dir, 'missing'))).toBe(0);
  });
});

describe('buildIsCurrent', () => {
  const client = () => ({
    index: path.join(dir, 'app/dist/index.html'),
    sources: ['app/src', 'app/index.html', 'app/vite.config.ts', 'app/missing-folder'],
  });

  beforeEach(() => {
    file('app/src/main.ts', 1_000);
    file('app/src/pages/home.ts', 1_500);
    file('app/index.html', 1_200);
    file('app/vite.config.ts', 1_100);
  });

  it('is false while the build is missing', () => {
    expect(buildIsCurrent(client(), dir)).toBe(false);
  });

  it('is true when the build is newer than every source, files and folders alike', () => {
    file('app/dist/index.html', 2_000);
    expect(buildIsCurrent(client(), dir)).toBe(true);
  });

  it('is false when a source file named in the list is newer than the build', () => {
    file('app/dist/index.html', 2_000);
    file('app/index.html', 2_500);
    expect(buildIsCurrent(client(), dir)).toBe(false);
  });

  it('is false when a file deep in a source folder is newer than the build', () => {
    file('app/dist/index.html', 2_000);
    file('app/src/pages/home.ts', 2_001);
    expect(buildIsCurrent(client(), dir)).toBe(false);
  });
});

describe("the apps' source lists", () => {
  const clients = browserClients(root, {});

  it('name the portal, the game studio and the back office, each with sources that exist', () => {
    expect(clients.map((client) => client.name)).toEqual([
      'the portal',
      'the game studio',
      'the back office',
    ]);
    for (const client of clients)
      for (const source of client.sources) expect(existsSync(path.join(root, source)), source).toBe(true);
  });

  it('decide on the real sources (files among them) without throwing, as the second `npm start` does', () => {
    for (const client of clients) {
      expect(client.sources.length).toBeGreaterThan(0);
      // A build made now is newer than every source; one from 1970 is older than all of them.
      const fresh = { ...client, index: file(`${client.name}/fresh.html`, Date.now() / 1000 + 60) };
      const stale = { ...client, index: file(`${client.name}/stale.html`, 1) };
      expect(buildIsCurrent(fresh, root), client.name).toBe(true);
      expect(buildIsCurrent(stale, root), client.name).toBe(false);
    }
  });

  it('leave a build made elsewhere alone (PORTAL_DIST, STUDIO_DIST or STUDIO_ENABLED=false, BACKOFFICE_DIST)', () => {
    expect(browserClients(root, {}).map((client) => client.builtElsewhere)).toEqual([false, false, false]);
    const elsewhere = browserClients(root, {
      PORTAL_DIST: '/p',
      STUDIO_ENABLED: 'false',
      BACKOFFICE_DIST: '/b',
    });
    expect(elsewhere.map((client) => client.builtElsewhere)).toEqual([true, true, true]);
    expect(browserClients(root, { STUDIO_DIST: '/s' })[1].builtElsewhere).toBe(true);
  });
});
