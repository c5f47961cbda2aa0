import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { load as loadModalLayers } from '@casino/web-kit/modal-layer.tsx';

/*
 * Unit tests never reach a network: happy-dom's page lives at http://localhost:3000, where a
 * developer's own server may be running, so a page that fetches without a test's fake server would
 * talk to it. Every test starts with a fetch that fails like a closed network; a test that needs
 * answers installs `fakeServer` (src/test/fake-server.tsx). After each test, whatever it rendered is
 * unmounted and its stubs are undone, so no test file repeats that.
 */
// The modal layer library is its own chunk (`@casino/web-kit/modal-layer.tsx`); in the app it is there
// long before a member opens anything, so tests start with it loaded too.
beforeAll(() => loadModalLayers().then(() => undefined));

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
