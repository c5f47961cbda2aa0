import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * A Kysely dialect for PGlite. PGlite is a single connection: without a lock two concurrent
 * transactions would interleave their statements inside one session. The driver therefore hands
 * out its only connection to one caller at a time (a FIFO queue); a transaction keeps it from BEGIN
 * to COMMIT/ROLLBACK, so every other query waits. Code that opens a transaction must use the
 * transaction object inside it: a query on the root `db` would wait for the transaction forever.
 */
export class PGliteDialect implements Dialect {
  readonly #client: PGlite;
  constructor(client: PGlite) {
    this.#client = client;
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#client);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(client: PGlite) {
    this.#connection = new PGliteConnection(client);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    await previous;
    this.#release = release;
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection, settings: { isolationLevel?: string }) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${level}`));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection() {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
  async destroy() {
    await this.#tail;
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #client: PGlite;
  constructor(client: PGlite) {
    this.#client = client;
  }
  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#client.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming');
  }
}
