import path from "node:path";
import { mkdir } from "node:fs/promises";
import { acquireDirectoryLock } from "./directory-lock";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { logError } from "../log";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = { db: Db; close: () => Promise<void> };

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  // `from`: a dump of a PGlite data directory (PGlite's dumpDataDir) to start from instead of a new,
  // empty cluster: the tests start from a migrated one (lib/db/testing.ts).
  | { kind: "pglite-memory"; from?: Blob };

export const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");

// Any fixed number: every instance that migrates takes the same advisory lock, so two app instances
// starting together never apply the same migration twice.
const MIGRATION_LOCK = 724_917_301;

/** Opens the database and applies any pending migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process: the pool
    // replaces it on the next query.
    pool.on("error", (error) => logError("PostgreSQL idle connection error:", error.message));
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle({ client, schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return { db: drizzle({ client: pool, schema }) as unknown as Db, close: () => pool.end() };
  }

  return (await openPglite(target)).database;
}

/** openDatabase on PGlite, answering the PGlite client too (whose data directory can be dumped). */
export async function openPglite(target: Exclude<DatabaseTarget, { kind: "postgres" }>) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pglitePool } = await import("./pglite-pool");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  let dataDir: string | undefined;
  let releaseLock = () => {};
  if (target.kind === "pglite") {
    dataDir = path.resolve(target.dataDir, "pglite");
    await mkdir(dataDir, { recursive: true });
    // PGlite's files may be used by one process only; a second one would corrupt them.
    releaseLock = await acquireDirectoryLock(dataDir);
  }
  const client =
    target.kind === "pglite-memory" && target.from ? new PGlite({ loadDataDir: target.from }) : new PGlite(dataDir);
  const pool = pglitePool(client);
  const db = drizzle({ client: pool, schema });
  try {
    await migrate(db, { migrationsFolder });
  } catch (error) {
    await pool.end().catch(() => {});
    await client.close().catch(() => {});
    releaseLock();
    throw error;
  }
  const database: Database = {
    db: db as unknown as Db,
    close: async () => {
      await pool.end();
      await client.close();
      releaseLock();
    },
  };
  return { database, client };
}
