import { CompiledQuery } from 'kysely';

/**
 * Statements of the hot paths (every member call reads its session with one), sent to PostgreSQL
 * as named prepared statements: each pooled connection parses and plans one once and then only
 * binds and executes it, where an unnamed statement is parsed and planned on every call. Only
 * statements declared here are named, so the set a connection prepares is small and fixed.
 * On PGlite the name is not used (decision record 0009).
 */
const namesByText = new Map<string, string>();

/**
 * Declares a hot statement under a unique name and returns the function that binds its
 * parameters (`$1`, `$2`...), for `db.executeQuery(...)` or `trx.executeQuery(...)`.
 */
export function preparedStatement<Row>(
  name: string,
  text: string,
): (parameters: readonly unknown[]) => CompiledQuery<Row> {
  if (!/^[a-z][a-z0-9_]*$/.test(name))
    throw new Error(`prepared statement name ${name} is not a plain identifier`);
  for (const [known, knownName] of namesByText) {
    if (knownName === name && known !== text) throw new Error(`prepared statement ${name} declared twice`);
  }
  namesByText.set(text, name);
  return (parameters) => CompiledQuery.raw(text, [...parameters]) as CompiledQuery<Row>;
}

/** The statement name of a hot statement's text, for the PostgreSQL client. */
export function preparedNameOf(text: string): string | undefined {
  return namesByText.get(text);
}
