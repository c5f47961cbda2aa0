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

/**
 * Runs at most `limit` tasks at once; the others wait in arrival order. Image encoding runs on
 * libuv's thread pool, which file reads, DNS and compression share: a burst of first requests
 * for new variants must not take all of it.
 */
export class TaskLimiter {
  readonly #limit: number;
  readonly #waiting: (() => void)[] = [];
  #running = 0;

  constructor(limit: number) {
    this.#limit = limit;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
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
