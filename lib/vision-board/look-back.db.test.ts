import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { childConsents, circleMemberships, circles } from "../db/schema/circles";
import { jobs } from "../db/schema/jobs";
import { identityPoolMembers } from "../db/schema/identity";
import { memberProfiles } from "../db/schema/profile";
import { memberSettings, outbox } from "../db/schema";
import { visionBoardItems, visionBoards, visionMilestones, visionPreferences } from "../db/schema/vision-board";
import { makeCircle } from "../circles/testing";
import { runDueJobs } from "../jobs";
import { readOutbox } from "../mail/outbox";
import { setDiscreetMode, setQuietHours } from "../settings";
import { boardLinks } from "@/lib/features";
import { addBoardItem, addMilestone, completeMilestone, getMyBoards, setGoalStatus, updateBoardItem } from "./store";
import { forgetVisionBoard } from "./export";
import { LOOK_BACK_JOB, exportLookBack, lookBackChoice, lookBackJobHandlers, setLookBack } from "./look-back";

const database = useTestDatabase([
  outbox,
  jobs,
  visionPreferences,
  visionMilestones,
  visionBoardItems,
  visionBoards,
  childConsents,
  circleMemberships,
  circles,
  memberProfiles,
  memberSettings,
  identityPoolMembers,
]);
const member = async (memberId: string, timezone: string, email: string) => {
  await database.db.insert(memberProfiles).values({ memberId, timezone });
  await database.db.insert(identityPoolMembers).values({ memberId, email, fetchedAt: new Date() });
};
const at = (iso: string) => ({ db: database.db, now: new Date(iso), links: boardLinks });
const run = (iso: string) =>
  runDueJobs(
    lookBackJobHandlers(() => boardLinks),
    { db: database.db, now: new Date(iso) },
  );
const lookBackJobs = () => database.db.select().from(jobs).where(eq(jobs.kind, LOOK_BACK_JOB));
const goal = (title: string, extra: Record<string, unknown> = {}) => ({ kind: "GOAL", title, ...extra });
const myBoardId = async (memberId: string) => (await getMyBoards(memberId, at("2026-02-20T12:00:00Z")))[0]!.id;
/** HH:MM in London `minutes` from the real now (the outbox's quiet-hours gate reads the real clock). */
const londonClock = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toLocaleTimeString("en-GB", {
    timeZone: "Europe/London",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
const pressure = /behind|streak|late|overdue|missed|nudge|fail|should/i;

describe("the Vision Board's monthly look back", () => {
  it("starts with the first goal, on the first Sunday of the month at 10:00 on the member's clock", async () => {
    await member("ann", "Europe/London", "ann@example.com");
    expect(await lookBackChoice("ann", { db: database.db })).toEqual({ lookBack: "first-7", chosen: false });
    await addBoardItem("ann", await myBoardId("ann"), { kind: "WORDS", text: "Calm" }, at("2026-03-11T10:00:00Z"));
    expect(await lookBackJobs()).toEqual([]);
    await addBoardItem("ann", await myBoardId("ann"), goal("Swim"), at("2026-03-11T10:00:00Z"));
    const [job] = await lookBackJobs();
    // The first Sunday of March (the 1st) has passed: 5 April, 10:00 BST.
    expect(job).toMatchObject({ key: "ann", memberId: "ann" });
    expect(job!.runAt.toISOString()).toBe("2026-04-05T09:00:00.000Z");
  });

  it("moves to the day the member picks, in their zone; off cancels it and a leftover job sends nothing", async () => {
    await member("ben", "America/New_York", "ben@example.com");
    await addBoardItem("ben", await myBoardId("ben"), goal("Read"), at("2026-03-11T10:00:00Z"));
    await setLookBack("ben", { lookBack: "day-15" }, { db: database.db, now: new Date("2026-03-11T10:00:00Z") });
    // 15 March, 10:00 in New York (EDT since the 8th).
    expect((await lookBackJobs())[0]!.runAt.toISOString()).toBe("2026-03-15T14:00:00.000Z");
    await setLookBack("ben", { lookBack: "first-6" }, { db: database.db, now: new Date("2026-03-11T10:00:00Z") });
    // The first Saturday of April.
    expect((await lookBackJobs()).map((job) => job.runAt.toISOString())).toEqual(["2026-04-04T14:00:00.000Z"]);
    expect(await lookBackChoice("ben", { db: database.db })).toEqual({ lookBack: "first-6", chosen: true });
    await setLookBack("ben", { lookBack: "off" }, { db: database.db, now: new Date("2026-03-11T10:00:00Z") });
    expect(await lookBackJobs()).toEqual([]);
    // Another goal does not turn it back on.
    await addBoardItem("ben", await myBoardId("ben"), goal("Sing"), at("2026-03-12T10:00:00Z"));
    expect(await lookBackJobs()).toEqual([]);
    await database.db
      .insert(jobs)
      .values({ kind: LOOK_BACK_JOB, key: "ben", memberId: "ben", runAt: new Date("2026-04-04T14:00:00Z") });
    expect(await run("2026-04-04T14:00:30Z")).toEqual({ ran: 1, failed: 0 });
    expect(await readOutbox(database.db, "ben@example.com")).toEqual([]);
    expect(await lookBackJobs()).toEqual([]);
  });

  it("says what moved, asks about the quiet goals, gives the next small step; a code word hides the steps", async () => {
    await member("ada", "Europe/London", "ada@example.com");
    const board = await myBoardId("ada");
    const february = at("2026-02-20T12:00:00Z");
    const shoes = await addBoardItem("ada", board, goal("Run a 5k"), february);
    await addMilestone("ada", shoes.id, "Buy shoes", null, february);
    const shoesSteps = (await addMilestone("ada", shoes.id, "Run 2k without stopping", null, february)).milestones;
    const books = await addBoardItem("ada", board, goal("Read 12 books", { targetCount: 12, countDone: 3 }), february);
    await addBoardItem("ada", board, goal("Learn the piano"), february);
    const quilt = await addBoardItem("ada", board, goal("Sew a quilt"), february);
    const secret = await addBoardItem("ada", board, goal("Swim across the lake", { privateTitle: "Blue" }), february);
    await addMilestone("ada", secret.id, "Secret first swim", null, february);
    const secretSteps = (await addMilestone("ada", secret.id, "Secret second swim", null, february)).milestones;
    // Everything was set up well before the first look back.
    const january = new Date("2026-01-10T12:00:00Z");
    await database.db.update(visionBoardItems).set({ createdAt: january, updatedAt: january });
    // The first Sunday of March, 10:00 GMT.
    expect((await lookBackJobs())[0]!.runAt.toISOString()).toBe("2026-03-01T10:00:00.000Z");
    await run("2026-03-01T10:00:30Z");
    const [first] = await readOutbox(database.db, "ada@example.com");
    expect(first!.subject).toBe("Your month, looking back");
    // Nothing moved since January: every goal is a gentle question, not a verdict.
    expect(first!.body).toContain("Nothing had to move this month. Resting is part of it too.");
    expect(first!.body).toContain("Anything you'd like to let go?\n");
    expect(first!.body).toContain("- Learn the piano\n");

    // March: a step done, more books, a goal reached, a step behind the code word.
    const march = at("2026-03-14T12:00:00Z");
    await completeMilestone("ada", shoesSteps[0]!.id, true, march);
    await updateBoardItem("ada", books.id, { kind: "GOAL", countDone: 6 }, march);
    await setGoalStatus("ada", quilt.id, "DONE", null, march);
    await completeMilestone("ada", secretSteps[0]!.id, true, march);
    expect((await lookBackJobs())[0]!.runAt.toISOString()).toBe("2026-04-05T09:00:00.000Z");
    // Two instances at once: one look back.
    await Promise.all([run("2026-04-05T09:00:30Z"), run("2026-04-05T09:00:30Z")]);
    const sent = await readOutbox(database.db, "ada@example.com");
    expect(sent).toHaveLength(2);
    const body = sent.find((mail) => mail.id !== first!.id)!.body;
    expect(body).toBe(
      [
        "A look back at your month, for you alone.",
        "",
        "What moved",
        '- Run a 5k: "Buy shoes" done',
        "- Read 12 books: from 25% to 50%",
        "- Sew a quilt: you reached it",
        "- Blue: a step done",
        "",
        "Anything you'd like to let go?",
        "These were quiet this month. Keeping a goal is fine; letting one go, with a word about why, is fine too.",
        "- Learn the piano",
        "",
        "The next small step",
        "- Run a 5k: Run 2k without stopping",
        "- Blue: its next milestone, on its page",
        "",
        "You can change the day of this look back, or turn it off, on your Vision Board page.",
      ].join("\n"),
    );
    expect(body).not.toMatch(/Swim|Secret/);
    expect(body).not.toMatch(pressure);
    expect((await lookBackJobs())[0]!.runAt.toISOString()).toBe("2026-05-03T09:00:00.000Z");
  });

  it("waits out quiet hours and, in discreet mode, carries nothing from the board", async () => {
    await member("bea", "Europe/London", "bea@example.com");
    await setQuietHours(
      "bea",
      { days: [1, 2, 3, 4, 5, 6, 7], from: londonClock(-60), to: londonClock(60) },
      database.db,
    );
    await setDiscreetMode("bea", true, database.db);
    const board = await myBoardId("bea");
    const marathon = await addBoardItem("bea", board, goal("Run a marathon"), at("2026-02-20T12:00:00Z"));
    await addMilestone("bea", marathon.id, "Sign up", null, at("2026-02-20T12:00:00Z"));
    await run("2026-03-01T10:00:30Z");
    const [sent] = await readOutbox(database.db, "bea@example.com");
    expect(sent!.subject).toBe("You have a message");
    expect(sent!.body).toBe("A short note is waiting for you in the app, whenever it suits you.");
    expect(sent!.body).not.toMatch(/marathon|sign up|goal|board|vision|look back|month/i);
    expect(sent!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
  });

  it("a first job placed by the migration sends nothing off its day: it moves to the next one", async () => {
    await member("cy", "Europe/London", "cy@example.com");
    await addBoardItem("cy", await myBoardId("cy"), goal("Paint"), at("2026-02-20T12:00:00Z"));
    await database.db
      .update(jobs)
      .set({ runAt: new Date("2026-03-11T08:00:00Z") })
      .where(eq(jobs.key, "cy"));
    expect(await run("2026-03-11T08:00:30Z")).toEqual({ ran: 1, failed: 0 });
    expect(await readOutbox(database.db, "cy@example.com")).toEqual([]);
    expect((await lookBackJobs())[0]!.runAt.toISOString()).toBe("2026-04-05T09:00:00.000Z");
  });

  it("a child's account gets none: the setting is refused, a goal schedules nothing, a job ends unsent", async () => {
    // An address is held for this child on purpose: the rule is the child's account, not a missing address.
    await member("kid", "Europe/London", "kid@example.com");
    await makeCircle(database.db, "mum", { kid: "child" });
    expect(
      await setLookBack("kid", { lookBack: "day-3" }, { db: database.db }).catch((error: unknown) => error),
    ).toMatchObject({ status: 403, field: "lookBack" });
    await addBoardItem("kid", await myBoardId("kid"), goal("Ride a bike"), at("2026-02-20T12:00:00Z"));
    expect(await lookBackJobs()).toEqual([]);
    await database.db
      .insert(jobs)
      .values({ kind: LOOK_BACK_JOB, key: "kid", memberId: "kid", runAt: new Date("2026-03-01T10:00:00Z") });
    expect(await run("2026-03-01T10:00:30Z")).toEqual({ ran: 1, failed: 0 });
    expect(await database.db.select().from(outbox)).toEqual([]);
    expect(await lookBackJobs()).toEqual([]);
  });

  it("refuses a day that is not one of the choices, naming the field", async () => {
    for (const lookBack of ["day-29", "day-0", "first-8", "", null, 3])
      await expect(setLookBack("ann", { lookBack }, { db: database.db })).rejects.toMatchObject({
        status: 400,
        field: "lookBack",
      });
    expect(await database.db.select().from(visionPreferences)).toEqual([]);
  });

  it("is in the member's download, and erasure forgets it", async () => {
    await member("dee", "Europe/London", "dee@example.com");
    await setLookBack("dee", { lookBack: "day-1" }, { db: database.db });
    expect(await exportLookBack("dee", { db: database.db })).toEqual({ lookBack: "day-1", lastLookBackAt: null });
    await database.db.transaction((tx) => forgetVisionBoard(tx, "dee"));
    expect(await database.db.select().from(visionPreferences)).toEqual([]);
  });
});
