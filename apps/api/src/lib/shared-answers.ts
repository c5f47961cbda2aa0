import { encodeBody, type EncodedBody } from './encoded-body.ts';

/** At most this many answers are kept; the oldest go first. */
const MAX_ENTRIES = 1000;

interface Entry {
  expiresAtMs: number;
  body: Promise<EncodedBody>;
}

/**
 * Answers that are the same for every caller, kept encoded (serialized and compressed once) for
 * a while, per server instance: the public calls every home page makes (lib/calls.ts,
 * `cacheForMs`). Callers that arrive while an answer is being made wait for that one instead of
 * making their own; an answer that fails is not kept.
 */
export class SharedAnswers {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => Date;

  constructor(now: () => Date) {
    this.#now = now;
  }

  get(key: string, maxAgeMs: number, make: () => Promise<string>): Promise<EncodedBody> {
    const at = this.#now().getTime();
    const kept = this.#entries.get(key);
    if (kept && kept.expiresAtMs > at) return kept.body;

    const entry: Entry = { expiresAtMs: at + maxAgeMs, body: make().then(encodeBody) };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    entry.body.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry.body;
  }
}
