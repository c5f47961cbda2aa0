/**
 * Group commit (decision 0029): work items that arrive together are handed to `run` as one batch
 * (one statement, one transaction, one commit) and each caller gets its own item's answer.
 *
 * A batch leaves as soon as the event loop has taken in what arrived in the same turn
 * (`setImmediate`: well under a millisecond when the server is idle, so a lone call waits for
 * nothing). At most `maxInFlight` batches are at the database at once; while they are, new items
 * queue and leave together when one comes back (the longer the database takes, the larger the next
 * batch: the wait grows only under load), at most `maxBatch` in one.
 *
 * With `keyOf` (the wallet: the member), an item whose key is in a batch at the database waits for
 * that batch to come back: batches at once never hold the same key, so they never wait for each
 * other's row locks, and the items of one key leave in the order they came.
 *
 * `run` answers one settled result per item, in the items' order: an item's own error never fails
 * its neighbours. A `run` that throws fails only the batch it was given; the caller decides what
 * that means (the wallet applies the batch's calls one at a time instead).
 */
export interface GroupCommitOptions<I, R> {
  run: (items: I[]) => Promise<PromiseSettledResult<R>[]>;
  /** Items in one batch at most. */
  maxBatch: number;
  /** Batches at the database at once at most. */
  maxInFlight: number;
  /** What two batches at once must not share (the member whose rows a call locks). */
  keyOf?: (item: I) => unknown;
}

export interface GroupCommit<I, R> {
  submit(item: I): Promise<R>;
  /** Batches sent so far and the items they held (for benchmarks and tests). */
  stats(): { batches: number; items: number; largest: number };
}

interface Waiting<I, R> {
  item: I;
  resolve: (value: R) => void;
  reject: (reason: unknown) => void;
}

export function createGroupCommit<I, R>(options: GroupCommitOptions<I, R>): GroupCommit<I, R> {
  const { run, maxBatch, maxInFlight, keyOf } = options;
  if (!Number.isSafeInteger(maxBatch) || maxBatch < 1) throw new Error('maxBatch: a positive integer');
  if (!Number.isSafeInteger(maxInFlight) || maxInFlight < 1)
    throw new Error('maxInFlight: a positive integer');
  const queue: Waiting<I, R>[] = [];
  let inFlight = 0;
  /** Keys in batches at the database, with how many batches hold each (at most one, by construction). */
  const busy = new Map<unknown, number>();
  let scheduled = false;
  const counts = { batches: 0, items: 0, largest: 0 };

  function schedule(): void {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    setImmediate(flush);
  }

  /** The next batch: the first items in order whose key no batch at the database holds. */
  function take(): Waiting<I, R>[] {
    if (!keyOf) return queue.splice(0, maxBatch);
    const batch: Waiting<I, R>[] = [];
    const rest: Waiting<I, R>[] = [];
    const taken = new Set<unknown>();
    for (const w of queue) {
      const key = keyOf(w.item);
      // Once the batch is full, every later item waits (those of its keys until it is back).
      if (batch.length < maxBatch && !busy.has(key)) {
        batch.push(w);
        taken.add(key);
      } else rest.push(w);
    }
    for (const key of taken) busy.set(key, (busy.get(key) ?? 0) + 1);
    queue.length = 0;
    for (const w of rest) queue.push(w);
    return batch;
  }

  function flush(): void {
    scheduled = false;
    while (queue.length > 0 && inFlight < maxInFlight) {
      const batch = take();
      if (batch.length === 0) return; // every waiting key is at the database: its batch reschedules
      inFlight += 1;
      counts.batches += 1;
      counts.items += batch.length;
      counts.largest = Math.max(counts.largest, batch.length);
      void send(batch);
    }
  }

  async function send(batch: Waiting<I, R>[]): Promise<void> {
    try {
      const results = await run(batch.map((w) => w.item));
      if (results.length !== batch.length)
        throw new Error(`group commit: ${results.length} answers for ${batch.length} items`);
      batch.forEach((w, i) => {
        const result = results[i]!;
        if (result.status === 'fulfilled') w.resolve(result.value);
        else w.reject(result.reason);
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight -= 1;
      if (keyOf)
        for (const key of new Set(batch.map((w) => keyOf(w.item)))) {
          const n = (busy.get(key) ?? 1) - 1;
          if (n > 0) busy.set(key, n);
          else busy.delete(key);
        }
      schedule();
    }
  }

  return {
    submit(item: I): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    stats: () => ({ ...counts }),
  };
}
