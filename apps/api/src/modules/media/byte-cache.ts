/**
 * A least-recently-used cache of byte buffers bounded by their total size: the encoded image
 * variants each instance keeps in memory. A value larger than a quarter of the budget is not kept
 * (it would push out everything else for one picture).
 */
export class ByteCache {
  readonly #entries = new Map<string, Buffer>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get(key: string): Buffer | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: moving the entry to the end marks it most recently used.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: string, value: Buffer): void {
    const previous = this.#entries.get(key);
    if (previous !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= previous.length;
    }
    if (value.length > this.#maxBytes / 4) return;
    this.#entries.set(key, value);
    this.#bytes += value.length;
    for (const [oldest, buffer] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= buffer.length;
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }
}

/** A TaskLimiter's answer to one task too many. */
export class QueueFullError extends Error {
  constructor() {
    super('the queue is full');
    this.name = 'QueueFullError';
  }
}

/**
 * Runs at most `limit` tasks at once; the others wait in arrival order, at most `maxWaiting` of
 * them (no bound when not given). Image encoding runs on libuv's thread pool, which file reads, DNS
 * and compression share, and each decoded picture holds its pixels in memory: a burst of first
 * requests for new variants, or of uploads, must not take all of either.
 */
export class TaskLimiter {
  readonly #limit: number;
  readonly #maxWaiting: number;
  readonly #waiting: (() => void)[] = [];
  #running = 0;

  constructor(limit: number, options: { maxWaiting?: number } = {}) {
    this.#limit = limit;
    this.#maxWaiting = options.maxWaiting ?? Number.POSITIVE_INFINITY;
  }

  /** Whether a task given now would be one too many: every slot busy and the waiting line full. */
  get isFull(): boolean {
    return this.#running >= this.#limit && this.#waiting.length >= this.#maxWaiting;
  }

  /** Tasks running and waiting. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /** Runs `task` in turn; throws QueueFullError, running nothing, when the line is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.isFull) throw new QueueFullError();
    if (this.#running >= this.#limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running += 1;
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next task, so `#running` stays as it is.
      if (next) next();
      else this.#running -= 1;
    }
  }
}
