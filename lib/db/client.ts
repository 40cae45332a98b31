import "server-only";
import { openDatabase, type Database } from "./open";
import { getConfig } from "../config";

/**
 * The process's database: PostgreSQL when DATABASE_URL is set, otherwise PGlite with its files under
 * DATA_DIR. Opened (and migrated) on first use. Kept on globalThis so hot reloads in development
 * reuse the one PGlite instance instead of opening the same files twice.
 */
const holder = globalThis as unknown as { __happrDb?: Promise<Database> };

export function getDb(): Promise<Database["db"]> {
  holder.__happrDb ??= openDatabase(getConfig().database);
  return holder.__happrDb.then((database) => database.db);
}

/** Tests install their own database (PGlite in memory or a scratch PostgreSQL database). */
export function installDatabase(database: Database) {
  holder.__happrDb = Promise.resolve(database);
}
