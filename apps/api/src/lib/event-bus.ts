import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Database, Notifications } from '../db/database.ts';

/**
 * What one instance tells every instance (itself included): that something of a member changed
 * (`member` or `memberId`; the instances holding that member's streams read what they send), or
 * what changed for everyone (neither). `id` is unique across instances and starts with the
 * time it was published (base 36 ms), so a stream can resume after it (`Last-Event-ID`).
 */
export interface BusMessage {
  id: string;
  at: number;
  type: BusMessageType;
  /** The member it concerns, by user id or by id (whichever the teller knows); neither: everyone. */
  member?: string;
  memberId?: number;
  data?: Record<string, unknown>;
}

export type BusMessageType = 'balance' | 'note' | 'help' | 'cashier' | 'queue' | 'cache';

/** The one channel of every instance's messages (PostgreSQL NOTIFY channel, Redis channel). */
export const BUS_CHANNEL = 'casino_events';

/** PostgreSQL's NOTIFY payload limit is 8,000 bytes; messages are far below it. */
const MAX_PAYLOAD_BYTES = 7_900;

/**
 * The instances' message bus (docs/operations.md "Several instances"): PostgreSQL `LISTEN/NOTIFY`
 * (the embedded database has it too), or Redis pub/sub when `REDIS_URL` is set; one interface,
 * chosen by configuration. Publish after the change committed: a message says that something is
 * so, never that it may be. Delivery is at most once (a listener reconnecting misses what was said
 * meanwhile): what listens treats a message as a hint to read the truth from the database.
 */
export interface EventBus {
  /** Sends to every instance; resolves once the database or Redis took it. */
  publish(message: Omit<BusMessage, 'id' | 'at'>): Promise<BusMessage>;
  /** Every message of every instance, in the order this instance hears them. */
  subscribe(listener: (message: BusMessage) => void): () => void;
  /** Resolves once this instance listens (start it before the first transaction: PGlite's one session). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

function parse(payload: string): BusMessage | null {
  try {
    const value = JSON.parse(payload) as Partial<BusMessage>;
    if (typeof value.id !== 'string' || typeof value.at !== 'number' || typeof value.type !== 'string')
      return null;
    return value as BusMessage;
  } catch {
    return null;
  }
}

function busIds(now: () => number): (message: Omit<BusMessage, 'id' | 'at'>) => BusMessage {
  const instance = randomBytes(4).toString('hex');
  let seq = 0;
  return (message) => {
    const at = now();
    return { ...message, id: `${at.toString(36)}-${instance}-${(++seq).toString(36)}`, at };
  };
}

/** The publish time of a message id (NaN when the id is not one of the bus's). */
export function timeOfBusId(id: string): number {
  const match = /^([0-9a-z]{1,11})-[0-9a-f]{8}-[0-9a-z]{1,11}$/.exec(id);
  return match ? Number.parseInt(match[1]!, 36) : Number.NaN;
}

function busOf(
  publishRaw: (payload: string) => Promise<void>,
  start: (deliver: (payload: string) => void) => Promise<() => Promise<void>>,
  now: () => number,
): EventBus {
  const listeners = new Set<(message: BusMessage) => void>();
  const stamp = busIds(now);
  let stop: (() => Promise<void>) | undefined;
  const started = start((payload) => {
    const message = parse(payload);
    if (!message) return;
    for (const listener of listeners) listener(message);
  }).then((s) => {
    stop = s;
  });
  // Whoever starts the server awaits `ready` and reports a failure; here it must not go unhandled.
  started.catch(() => {});
  return {
    ready: started,
    async publish(message) {
      const stamped = stamp(message);
      const payload = JSON.stringify(stamped);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
        throw new Error(`bus message too large (${message.type})`);
      await publishRaw(payload);
      return stamped;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await started.catch(() => {});
      await stop?.();
    },
  };
}

/** The bus over the database's own `LISTEN/NOTIFY` (PostgreSQL, or the embedded PGlite). */
export function createDatabaseBus(
  db: Database,
  notifications: Notifications,
  now: () => number = Date.now,
): EventBus {
  return busOf(
    async (payload) => {
      await sql`select pg_notify(${BUS_CHANNEL}, ${payload})`.execute(db);
    },
    (deliver) => notifications.listen(BUS_CHANNEL, deliver),
    now,
  );
}

/** The bus over Redis pub/sub: `redis` publishes, a duplicate connection of it subscribes. */
export function createRedisBus(redis: Redis, now: () => number = Date.now): EventBus {
  return busOf(
    async (payload) => {
      await redis.publish(BUS_CHANNEL, payload);
    },
    async (deliver) => {
      const subscriber = redis.duplicate();
      subscriber.on('message', (channel: string, payload: string) => {
        if (channel === BUS_CHANNEL) deliver(payload);
      });
      // Errors are the main connection's to report; a subscriber reconnects and subscribes again.
      subscriber.on('error', () => {});
      await subscriber.subscribe(BUS_CHANNEL);
      return async () => {
        await subscriber.quit().catch(() => subscriber.disconnect());
      };
    },
    now,
  );
}

/**
 * What the routes tell after a change committed (docs/api/events.md): sent on, never awaited by
 * the request (its change stands whatever happens to the message); a failure is reported and the
 * portal's 30-second health check brings the member up to date.
 */
export interface EventPublisher {
  /** The member's money, notes or help posts changed; `everyone` for a note to all members. */
  member(who: MemberRef | 'everyone', type: 'balance' | 'note' | 'help'): void;
  /** One of the member's deposit or withdrawal requests changed state. */
  cashier(who: MemberRef, data: { kind: 'deposit' | 'withdraw'; id: number; state: string }): void;
  /** The operators' queues changed (a request or help post came in, or was handled). */
  queue(): void;
}

/** A member as the teller knows it: the user id (the wallet, the back office) or the id. */
export type MemberRef = { userId: string } | { memberId: number };

const refOf = (who: MemberRef) =>
  'userId' in who ? { member: who.userId.toLowerCase() } : { memberId: who.memberId };

export function createEventPublisher(
  bus: EventBus | undefined,
  onError: (error: unknown) => void,
): EventPublisher {
  const publish = (message: Omit<BusMessage, 'id' | 'at'>) => {
    if (!bus) return;
    bus.publish(message).catch(onError);
  };
  return {
    member: (who, type) => publish(who === 'everyone' ? { type } : { type, ...refOf(who) }),
    cashier: (who, data) => publish({ type: 'cashier', ...refOf(who), data }),
    queue: () => publish({ type: 'queue' }),
  };
}
