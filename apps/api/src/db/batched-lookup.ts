import DataLoader from 'dataloader';

/** The most keys one batched statement carries; more wait for the next batch. */
const MAX_BATCH_SIZE = 256;

/**
 * A lookup by key that reads the keys asked for in one turn of the event loop with one statement
 * (DataLoader, without its cache: every call reads the database as it is when its batch runs).
 * Under load, the sessions of the member calls that arrive together cost one round trip instead
 * of one each; alone, a call waits only for the end of the current turn (`setImmediate`), which
 * is what lets the requests read from the sockets in that turn join it. For reads outside
 * transactions only: a statement in a transaction runs on that transaction's connection.
 */
export function batchedLookup<Key, Row>(options: {
  /** Reads the rows of several keys at once, in any order; a key without a row is left out. */
  readMany: (keys: readonly Key[]) => Promise<readonly Row[]>;
  keyOf: (row: Row) => Key;
}): (key: Key) => Promise<Row | undefined> {
  const loader = new DataLoader<Key, Row | undefined>(
    async (keys) => {
      const byKey = new Map<Key, Row>();
      for (const row of await options.readMany(keys)) byKey.set(options.keyOf(row), row);
      return keys.map((key) => byKey.get(key));
    },
    { cache: false, maxBatchSize: MAX_BATCH_SIZE, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (key) => loader.load(key);
}
