import type { Db } from "./open";

/**
 * Queries prepared once per database handle, for reads made on every request: drizzle builds a
 * query's SQL text and parameter list each time it runs, which costs more than a small indexed read
 * itself; a prepared query is built once and, on PostgreSQL, planned once per connection. Values
 * are `sql.placeholder(...)`s, and a list goes as one array parameter (`= any(...)`), so the text
 * never depends on the list's length.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let queries = prepared.get(db);
    if (!queries) prepared.set(db, (queries = prepare(db)));
    return queries;
  };
}
