import { sql } from "drizzle-orm";
import { getDb } from "./client";

/** True once the database is open, migrated and answering. */
export async function isDatabaseReady(): Promise<boolean> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return true;
  } catch (error) {
    console.error("Database health check failed", error);
    return false;
  }
}
