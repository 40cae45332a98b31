import { expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { rateLimitCounters } from "../db/schema";
import { consume } from ".";

const database = useTestDatabase();
// Starting PGlite and migrating can take a while on a busy machine.

const rule = { limit: 3, windowSeconds: 60 };

it("allows up to the limit in one window, then refuses with the time left", async () => {
  const now = new Date("2026-01-01T10:00:15Z");
  const results = [];
  for (let i = 0; i < 5; i++) results.push(await consume("test", "203.0.113.1", rule, { now }));
  expect(results.map((result) => result.allowed)).toEqual([true, true, true, false, false]);
  expect(results[0]).toMatchObject({ remaining: 2, retryAfterSeconds: 0 });
  expect(results[3]).toMatchObject({ remaining: 0, retryAfterSeconds: 45 });
});

it("counts subjects and buckets separately", async () => {
  const now = new Date("2026-01-01T11:00:00Z");
  for (let i = 0; i < 3; i++) await consume("test", "198.51.100.1", rule, { now });
  expect((await consume("test", "198.51.100.1", rule, { now })).allowed).toBe(false);
  expect((await consume("test", "198.51.100.2", rule, { now })).allowed).toBe(true);
  expect((await consume("other", "198.51.100.1", rule, { now })).allowed).toBe(true);
});

it("starts afresh in the next window and sweeps windows that are over", async () => {
  const first = new Date("2026-01-01T12:00:59Z");
  for (let i = 0; i < 4; i++) await consume("sweep", "192.0.2.1", rule, { now: first });
  const later = new Date("2026-01-01T12:05:00Z");
  expect(await consume("sweep", "192.0.2.1", rule, { now: later })).toMatchObject({ allowed: true, remaining: 2 });
  const rows = await database.db.select().from(rateLimitCounters);
  expect(rows.every((row) => row.expiresAt.getTime() >= later.getTime() - 60_000)).toBe(true);
});

it("counts concurrent attempts exactly (the counter is atomic)", async () => {
  const now = new Date("2026-01-01T13:00:00Z");
  const results = await Promise.all(
    Array.from({ length: 40 }, () => consume("burst", "192.0.2.9", { limit: 10, windowSeconds: 60 }, { now })),
  );
  expect(results.filter((result) => result.allowed)).toHaveLength(10);
});

it("uses the database clock when no time is given", async () => {
  const result = await consume("clock", "192.0.2.10", { limit: 1, windowSeconds: 3600 });
  expect(result.allowed).toBe(true);
  const blocked = await consume("clock", "192.0.2.10", { limit: 1, windowSeconds: 3600 });
  expect(blocked.allowed).toBe(false);
  expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
  expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(3600);
});
