import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../db/open";
import { createTestDatabase } from "../../db/testing";
import { setPasswordHashParamsForTests } from "../password";

/**
 * For a test file that signs members up: a fresh, migrated database (see createTestDatabase) opened
 * before the file's tests with cheap password hashing, and closed after them. `setUp` runs once it
 * is open, e.g. to keep the handle (`(db) => (handle = db)`) or to sign a first member up.
 */
export function useMemberTestDatabase(setUp: (db: Db) => unknown = () => undefined, timeoutMs = 60_000): void {
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    setPasswordHashParamsForTests({ logN: 10, r: 8, p: 1 });
    const database = await createTestDatabase();
    close = () => database.close();
    await setUp(database.db);
  }, timeoutMs);
  afterAll(async () => {
    setPasswordHashParamsForTests(undefined);
    await close?.();
  });
}
