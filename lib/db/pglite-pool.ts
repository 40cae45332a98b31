import type { PGlite } from "@electric-sql/pglite";
import { PglitePgConnection } from "@electric-sql/pglite/node-postgres";
import pg from "pg";

/**
 * The embedded database behind node-postgres, so PGlite runs the same driver as PostgreSQL. The gain
 * is named prepared statements: PGlite's own query() parses, describes and plans every call, while
 * node-postgres parses a named statement once and then only binds and executes it (a one-row read by
 * primary key: about 215 µs of CPU against 115 µs, npx tsx bench/pglite-queries.ts). Unnamed queries
 * cost what they did.
 *
 * PGlite is one session, so the pool holds one client, and a transaction has the session to itself
 * as it would with PGlite's own transaction(). Each client gets a connection of its own: the pool ends
 * a client whose query failed, and an ended connection cannot serve the next one. The session's
 * prepared statements outlive that client, and the next one does not know their names, so it starts
 * with DEALLOCATE ALL before the pool hands it out.
 */
export function pglitePool(pglite: PGlite): pg.Pool {
  // node-postgres passes a query's `types` (drizzle sets its type parsers there) on to Parse, whose
  // serializer only skips it when it is not an array; PGlite's copy of that serializer throws instead.
  class Connection extends PglitePgConnection {
    override parse(query: { types?: unknown }) {
      super.parse(Array.isArray(query.types) ? query : { ...query, types: undefined });
    }
  }
  class PGliteClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connection: new Connection({ pglite }) } as pg.ClientConfig);
    }

    // pg-pool connects with a callback; anything else awaits the promise.
    override connect(): Promise<pg.Client>;
    override connect(callback: (error: Error | null) => void): void;
    override connect(callback?: (error: Error | null) => void): Promise<pg.Client> | void {
      const ready = super.connect().then(async () => {
        await super.query("deallocate all");
        return this;
      });
      if (!callback) return ready;
      ready.then(() => callback(null), callback);
    }
  }
  return new pg.Pool({ Client: PGliteClient, max: 1, idleTimeoutMillis: 0 });
}
