import { randomBytes } from "node:crypto";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { installDatabase } from "./client";
import { openDatabase, type Database, type Db } from "./open";

/**
 * A fresh, migrated database: PGlite in memory by default, or a scratch database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again by the returned close()). It becomes the process's
 * database, so services under test use it through getDb(). Test files use useTestDatabase below;
 * this is for tools that open one by hand (the benchmarks).
 */
export async function createTestDatabase(serverUrl = process.env.TEST_DATABASE_URL): Promise<Database> {
  if (!serverUrl) {
    const database = await openDatabase({ kind: "pglite-memory" });
    installDatabase(database);
    return database;
  }

  const { Client } = await import("pg");
  const name = `happr_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  installDatabase(database);
  return {
    db: database.db,
    close: async () => {
      await database.close();
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export type TestDatabaseOptions = {
  /** Runs once the database is open, before the file's own beforeAll hooks (e.g. to sign a first member up). */
  setUp?: (db: Db) => unknown;
  /** How long opening it and `setUp` may take. */
  timeoutMs?: number;
};

/**
 * The one test-database fixture, for a vitest file: its own fresh, migrated database (see
 * createTestDatabase), opened before the file's tests and closed after them, with `emptied` tables
 * cleared before each test. Read `.db` inside tests and hooks (it is open only from the file's
 * beforeAll on). Fixtures for a domain build on it (useMemberTestDatabase, useSandboxBilling).
 */
export function useTestDatabase(
  emptied: PgTable[] = [],
  { setUp, timeoutMs = 120_000 }: TestDatabaseOptions = {},
): { readonly db: Db } {
  let handle: Database | undefined;
  // Starting PGlite and migrating can take a while on a busy machine.
  beforeAll(async () => {
    handle = await createTestDatabase();
    await setUp?.(handle.db);
  }, timeoutMs);
  afterAll(() => handle?.close());
  beforeEach(async () => {
    for (const table of emptied) await handle!.db.delete(table);
  });
  return {
    get db() {
      if (!handle) throw new Error("useTestDatabase: the database opens in the file's beforeAll");
      return handle.db;
    },
  };
}
