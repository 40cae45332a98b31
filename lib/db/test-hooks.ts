import { afterAll, beforeAll, beforeEach } from "vitest";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./open";
import { createTestDatabase } from "./testing";

/**
 * For a vitest file: its own fresh, migrated database (see createTestDatabase), opened before the
 * file's tests and closed after them, with `emptied` tables cleared before each test. Read `.db`
 * inside tests and hooks (it is open only from the file's beforeAll on).
 */
export function useTestDatabase(emptied: PgTable[] = []): { readonly db: Db } {
  let handle: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  // Starting PGlite and migrating can take a while on a busy machine.
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 120_000);
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
