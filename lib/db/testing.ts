import { randomBytes } from "node:crypto";
import { installDatabase } from "./client";
import { openDatabase, type Database } from "./open";

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a scratch database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again by the returned close()).
 * It becomes the process's database, so services under test use it through getDb().
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
