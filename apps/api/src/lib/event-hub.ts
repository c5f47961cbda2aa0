import { timeOfBusId, type BusMessage, type EventBus } from './event-bus.ts';

/** What a member's stream says of the member: the header's figures and the unread counts. */
export interface MemberFigures {
  balance: number;
  rolling: number;
  noteCount: number;
  helpCount: number;
}

export interface QueueFigures {
  deposits: number;
  withdraws: number;
  helps: number;
  /** Open review entries of abuse (docs/api/backoffice-fraud.md). */
  reviews?: number;
}

export interface JackpotFigures {
  mega: number;
  major: number;
  minor: number;
}

/** Where a stream's text goes (the HTTP response). `write` false: the client reads too slowly. */
export interface EventSink {
  write(chunk: string): void;
  /** Bytes written and not yet taken by the client. */
  readonly backlog: number;
  end(): void;
}

export interface EventHubDeps {
  bus: EventBus;
  now: () => number;
  readMember(memberId: number): Promise<MemberFigures | undefined>;
  readQueue(): Promise<QueueFigures>;
  readJackpot(): Promise<JackpotFigures>;
  /** Error reporting: a failed read skips one event, the stream stays. */
  onError?: (error: unknown) => void;
  /** How far back a reconnecting stream is served from (`Last-Event-ID`); default a minute. */
  replayMs?: number;
  /** Messages of one member arriving within this time are answered with one read; default 20 ms. */
  coalesceMs?: number;
  /** A comment line this often keeps proxies from closing an idle stream; default 25 s. */
  heartbeatMs?: number;
  /** How often the jackpot figures are compared and sent when they moved; default 1 s. */
  jackpotEveryMs?: number;
}

/** The client's wait before it reconnects (the `retry` field), and the hint sent at shutdown. */
export const STREAM_RETRY_MS = 3_000;
/** A client this far behind (bytes not taken) is dropped; it reconnects and resumes. */
const MAX_BACKLOG_BYTES = 256 * 1024;
/** Ids of a message sent within this much before the last one seen are sent again on resume. */
const RESUME_SKEW_MS = 1_000;

const STATE_TYPES = ['balance', 'note', 'help'] as const;
type StateType = (typeof STATE_TYPES)[number];

interface MemberStream {
  memberId: number;
  userId: string;
  sink: EventSink;
  /** Its own first events (the figures now, or what it missed), before it shares its member's. */
  own: Batch | undefined;
}

/** Events waiting to be sent together: one read of the member's figures for all of them. */
interface Batch {
  memberId: number;
  pending: Set<StateType>;
  cashier: BusMessage[];
  lastId: string | undefined;
  timer: NodeJS.Timeout | undefined;
  /** The streams it goes to when it is sent. */
  targets(): Iterable<MemberStream>;
}

interface OperatorStream {
  sink: EventSink;
}

function frame(event: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export type EventHub = ReturnType<typeof createEventHub>;

/**
 * The instance's event streams (docs/api/events.md): each member's (`balance`, `note`, `help`,
 * `cashier`, `jackpot`) and the operators' (`queue`). What the bus says of a member reaches that
 * member's streams on every instance; the figures sent are read from the database when sent, so an
 * event never tells what has not committed, and bursts (a slot's bets) are answered with one read.
 * The last minute of messages is kept, so a stream reconnecting with `Last-Event-ID` (to any
 * instance) is sent what it missed; older or unknown, it is sent the figures as they are now.
 */
export function createEventHub(deps: EventHubDeps) {
  const replayMs = deps.replayMs ?? 60_000;
  const coalesceMs = deps.coalesceMs ?? 20;
  const heartbeatMs = deps.heartbeatMs ?? 25_000;
  const jackpotEveryMs = deps.jackpotEveryMs ?? 1_000;
  const report = (error: unknown) => deps.onError?.(error);

  // Each member's streams, by user id and by id (a message names one or the other).
  const members = new Map<string, Set<MemberStream>>();
  const byId = new Map<number, Set<MemberStream>>();
  const operators = new Set<OperatorStream>();
  const recent: BusMessage[] = [];
  let queueTimer: NodeJS.Timeout | undefined;
  let queueId: string | undefined;
  let lastJackpot = '';
  let closed = false;

  const send = (sink: EventSink, text: string): boolean => {
    if (sink.backlog > MAX_BACKLOG_BYTES) {
      sink.end();
      return false;
    }
    sink.write(text);
    return true;
  };

  function remember(message: BusMessage): void {
    recent.push(message);
    const oldest = deps.now() - replayMs;
    let drop = 0;
    while (drop < recent.length && recent[drop]!.at < oldest) drop += 1;
    if (drop > 0) recent.splice(0, drop);
  }

  // A member's messages on this instance, gathered for `coalesceMs` and answered with one read for
  // all of the member's streams here (a slot's bets, a member with several tabs).
  const memberBatches = new Map<number, Batch>();

  function newBatch(memberId: number, targets: () => Iterable<MemberStream>): Batch {
    return { memberId, pending: new Set(), cashier: [], lastId: undefined, timer: undefined, targets };
  }

  async function flush(batch: Batch): Promise<void> {
    batch.timer = undefined;
    if (memberBatches.get(batch.memberId) === batch) memberBatches.delete(batch.memberId);
    const pending = [...batch.pending];
    const id = batch.lastId;
    let text = '';
    if (pending.length > 0) {
      try {
        const figures = await deps.readMember(batch.memberId);
        if (figures) {
          for (const type of STATE_TYPES) {
            if (!pending.includes(type)) continue;
            if (type === 'balance')
              text += frame('balance', { balance: figures.balance, rolling: figures.rolling }, id);
            if (type === 'note') text += frame('note', { noteCount: figures.noteCount }, id);
            if (type === 'help') text += frame('help', { helpCount: figures.helpCount }, id);
          }
        }
      } catch (error) {
        report(error);
      }
    }
    for (const message of batch.cashier) text += frame('cashier', message.data ?? {}, message.id);
    if (text) for (const stream of batch.targets()) send(stream.sink, text);
  }

  function enqueue(batch: Batch, message: BusMessage, delayMs = coalesceMs): void {
    if (message.type === 'cashier') batch.cashier.push(message);
    else if ((STATE_TYPES as readonly string[]).includes(message.type))
      batch.pending.add(message.type as StateType);
    else return;
    batch.lastId = message.id;
    batch.timer ??= setTimeout(() => void flush(batch), delayMs);
  }

  function forMember(memberId: number, message: BusMessage): void {
    let batch = memberBatches.get(memberId);
    if (!batch) {
      batch = newBatch(memberId, () => byId.get(memberId) ?? []);
      memberBatches.set(memberId, batch);
    }
    enqueue(batch, message);
  }

  async function flushQueue(): Promise<void> {
    queueTimer = undefined;
    if (operators.size === 0) return;
    try {
      const text = frame('queue', await deps.readQueue(), queueId);
      for (const stream of operators) send(stream.sink, text);
    } catch (error) {
      report(error);
    }
  }

  const unsubscribe = deps.bus.subscribe((message) => {
    remember(message);
    if (message.type === 'queue') {
      queueId = message.id;
      if (operators.size > 0) queueTimer ??= setTimeout(() => void flushQueue(), coalesceMs);
      return;
    }
    const streams =
      message.member !== undefined
        ? members.get(message.member)
        : message.memberId !== undefined
          ? byId.get(message.memberId)
          : undefined;
    const first = streams?.values().next().value;
    if (first) forMember(first.memberId, message);
    else if (message.member === undefined && message.memberId === undefined && message.type !== 'cashier')
      // Said to everyone (a note to all members): every member with a stream here.
      for (const memberId of byId.keys()) forMember(memberId, message);
  });

  const heartbeat = setInterval(() => {
    for (const streams of members.values()) for (const stream of streams) send(stream.sink, ': ping\n\n');
    for (const stream of operators) send(stream.sink, ': ping\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  const jackpotTicker = setInterval(() => {
    if (members.size === 0) return;
    deps.readJackpot().then((figures) => {
      const text = JSON.stringify(figures);
      if (text === lastJackpot) return;
      lastJackpot = text;
      const event = frame('jackpot', figures);
      for (const streams of members.values()) for (const stream of streams) send(stream.sink, event);
    }, report);
  }, jackpotEveryMs);
  jackpotTicker.unref();

  /** The messages after `lastEventId` that a stream missed, or null when it cannot be told. */
  function missedSince(
    lastEventId: string | undefined,
    matches: (m: BusMessage) => boolean,
  ): BusMessage[] | null {
    if (!lastEventId) return null;
    const at = timeOfBusId(lastEventId);
    if (!Number.isFinite(at) || at < deps.now() - replayMs) return null;
    return recent.filter((m) => m.at >= at - RESUME_SKEW_MS && m.id !== lastEventId && matches(m));
  }

  return {
    /**
     * A member's stream. With a `lastEventId` of the last minute, what the member missed is sent
     * first; without one (or an older one), the member's figures as they are now.
     */
    openMember(input: {
      memberId: number;
      userId: string;
      lastEventId: string | undefined;
      sink: EventSink;
    }) {
      const stream: MemberStream = {
        memberId: input.memberId,
        userId: input.userId,
        sink: input.sink,
        own: undefined,
      };
      send(stream.sink, `retry: ${STREAM_RETRY_MS}\n\n`);
      let streams = members.get(input.userId);
      if (!streams) members.set(input.userId, (streams = new Set()));
      streams.add(stream);
      let sameId = byId.get(input.memberId);
      if (!sameId) byId.set(input.memberId, (sameId = new Set()));
      sameId.add(stream);
      const missed = missedSince(
        input.lastEventId,
        (m) =>
          m.member === input.userId ||
          m.memberId === input.memberId ||
          (m.member === undefined && m.memberId === undefined && m.type !== 'queue'),
      );
      // This stream's own first events: the figures now, or what it missed.
      const own = newBatch(input.memberId, () => (streams.has(stream) ? [stream] : []));
      stream.own = own;
      if (missed === null) {
        for (const type of STATE_TYPES) own.pending.add(type);
        own.timer = setTimeout(() => void flush(own), 0);
      } else {
        for (const message of missed) enqueue(own, message, 0);
      }
      if (lastJackpot) send(stream.sink, frame('jackpot', JSON.parse(lastJackpot) as unknown));
      return () => {
        clearTimeout(stream.own?.timer);
        streams.delete(stream);
        if (streams.size === 0 && members.get(input.userId) === streams) members.delete(input.userId);
        sameId.delete(stream);
        if (sameId.size === 0 && byId.get(input.memberId) === sameId) byId.delete(input.memberId);
      };
    },

    /** An operator's stream: the queues now, then after every change. */
    openOperator(input: { lastEventId: string | undefined; sink: EventSink }) {
      const stream: OperatorStream = { sink: input.sink };
      send(stream.sink, `retry: ${STREAM_RETRY_MS}\n\n`);
      operators.add(stream);
      deps
        .readQueue()
        .then(
          (figures) => operators.has(stream) && send(stream.sink, frame('queue', figures, queueId)),
          report,
        );
      return () => {
        operators.delete(stream);
      };
    },

    /** A member's open streams on this instance. */
    memberStreams(memberId: number): number {
      return byId.get(memberId)?.size ?? 0;
    },

    /** Open streams on this instance (the metrics' gauge). */
    counts(): { member: number; operator: number } {
      let member = 0;
      for (const streams of members.values()) member += streams.size;
      return { member, operator: operators.size };
    },

    /** At shutdown: every stream ends with the retry hint, so its client reconnects elsewhere. */
    close(): void {
      if (closed) return;
      closed = true;
      unsubscribe();
      clearInterval(heartbeat);
      clearInterval(jackpotTicker);
      clearTimeout(queueTimer);
      for (const batch of memberBatches.values()) clearTimeout(batch.timer);
      memberBatches.clear();
      for (const streams of members.values())
        for (const stream of streams) {
          clearTimeout(stream.own?.timer);
          stream.sink.write(`retry: ${STREAM_RETRY_MS}\n\n`);
          stream.sink.end();
        }
      for (const stream of operators) {
        stream.sink.write(`retry: ${STREAM_RETRY_MS}\n\n`);
        stream.sink.end();
      }
      members.clear();
      byId.clear();
      operators.clear();
    },
  };
}
