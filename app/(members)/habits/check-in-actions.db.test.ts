import { describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import { shares } from "@/lib/db/schema/circles";
import { habitEntries, habits, habitScoreCheckpoints, habitTargets } from "@/lib/db/schema/habits";
import { memberSettings } from "@/lib/db/schema/settings";

// The actions run as the member the mock answers, against this file's database (installed as the app's).
const database = useTestDatabase([habitScoreCheckpoints, habitEntries, habitTargets, habits, shares, memberSettings]);
const signedIn = { memberId: "ada" };
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error(`redirect ${to}`), { to });
  },
}));
vi.mock("@/lib/auth/member", async () => {
  const { DomainError } = await import("@/lib/errors");
  class MemberRequiredError extends DomainError {}
  const member = () => ({ memberId: signedIn.memberId, email: `${signedIn.memberId}@example.com`, name: "Ada" });
  return { MemberRequiredError, getMember: async () => member(), requireMember: async () => member() };
});

const { tapCheckInAction, archiveHabitFromPageAction } = await import("./check-in-actions");
const { createHabit, getMyHabits, todayOf } = await import("@/lib/habits/store");

const idle = { status: "idle" as const, message: "", fieldErrors: {}, values: {} };
const formOf = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const entries = () => database.db.select().from(habitEntries);

describe("one tap on a habit's day", () => {
  it("marks the day done, and a second tap (undo) takes it back", async () => {
    const run = await createHabit("ada", { title: "Run", kind: "CHECK", schedule: "DAILY" });
    const date = await todayOf("ada");
    expect(await tapCheckInAction(idle, formOf({ habitId: run.id, date, intent: "done" }))).toMatchObject({
      status: "ok",
      message: "Checked in.",
    });
    expect(await entries()).toMatchObject([{ habitId: run.id, day: date, memberId: "ada", value: 1 }]);
    expect((await getMyHabits("ada"))[0]!.todayState).toBe("DONE");
    expect(await tapCheckInAction(idle, formOf({ habitId: run.id, date, intent: "undo" }))).toMatchObject({
      status: "ok",
      message: "Entry removed.",
    });
    expect(await entries()).toEqual([]);
  });

  it("records the stepper's amount for counts and minutes, and a count without one is refused next to its field", async () => {
    const water = await createHabit("ada", {
      title: "Water",
      kind: "COUNT",
      target: 8,
      unit: "glasses",
      schedule: "DAILY",
    });
    const date = await todayOf("ada");
    expect(await tapCheckInAction(idle, formOf({ habitId: water.id, date, intent: "done" }))).toMatchObject({
      status: "error",
      fieldErrors: { value: expect.stringMatching(/needs a value/) },
    });
    await tapCheckInAction(idle, formOf({ habitId: water.id, date, intent: "done", value: "6" }));
    expect(await entries()).toMatchObject([{ day: date, value: 6 }]);
  });

  it("refuses what the schema does not name before anything is written: a bad day, an unknown intent, a value that is not a number", async () => {
    const run = await createHabit("ada", { title: "Run", kind: "CHECK", schedule: "DAILY" });
    expect(await tapCheckInAction(idle, formOf({ habitId: run.id, date: "yesterday", intent: "done" }))).toMatchObject({
      status: "error",
      fieldErrors: { date: "date must be a day (YYYY-MM-DD)" },
    });
    expect(
      await tapCheckInAction(idle, formOf({ habitId: run.id, date: await todayOf("ada"), intent: "rest" })),
    ).toMatchObject({ status: "error", fieldErrors: { intent: "intent must be done or undo" } });
    expect(
      await tapCheckInAction(
        idle,
        formOf({ habitId: run.id, date: await todayOf("ada"), intent: "done", value: "lots" }),
      ),
    ).toMatchObject({ status: "error", fieldErrors: { value: "value must be a number" } });
    expect(await entries()).toEqual([]);
  });

  it("gives someone else's habit the same answer as a missing one", async () => {
    const theirs = await createHabit("bo", { title: "Bo's", kind: "CHECK", schedule: "DAILY" });
    expect(
      await tapCheckInAction(idle, formOf({ habitId: theirs.id, date: await todayOf("ada"), intent: "done" })),
    ).toMatchObject({ status: "error", message: "Habit not found" });
    expect(await entries()).toEqual([]);
  });
});

describe("archiving from the habit's own page", () => {
  it("archives it and sends the member back to My Habits", async () => {
    const run = await createHabit("ada", { title: "Run", kind: "CHECK", schedule: "DAILY" });
    await expect(archiveHabitFromPageAction(idle, formOf({ habitId: run.id }))).rejects.toMatchObject({
      to: "/habits",
    });
    expect(await getMyHabits("ada")).toEqual([]);
  });
});
