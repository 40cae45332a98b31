import { sql } from "drizzle-orm";
import { getDb } from "./client";
import { logError } from "../log";

/** True once the database is open, migrated and answering. */
export async function isDatabaseReady(): Promise<boolean> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return true;
  } catch (error) {
    logError("Database health check failed", error);
    return false;
  }
}
