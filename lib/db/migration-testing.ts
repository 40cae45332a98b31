import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll } from "vitest";
import * as schema from "./schema";
import { pglitePool } from "./pglite-pool";

const migrations = path.join(process.cwd(), "lib/db/migrations");

/**
 * For a migration's own test, which writes the old shape before the migration runs: `migrationsUpTo`
 * copies the migrations folder with its journal cut after `tag` (drizzle's migrator reads only the
 * journal), and `scratchDatabase` opens an unmigrated database, on PGlite, or on the PostgreSQL server
 * named by TEST_DATABASE_URL when it is set (dropped after the file). Everything goes after the file.
 */
export function useMigrationScratch(name: string) {
  const scratch = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  function migrationsUpTo(tag: string) {
    const folder = path.join(scratch, tag);
    cpSync(migrations, folder, { recursive: true });
    const journalFile = path.join(folder, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((entry) => entry.tag === tag);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
    return folder;
  }

  async function scratchDatabase(): Promise<NodePgDatabase<typeof schema>> {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      const client = new PGlite();
      const pool = pglitePool(client);
      cleanups.push(async () => {
        await pool.end();
        await client.close();
      });
      return drizzle({ client: pool, schema });
    }
    const database = `happr_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    const pool = new pg.Pool({ connectionString: url.toString() });
    cleanups.push(async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${database} with (force)`);
      await dropper.end();
    });
    return drizzle({ client: pool, schema });
  }

  return { migrationsFolder: migrations, migrationsUpTo, scratchDatabase };
}
