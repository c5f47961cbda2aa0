import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { CallRegistry } from './calls.ts';
import type { EventPublisher } from './event-bus.ts';
import type { SharedCaches } from './shared-caches.ts';
import type { EventHub } from './event-hub.ts';
import type { RateLimiter } from './rate-limiter.ts';

/**
 * What every module's route file receives besides its own services: the narrow shared pieces,
 * never another module's repository. It lives in `lib/` so that route files never import
 * `app.ts` (which imports them), keeping the import graph free of circles.
 */
export interface ModuleContext {
  config: Config;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  rateLimiter: RateLimiter;
  calls: CallRegistry;
  now: () => Date;
  /** Tells every instance's event streams of a committed change (lib/event-bus.ts). */
  events: EventPublisher;
  /** The caches an operator's change drops on every instance (lib/shared-caches.ts). */
  caches: SharedCaches;
  /** This instance's event streams (none when the services have no bus: a bench, a tool). */
  streams: EventHub | undefined;
}
