import type { EventBus } from './event-bus.ts';

/** The caches an operator's change must reach on every instance at once. */
export type SharedCacheName = 'maintenance' | 'ipAllowlist' | 'notices' | 'popups' | 'sites';

/**
 * Caches kept by each instance that an operator's change invalidates on all of them
 * (docs/operations.md "Several instances"): the instance that committed the change forgets its
 * copy at once and tells the others over the bus, which forget theirs when they hear it. Each
 * cache still expires by its age, so an instance that missed the message (a lost listening
 * connection) is stale for that long at most.
 */
export interface SharedCaches {
  /** What forgets this instance's copy of `name` (several may register one name). */
  register(name: SharedCacheName, forget: () => void): void;
  /** After a committed change of what `name` caches. */
  changed(name: SharedCacheName): void;
}

const NAMES: readonly string[] = [
  'maintenance',
  'ipAllowlist',
  'notices',
  'popups',
  'sites',
] satisfies SharedCacheName[];

/** Without a bus (one instance, a test of one service), a change reaches this instance only. */
export function createSharedCaches(
  bus: EventBus | undefined,
  onError: (error: unknown) => void = () => {},
): SharedCaches {
  const forgetters = new Map<SharedCacheName, (() => void)[]>();
  const forget = (name: SharedCacheName) => {
    for (const f of forgetters.get(name) ?? []) f();
  };
  bus?.subscribe((message) => {
    const name = message.data?.name;
    if (message.type === 'cache' && typeof name === 'string' && NAMES.includes(name))
      forget(name as SharedCacheName);
  });
  return {
    register(name, f) {
      forgetters.set(name, [...(forgetters.get(name) ?? []), f]);
    },
    changed(name) {
      forget(name);
      bus?.publish({ type: 'cache', data: { name } }).catch(onError);
    },
  };
}
