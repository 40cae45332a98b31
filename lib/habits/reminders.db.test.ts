import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { habitEntries, habits, habitTargets } from "../db/schema/habits";
import { jobs } from "../db/schema/jobs";
import { identityPoolMembers } from "../db/schema/identity";
import { memberProfiles } from "../db/schema/profile";
import { memberSettings, outbox } from "../db/schema";
import { runDueJobs } from "../jobs";
import { readOutbox } from "../mail/outbox";
import { setDiscreetMode, setQuietHours } from "../settings";
import { REMINDER_JOB, SUMMARY_JOB, habitJobHandlers, nextLocalTime, summaryText } from "./reminders";
import { checkInHabit, createHabit, updateHabit } from "./store";

const database = useTestDatabase([
  outbox,
  jobs,
  habitEntries,
  habitTargets,
  habits,
  memberProfiles,
  memberSettings,
  identityPoolMembers,
]);
/** A member whose address the database holds (as the local copy of their pool attributes): reminders are sent to it. */
const member = async (memberId: string, timezone: string, email?: string) => {
  await database.db.insert(memberProfiles).values({ memberId, timezone });
  if (email) await database.db.insert(identityPoolMembers).values({ memberId, email, fetchedAt: new Date() });
};
// Wednesday 2026-03-11, 10:00 in London.
const now = new Date("2026-03-11T10:00:00Z");
const run = (at: Date) => runDueJobs(habitJobHandlers, { db: database.db, now: at });
const mail = async () => {
  const rows = await database.db.select({ recipient: outbox.recipient }).from(outbox);
  return (
    await Promise.all([...new Set(rows.map((row) => row.recipient))].map((to) => readOutbox(database.db, to)))
  ).flat();
};
/** HH:MM in London `minutes` from the real now (the outbox's quiet-hours gate reads the real clock). */
const londonClock = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toLocaleTimeString("en-GB", {
    timeZone: "Europe/London",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
const input = { title: "Stretch", kind: "CHECK", schedule: "DAILY", reminderTime: "19:30" };

describe("habit reminders and the weekly summary", () => {
  it("next local time: the member's clock, across a change of summer time", () => {
    expect(nextLocalTime(now, "Europe/London", "19:30").toISOString()).toBe("2026-03-11T19:30:00.000Z");
    expect(nextLocalTime(now, "Europe/London", "09:00").toISOString()).toBe("2026-03-12T09:00:00.000Z");
    // Sunday 29 March 2026 London moves to BST: 18:00 local is 17:00 UTC.
    expect(
      nextLocalTime(new Date("2026-03-23T00:00:00Z"), "Europe/London", "18:00", (d) => d === 7).toISOString(),
    ).toBe("2026-03-29T17:00:00.000Z");
  });

  it("reminds at the member's time when the habit is due, not when done; then the next day; never twice", async () => {
    await member("ada", "Europe/London", "ada@example.com");
    const habit = await createHabit("ada", input, { db: database.db, now, email: "ada@example.com" });
    const [reminder] = await database.db.select().from(jobs).where(eq(jobs.kind, REMINDER_JOB));
    expect(reminder).toMatchObject({ key: habit.id, memberId: "ada" });
    expect(reminder!.runAt.toISOString()).toBe("2026-03-11T19:30:00.000Z");
    expect(await run(new Date("2026-03-11T19:00:00Z"))).toEqual({ ran: 0, failed: 0 });
    const evening = new Date("2026-03-11T19:30:30Z");
    await Promise.all([run(evening), run(evening)]);
    const sent = await mail();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: "ada@example.com", subject: "Reminder: Stretch", memberId: "ada" });
    expect(sent[0]!.body).toContain("Stretch");
    const [moved] = await database.db.select().from(jobs).where(eq(jobs.kind, REMINDER_JOB));
    expect(moved!.runAt.toISOString()).toBe("2026-03-12T19:30:00.000Z");
    // Done on the 12th: no reminder that evening.
    await checkInHabit(
      "ada",
      habit.id,
      { date: "2026-03-12" },
      { db: database.db, now: new Date("2026-03-12T08:00:00Z") },
    );
    await run(new Date("2026-03-12T19:31:00Z"));
    expect(await mail()).toHaveLength(1);
    // No reminder time: the job ends.
    await updateHabit(
      "ada",
      habit.id,
      { ...input, reminderTime: null },
      { db: database.db, now, email: "ada@example.com" },
    );
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, REMINDER_JOB))).toEqual([]);
  });

  it("waits out quiet hours (the outbox's gate) and says nothing of the habit in discreet mode", async () => {
    await member("bea", "Europe/London", "bea@example.com");
    // Quiet hours around the real now: the outbox holds what is queued in them.
    await setQuietHours(
      "bea",
      { days: [1, 2, 3, 4, 5, 6, 7], from: londonClock(-60), to: londonClock(60) },
      database.db,
    );
    await setDiscreetMode("bea", true, database.db);
    await createHabit("bea", { ...input, privateTitle: "S" }, { db: database.db, now, email: "bea@example.com" });
    await run(new Date("2026-03-11T19:30:30Z"));
    const [sent] = await mail();
    expect(sent!.subject).toBe("You have a message");
    expect(sent!.body).not.toMatch(/Stretch|\bS\b|habit/i);
    // Held until the quiet hours end, about an hour from now.
    expect(sent!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
  });

  it("the weekly summary goes out on the member's Sunday evening and starts with what went well", async () => {
    await member("cy", "America/New_York", "cy@example.com");
    const monday = new Date("2026-03-09T12:00:00Z");
    const a = await createHabit(
      "cy",
      { ...input, reminderTime: null },
      { db: database.db, now: monday, email: "cy@example.com" },
    );
    await createHabit(
      "cy",
      { ...input, title: "Read", reminderTime: null },
      { db: database.db, now: monday, email: "cy@example.com" },
    );
    for (const day of ["2026-03-09", "2026-03-10", "2026-03-12"])
      await checkInHabit("cy", a.id, { date: day }, { db: database.db, now: new Date("2026-03-13T12:00:00Z") });
    const [summary] = await database.db.select().from(jobs).where(eq(jobs.kind, SUMMARY_JOB));
    // Sunday 15 March, 18:00 in New York (EDT since the 8th) is 22:00 UTC.
    expect(summary!.runAt.toISOString()).toBe("2026-03-15T22:00:00.000Z");
    await run(new Date("2026-03-15T22:00:05Z"));
    const [sent] = await mail();
    expect(sent!.body.startsWith("What went well this week:\n- Stretch: done on 3 days")).toBe(true);
    expect(sent!.body).toContain("Waiting for you next week: Read.");
    expect(sent!.body).not.toMatch(/rank|leader|others/i);
    const [next] = await database.db.select().from(jobs).where(eq(jobs.kind, SUMMARY_JOB));
    expect(next!.runAt.toISOString()).toBe("2026-03-22T22:00:00.000Z");
  });

  it("goes to the member's address as it is when it is sent: an email changed since is followed", async () => {
    await member("dee", "Europe/London", "dee.old@example.com");
    await createHabit("dee", input, { db: database.db, now, email: "dee.old@example.com" });
    await database.db
      .update(identityPoolMembers)
      .set({ email: "dee.new@example.com" })
      .where(eq(identityPoolMembers.memberId, "dee"));
    expect(await run(new Date("2026-03-11T19:30:30Z"))).toEqual({ ran: 1, failed: 0 });
    expect((await mail()).map((sent) => sent.recipient)).toEqual(["dee.new@example.com"]);
  });

  it("a child (no address, a sign-in name) gets no mail: nothing reaches the outbox and the job does not fail", async () => {
    // The forms pass the member's "email", which for a child is their sign-in name.
    await member("kid", "Europe/London");
    await createHabit("kid", input, { db: database.db, now, email: "sam.k" });
    await createHabit("kid", { ...input, title: "Read", reminderTime: null }, { db: database.db, now, email: "sam.k" });
    expect(await run(new Date("2026-03-11T19:30:30Z"))).toEqual({ ran: 1, failed: 0 });
    const [reminder] = await database.db.select().from(jobs).where(eq(jobs.kind, REMINDER_JOB));
    expect(reminder!.runAt.toISOString()).toBe("2026-03-12T19:30:00.000Z");
    expect(await run(new Date("2026-03-15T18:00:30Z"))).toEqual({ ran: 2, failed: 0 });
    expect(await database.db.select().from(outbox)).toEqual([]);
    expect((await database.db.select().from(jobs)).map((job) => job.attempts)).toEqual([0, 0]);
  });

  it("a quiet week is said kindly", () => {
    expect(summaryText([{ name: "Run", done: 0, rest: 0, currentStreak: 0, bestStreak: 3 }])).toBe(
      "A quiet week, and that is all right: every week is a fresh start.\n\nWaiting for you next week: Run.",
    );
  });
});
