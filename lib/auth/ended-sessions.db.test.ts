import { expect, it } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import { authEndedSessions } from "@/lib/db/schema";
import { endSession, isSessionEnded } from "./ended-sessions";

const database = useTestDatabase();

it("remembers a logged-out session, twice is harmless, and forgets records past their expiry", async () => {
  const now = new Date("2026-06-01T00:00:00Z");
  await endSession("old-session", new Date("2026-05-01T00:00:00Z"), { now: new Date("2026-04-01T00:00:00Z") });
  expect(await isSessionEnded("old-session")).toBe(true);
  await endSession("session-a", new Date("2026-07-01T00:00:00Z"), { now });
  await endSession("session-a", new Date("2026-07-01T00:00:00Z"), { now });
  expect(await isSessionEnded("session-a")).toBe(true);
  expect(await isSessionEnded("session-b")).toBe(false);
  // Ending session-a after old-session's expiry swept it.
  expect((await database.db.select().from(authEndedSessions)).map((row) => row.sessionId)).toEqual(["session-a"]);
});
