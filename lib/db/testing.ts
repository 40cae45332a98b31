import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { installDatabase } from "./client";
import { migrationsFolder, openDatabase, openPglite, type Database, type Db } from "./open";

/**
 * A fresh, migrated database: PGlite in memory by default, or a scratch database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again by the returned close()). It becomes the process's
 * database, so services under test use it through getDb(). Test files use useTestDatabase below;
 * this is for tools that open one by hand (the benchmarks).
 *
 * Each starts as a copy of one database the migrations were applied to, built once per set of
 * migrations (see migratedPglite and migratedTemplate): applying all of them again for every test
 * file was most of a database test file's time (about 3 s of CPU on PGlite). openDatabase still runs
 * the migrator on the copy, which finds nothing pending; applying them to an empty database stays
 * tested where it matters (the migrations' own tests, lib/db/migration-testing.ts).
 */
export async function createTestDatabase(serverUrl = process.env.TEST_DATABASE_URL): Promise<Database> {
  if (!serverUrl) {
    const database = await openDatabase({ kind: "pglite-memory", from: await migratedPglite() });
    installDatabase(database);
    return database;
  }

  const { Client } = await import("pg");
  const template = await migratedTemplate(serverUrl);
  const name = `happr_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }

  const database = await openDatabase({ kind: "postgres", url: databaseUrl(serverUrl, name) });
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

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Names these migrations (every file of the folder) and the PGlite whose data directory holds them. */
function migrationsKey(): string {
  // PGlite's package.json is not among its exports: it sits beside the folder its entry point is in.
  const pglite = path.join(path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "..");
  const hash = createHash("sha256").update(readFileSync(path.join(pglite, "package.json")));
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A dump of a PGlite data directory with every migration applied, kept in the system's temporary
 * folder under the migrations' key, so that each test file (each in a process of its own) loads it
 * instead of creating a cluster and migrating it. The first file to miss it builds it; written under
 * another name and renamed, a half-written dump is never read.
 */
async function migratedPglite(): Promise<Blob> {
  const file = path.join(tmpdir(), `happr-pglite-migrated-${migrationsKey()}.tar`);
  if (!existsSync(file)) {
    const { database, client } = await openPglite({ kind: "pglite-memory" });
    const dump = await client.dumpDataDir("none");
    await database.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

// Any fixed number: the test files building the template at once wait for the first to finish.
const TEMPLATE_LOCK = 724_917_302;

/**
 * A database on the server with every migration applied, named after the migrations' key, that each
 * test file's scratch database is copied from (`create database ... template`). Built under another
 * name and renamed once migrated, so no file copies it half built; left on the server for the next run
 * (a new set of migrations gets a template of its own).
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const { Client } = await import("pg");
  const template = `happr_template_${migrationsKey()}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    const found = await admin.query("select 1 from pg_database where datname = $1", [template]);
    if (found.rowCount === 0) {
      const building = `${template}_building_${randomBytes(4).toString("hex")}`;
      await admin.query(`create database ${building}`);
      try {
        await (await openDatabase({ kind: "postgres", url: databaseUrl(serverUrl, building) })).close();
        await admin.query(`alter database ${building} rename to ${template}`);
      } catch (error) {
        await admin.query(`drop database if exists ${building} with (force)`);
        throw error;
      }
    }
  } finally {
    await admin.end();
  }
  return template;
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
