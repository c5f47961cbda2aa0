/** At most this many keys are kept unless told otherwise; the oldest go first. */
const DEFAULT_MAX_ENTRIES = 1000;

interface Entry<T> {
  /** The last value read, and when its read ended. */
  kept?: { value: T; atMs: number };
  /** The read in flight, which every caller that asks meanwhile waits for. */
  reading?: Promise<T>;
}

export interface KeptReadsOptions {
  /** How many keys are kept at the most (the oldest go first); 1000 unless told. */
  maxEntries?: number;
  /**
   * When a read fails, its callers get the last value read for the key instead (when there is
   * one), kept until a read succeeds: for settings a request must not fail on while the database
   * blinks. Otherwise a failure propagates and is not kept.
   */
  lastOnError?: boolean;
}

/**
 * Values read from elsewhere (the database, a render) and kept for a while, per key and per server
 * instance: the one single-flight cache of the server. One read is in flight per key however many
 * callers ask at once (they all wait for it); its value is kept for `maxAgeMs` after it ends (with
 * `maxAgeMs` 0, only while it is in flight). `forget` drops a key: a read that started before
 * answers its callers but is not kept, so a change this instance made is seen at once.
 */
export class KeptReads<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #now: () => Date;
  readonly #maxEntries: number;
  readonly #lastOnError: boolean;

  constructor(now: () => Date, options: KeptReadsOptions = {}) {
    this.#now = now;
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.#lastOnError = options.lastOnError ?? false;
  }

  get(key: string, maxAgeMs: number, read: () => Promise<T>): Promise<T> {
    let entry = this.#entries.get(key);
    if (entry?.kept) {
      const age = this.#now().getTime() - entry.kept.atMs;
      if (age >= 0 && age < maxAgeMs) return Promise.resolve(entry.kept.value);
    }
    if (entry?.reading) return entry.reading;
    if (!entry) {
      entry = {};
      this.#entries.set(key, entry);
      if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    }
    const own = entry;
    const ours = () => this.#entries.get(key) === own;
    const reading: Promise<T> = read()
      .then(
        (value) => {
          if (ours() && maxAgeMs > 0) own.kept = { value, atMs: this.#now().getTime() };
          return value;
        },
        (error: unknown) => {
          if (this.#lastOnError && own.kept) return own.kept.value;
          throw error;
        },
      )
      .finally(() => {
        if (own.reading === reading) own.reading = undefined;
        if (ours() && !own.kept) this.#entries.delete(key);
      });
    own.reading = reading;
    return reading;
  }

  /** Drops what is kept for `key` (after this instance changed what it reads). */
  forget(key: string): void {
    this.#entries.delete(key);
  }
}

/** One value kept as `KeptReads` keeps each: `get()` reads it at most once per `maxAgeMs`. */
export function keptRead<T>(
  read: () => Promise<T>,
  options: { maxAgeMs: number; now: () => Date; lastOnError?: boolean },
) {
  const reads = new KeptReads<T>(options.now, { maxEntries: 1, lastOnError: options.lastOnError });
  return {
    get: (): Promise<T> => reads.get('', options.maxAgeMs, read),
    forget: (): void => reads.forget(''),
  };
}
