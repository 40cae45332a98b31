import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../db/open";
import { useTestDatabase } from "../../db/testing";
import { setPasswordHashParamsForTests } from "../password";

/**
 * For a test file that signs members up: the file's database (useTestDatabase) with cheap password
 * hashing while its tests run. `setUp` runs once it is open, e.g. to keep the handle
 * (`(db) => (handle = db)`) or to sign a first member up.
 */
export function useMemberTestDatabase(
  setUp: (db: Db) => unknown = () => undefined,
  timeoutMs = 60_000,
): { readonly db: Db } {
  beforeAll(() => setPasswordHashParamsForTests({ logN: 10, r: 8, p: 1 }));
  afterAll(() => setPasswordHashParamsForTests(undefined));
  return useTestDatabase([], { setUp, timeoutMs });
}
