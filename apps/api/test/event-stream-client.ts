import type { JsonBody } from './factories.ts';

/** One event of a `text/event-stream` as a browser's EventSource hands it over. */
export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: JsonBody;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface EventStreamClient {
  status: number;
  contentType: string | null;
  /** Every event received so far, in order. */
  events: ReceivedEvent[];
  /** The first event from index `from` on that `match` accepts; fails after `ms`. */
  next(match: (e: ReceivedEvent) => boolean, from?: number, ms?: number): Promise<ReceivedEvent>;
  close(): void;
}

/**
 * The tests' event-stream client (docs/api/events.md): opens `url` with `headers` and parses the
 * stream as it comes (an event's `id`, `event` and JSON `data` lines; comments and `retry` are
 * skipped). A refused stream (not 200) has no events.
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  if (response.body && response.status === 200) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          const event = fields.get('event');
          if (!event) continue;
          events.push({
            id: fields.get('id'),
            event,
            data: JSON.parse(fields.get('data') ?? '{}'),
            at: Date.now(),
          });
          for (const wake of waiters) wake();
        }
      }
    })();
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    next(match, from = 0, ms = 15_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = events.slice(from).find(match);
          if (!found) return;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events.slice(from))}`));
        }, ms);
        waiters.add(look);
        look();
      });
    },
    close: () => controller.abort(),
  };
}
