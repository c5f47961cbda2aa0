import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * A value only the browser knows (local storage, the address, the clock, the operator's details the
 * server wrote into the page), read so that hydration never mismatches (decision 0016): while
 * React hydrates a prerendered document, and in the build's own render, it is `prerendered` (what
 * the build rendered); from then on `read()`, and a component whose value differs renders once
 * more right after hydration. A page the app renders itself reads `read()` at once.
 *
 * `read` must return the same value while nothing changed (a primitive, or a cached object).
 */
export function useBrowserValue<T>(read: () => T, prerendered: T): T {
  return useSyncExternalStore(noSubscription, read, () => prerendered);
}
