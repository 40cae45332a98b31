import { describe, expect, it } from "vitest";
import { isUuid } from "./uuid";

describe("isUuid", () => {
  it("accepts the ids the database makes, in either case", () => {
    expect(isUuid("3f2b8c1e-9d4a-4e7b-8a61-0c5d2e9f7b13")).toBe(true);
    expect(isUuid("3F2B8C1E-9D4A-4E7B-8A61-0C5D2E9F7B13")).toBe(true);
  });

  it("refuses anything PostgreSQL would not read as a uuid, before it reaches a query", () => {
    for (const value of [
      "",
      "not-a-uuid",
      "3f2b8c1e-9d4a-4e7b-8a61-0c5d2e9f7b1",
      "3f2b8c1e-9d4a-4e7b-8a61-0c5d2e9f7b13' or '1'='1",
      " 3f2b8c1e-9d4a-4e7b-8a61-0c5d2e9f7b13",
      "3f2b8c1e-9d4a-4e7b-8a61-0c5d2e9f7b13\n",
      "g f2b8c1e-9d4a-4e7b-8a61-0c5d2e9f7b13",
      undefined,
      null,
      42,
    ]) {
      expect(isUuid(value), String(value)).toBe(false);
    }
  });
});
