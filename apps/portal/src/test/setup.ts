import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/*
 * Unit tests never reach a network: happy-dom's page lives at http://localhost:3000, where a
 * developer's own server may be running, so a page that fetches without a test's fake server would
 * talk to it. Every test starts with a fetch that fails like a closed network; a test that needs
 * answers installs `fakeServer` (src/test/fake-server.tsx). After each test, whatever it rendered is
 * unmounted and its stubs are undone, so no test file repeats that.
 */
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown) => {
      throw new TypeError(`no network in unit tests (fetch ${String(input)}): install fakeServer`);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
