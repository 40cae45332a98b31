import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { rateLimitCounters, waitlistEntries } from "../db/schema";
import { ALREADY_JOINED_MESSAGE, INVALID_EMAIL_MESSAGE, joinWaitlist, RATE_LIMITED_MESSAGE } from ".";

const database = useTestDatabase([waitlistEntries, rateLimitCounters]);

let addressCounter = 0;
// Each call gets its own address unless a test is about the rate limit.
const fresh = () => ({ clientAddress: `198.51.100.${++addressCounter}` });

describe("joinWaitlist", () => {
  it("stores a valid entry trimmed, as typed", async () => {
    expect(await joinWaitlist({ email: "  Ada.Lovelace@Example.com ", firstName: "  Ada " }, fresh())).toMatchObject({
      status: "joined",
    });
    const rows = await database.db.select().from(waitlistEntries);
    expect(rows).toEqual([expect.objectContaining({ email: "Ada.Lovelace@Example.com", firstName: "Ada" })]);
  });

  it("stores no first name when it is left empty", async () => {
    await joinWaitlist({ email: "grace@example.com", firstName: "   " }, fresh());
    const [row] = await database.db.select().from(waitlistEntries);
    expect(row!.firstName).toBeNull();
  });

  it.each([["not-an-email"], [""], ["   "], ["a@b"], [`${"x".repeat(250)}@example.com`]])(
    "rejects %j and stores nothing",
    async (email) => {
      const result = await joinWaitlist({ email }, fresh());
      expect(result.status).toBe("invalid");
      if (result.status === "invalid") expect(result.fieldErrors.email).toMatch(/email/i);
      expect(await database.db.select().from(waitlistEntries)).toHaveLength(0);
    },
  );

  it("explains an invalid email with an example", async () => {
    const result = await joinWaitlist({ email: "ada at example" }, fresh());
    expect(result).toMatchObject({ status: "invalid", fieldErrors: { email: INVALID_EMAIL_MESSAGE } });
  });

  it("rejects a first name that is too long or holds control characters", async () => {
    const long = await joinWaitlist({ email: "ok@example.com", firstName: "x".repeat(101) }, fresh());
    expect(long).toMatchObject({ status: "invalid", fieldErrors: { firstName: expect.stringMatching(/First name/) } });
    const control = await joinWaitlist({ email: "ok@example.com", firstName: "Ada\u0000" }, fresh());
    expect(control).toMatchObject({
      status: "invalid",
      fieldErrors: { firstName: expect.stringMatching(/First name/) },
    });
    expect(await database.db.select().from(waitlistEntries)).toHaveLength(0);
  });

  it("tells someone joining again in another letter case that they are already on the list", async () => {
    await joinWaitlist({ email: "ada@example.com" }, fresh());
    const again = await joinWaitlist({ email: "ADA@Example.COM", firstName: "Ada" }, fresh());
    expect(again).toEqual({ status: "already-joined", message: ALREADY_JOINED_MESSAGE });
    const rows = await database.db.select().from(waitlistEntries);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe("ada@example.com");
  });

  it("stores exactly 50 rows for 50 concurrent distinct emails", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => joinWaitlist({ email: `person${i}@example.com` }, fresh())),
    );
    expect(results.every((result) => result.status === "joined")).toBe(true);
    expect(await database.db.select().from(waitlistEntries)).toHaveLength(50);
  });

  it("stores exactly one row for 50 concurrent submissions of one email", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        joinWaitlist({ email: i % 2 ? "same@example.com" : "SAME@example.com" }, fresh()),
      ),
    );
    expect(results.filter((result) => result.status === "joined")).toHaveLength(1);
    expect(results.filter((result) => result.status === "already-joined")).toHaveLength(49);
    expect(await database.db.select().from(waitlistEntries)).toHaveLength(1);
  });

  it("rate-limits the 6th attempt from one address within a minute, not another address", async () => {
    const now = new Date("2026-03-01T09:00:05Z");
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push(await joinWaitlist({ email: `burst${i}@example.com` }, { clientAddress: "203.0.113.50", now }));
    expect(results.slice(0, 5).map((result) => result.status)).toEqual([
      "joined",
      "joined",
      "joined",
      "joined",
      "joined",
    ]);
    expect(results[5]).toMatchObject({ status: "rate-limited", message: RATE_LIMITED_MESSAGE });
    expect(await database.db.select().from(waitlistEntries)).toHaveLength(5);

    expect(await joinWaitlist({ email: "other@example.com" }, { clientAddress: "203.0.113.51", now })).toMatchObject({
      status: "joined",
    });
    // A minute later the first address may try again.
    const later = new Date("2026-03-01T09:01:05Z");
    expect(
      await joinWaitlist({ email: "burst5@example.com" }, { clientAddress: "203.0.113.50", now: later }),
    ).toMatchObject({ status: "joined" });
  });
});

describe("listWaitlist", () => {
  it("lists every entry oldest first for the CSV export (with --all: confirmed or not)", async () => {
    const { listWaitlist, waitlistToCsv } = await import("./export");
    await joinWaitlist({ email: "first@example.com", firstName: "First" }, fresh());
    await joinWaitlist({ email: "@second@example.com" }, fresh());
    await joinWaitlist({ email: "second@example.com" }, fresh());
    const rows = await listWaitlist(database.db, { includeUnconfirmed: true });
    expect(rows.map((row) => row.email)).toEqual(["first@example.com", "second@example.com"]);
    const csv = waitlistToCsv(rows);
    expect(csv.split("\r\n")[1]).toMatch(/^first@example\.com,First,\d{4}-\d\d-\d\dT/);
  });
});
