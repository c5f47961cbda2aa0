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

function messageOf(value: unknown): BusMessage | null {
  const m = value as Partial<BusMessage> | null;
  if (typeof m !== 'object' || m === null) return null;
  if (typeof m.id !== 'string' || typeof m.at !== 'number' || typeof m.type !== 'string') return null;
  return m as BusMessage;
}

/** A payload's messages: one message, or several sent together (an array); nothing when malformed. */
export function parseBusPayload(payload: string): BusMessage[] {
  try {
    const value: unknown = JSON.parse(payload);
    const messages = (Array.isArray(value) ? value : [value]).map(messageOf);
    return messages.every((m) => m !== null) ? (messages as BusMessage[]) : [];
  } catch {
    return [];
  }
}

interface Waiting {
  message: BusMessage;
  json: string;
  resolve: (message: BusMessage) => void;
  reject: (error: unknown) => void;
}

/**
 * The payloads of what waits to be sent, in order: a message alone as itself (what every build of
 * the bus reads), several as one array per payload up to the size limit. A message the same as one
 * before it in the batch but for its id and time (the same member's `balance` of a burst of bets)
 * is left out: a listener reads the truth on a hint, and the hub coalesces them anyway.
 */
export function busPayloads(waiting: readonly { message: BusMessage; json: string }[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const { message, json } of waiting) {
    const key = JSON.stringify([message.type, message.member, message.memberId, message.data]);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(json);
  }
  if (kept.length === 1) return kept;
  const payloads: string[] = [];
  let part: string[] = [];
  let bytes = 2;
  for (const json of kept) {
    const size = Buffer.byteLength(json) + 1;
    if (part.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) {
      payloads.push(`[${part.join(',')}]`);
      part = [];
      bytes = 2;
    }
    part.push(json);
    bytes += size;
  }
  if (part.length > 0) payloads.push(part.length === 1 ? part[0]! : `[${part.join(',')}]`);
  return payloads;
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
    for (const message of parseBusPayload(payload)) for (const listener of listeners) listener(message);
  }).then((s) => {
    stop = s;
  });
  // Whoever starts the server awaits `ready` and reports a failure; here it must not go unhandled.
  started.catch(() => {});

  // Group sending: what is published while a send is on its way goes in the next one, so a burst
  // (a table's bets) costs one NOTIFY or PUBLISH per round trip, not one per message; a lone
  // message leaves at once (after the current microtasks, which may add to it).
  let waiting: Waiting[] = [];
  let sending = false;
  let draining: Promise<void> | undefined;
  async function drain(): Promise<void> {
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        try {
          for (const payload of busPayloads(batch)) await publishRaw(payload);
          for (const w of batch) w.resolve(w.message);
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      sending = false;
    }
  }
  return {
    ready: started,
    publish(message) {
      const stamped = stamp(message);
      const json = JSON.stringify(stamped);
      if (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES)
        return Promise.reject(new Error(`bus message too large (${message.type})`));
      return new Promise<BusMessage>((resolve, reject) => {
        waiting.push({ message: stamped, json, resolve, reject });
        if (!sending) {
          sending = true;
          draining = Promise.resolve().then(drain);
        }
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await started.catch(() => {});
      await draining;
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
