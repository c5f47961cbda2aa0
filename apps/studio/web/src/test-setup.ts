import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { load as loadModalLayers } from '@casino/web-kit/modal-layer.tsx';

// The modal layer library is its own chunk (`@casino/web-kit/modal-layer.tsx`); in the game client it
// is there long before a member opens a dialog, so tests start with it loaded too.
beforeAll(() => loadModalLayers().then(() => undefined));

// Every test ends unmounted and with the globals it stubbed (fetch, matchMedia) given back.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
