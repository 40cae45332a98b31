import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { camPreferences } from "../db/schema/cam";
import { childConsents, circles } from "../db/schema/circles";
import { jobs } from "../db/schema/jobs";
import { identityPoolMembers } from "../db/schema/identity";
import { memberProfiles } from "../db/schema/profile";
import { memberSettings, outbox } from "../db/schema";
import { runDueJobs } from "../jobs";
import { readOutbox } from "../mail/outbox";
import { setDiscreetMode, setQuietHours } from "../settings";
import { camJobHandlers } from "./jobs";
import { exportCam } from "./export";
import { PROMPT_JOB, camPromptWeekday, setCamPrompt } from "./prompts";

const database = useTestDatabase([
  outbox,
  jobs,
  camPreferences,
  childConsents,
  circles,
  memberProfiles,
  memberSettings,
  identityPoolMembers,
]);
const member = async (memberId: string, timezone: string, email: string) => {
  await database.db.insert(memberProfiles).values({ memberId, timezone });
  await database.db.insert(identityPoolMembers).values({ memberId, email, fetchedAt: new Date() });
};
// Wednesday 2026-03-11, 10:00 UTC.
const now = new Date("2026-03-11T10:00:00Z");
const run = (at: Date) => runDueJobs(camJobHandlers, { db: database.db, now: at });
const promptJobs = () =>
  database.db
    .select()
    .from(jobs)
    .then((rows) => rows.filter((job) => job.kind === PROMPT_JOB));
const mail = async (to: string) => readOutbox(database.db, to);
/** HH:MM in London `minutes` from the real now (the outbox's quiet-hours gate reads the real clock). */
const londonClock = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toLocaleTimeString("en-GB", {
    timeZone: "Europe/London",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
const pressure = /late|overdue|streak|behind|missed|deadline|\d+ (moments|photos|weeks?)/i;

describe("Cam's gentle weekly prompt", () => {
  it("is off by default: no setting, no job", async () => {
    await member("ann", "Europe/London", "ann@example.com");
    expect(await camPromptWeekday("ann", { db: database.db })).toBeNull();
    expect(await promptJobs()).toEqual([]);
  });

  it("goes out on the chosen day at 10:00 on the member's clock, kindly, and again the next week", async () => {
    await member("ben", "America/New_York", "ben@example.com");
    // Friday (5).
    await setCamPrompt("ben", { promptWeekday: 5 }, { db: database.db, now });
    expect(await camPromptWeekday("ben", { db: database.db })).toBe(5);
    const [job] = await promptJobs();
    // Friday 13 March, 10:00 in New York (EDT since the 8th) is 14:00 UTC.
    expect(job).toMatchObject({ key: "ben", memberId: "ben" });
    expect(job!.runAt.toISOString()).toBe("2026-03-13T14:00:00.000Z");
    expect(await run(new Date("2026-03-13T13:59:00Z"))).toEqual({ ran: 0, failed: 0 });
    expect(await run(new Date("2026-03-13T14:00:30Z"))).toEqual({ ran: 1, failed: 0 });
    const [sent] = await mail("ben@example.com");
    expect(sent).toMatchObject({ subject: "A gentle prompt from Happr Cam", memberId: "ben" });
    expect(sent!.body).toMatch(/^If you'd like, capture a moment this week/);
    expect(sent!.body).not.toMatch(pressure);
    const [next] = await promptJobs();
    expect(next!.runAt.toISOString()).toBe("2026-03-20T14:00:00.000Z");
    // The member's own choice is in their Cam download.
    expect((await exportCam("ben", { db: database.db })).preferences).toEqual({
      concealPhotos: null,
      promptWeekday: 5,
    });
  });

  it("changing the day moves the job; off cancels it, and a job that runs anyway sends nothing", async () => {
    await member("cy", "Europe/London", "cy@example.com");
    await setCamPrompt("cy", { promptWeekday: 1 }, { db: database.db, now });
    expect((await promptJobs())[0]!.runAt.toISOString()).toBe("2026-03-16T10:00:00.000Z");
    await setCamPrompt("cy", { promptWeekday: 7 }, { db: database.db, now });
    const moved = await promptJobs();
    expect(moved).toHaveLength(1);
    expect(moved[0]!.runAt.toISOString()).toBe("2026-03-15T10:00:00.000Z");
    await setCamPrompt("cy", { promptWeekday: null }, { db: database.db, now });
    expect(await promptJobs()).toEqual([]);
    expect(await camPromptWeekday("cy", { db: database.db })).toBeNull();
    // A job left from before (say, a second instance's) finds the prompt off: no mail, and it ends.
    await database.db.insert(jobs).values({ kind: PROMPT_JOB, key: "cy", memberId: "cy", runAt: now });
    expect(await run(new Date("2026-03-16T10:00:30Z"))).toEqual({ ran: 1, failed: 0 });
    expect(await mail("cy@example.com")).toEqual([]);
    expect(await promptJobs()).toEqual([]);
  });

  it("waits out quiet hours and, in discreet mode, says nothing of Cam, photos or moments", async () => {
    await member("dee", "Europe/London", "dee@example.com");
    await setQuietHours(
      "dee",
      { days: [1, 2, 3, 4, 5, 6, 7], from: londonClock(-60), to: londonClock(60) },
      database.db,
    );
    await setDiscreetMode("dee", true, database.db);
    await setCamPrompt("dee", { promptWeekday: 4 }, { db: database.db, now });
    expect(await run(new Date("2026-03-12T10:00:30Z"))).toEqual({ ran: 1, failed: 0 });
    const [sent] = await mail("dee@example.com");
    expect(sent!.subject).toBe("You have a message");
    expect(sent!.body).not.toMatch(/cam|photo|moment|picture|capture/i);
    expect(sent!.body).not.toMatch(pressure);
    // Held until the quiet hours end, about an hour from now.
    expect(sent!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
  });

  it("a child is never prompted: the setting is refused, and a job for them sends nothing and ends", async () => {
    // An address is held for this child on purpose: the rule is the child's account, not a missing address.
    await member("kid", "Europe/London", "kid@example.com");
    const [circle] = await database.db.insert(circles).values({ name: "Home", ownerId: "mum" }).returning();
    await database.db.insert(childConsents).values({
      childId: "kid",
      circleId: circle!.id,
      guardianId: "mum",
      birthMonth: "2018-06",
      wordingVersion: "2026-01",
    });
    await expect(setCamPrompt("kid", { promptWeekday: 3 }, { db: database.db, now })).rejects.toMatchObject({
      status: 403,
      field: "promptWeekday",
    });
    expect(await promptJobs()).toEqual([]);
    await database.db.insert(camPreferences).values({ memberId: "kid", promptWeekday: 3 });
    await database.db.insert(jobs).values({ kind: PROMPT_JOB, key: "kid", memberId: "kid", runAt: now });
    expect(await run(new Date("2026-03-11T10:00:30Z"))).toEqual({ ran: 1, failed: 0 });
    expect(await database.db.select().from(outbox)).toEqual([]);
    expect(await promptJobs()).toEqual([]);
  });

  it("a day outside Monday..Sunday is refused, naming the field", async () => {
    for (const promptWeekday of [0, 8, 2.5, "3", undefined])
      await expect(setCamPrompt("ann", { promptWeekday }, { db: database.db, now })).rejects.toMatchObject({
        status: 422,
        field: "promptWeekday",
      });
    expect(await database.db.select().from(camPreferences)).toEqual([]);
  });
});
