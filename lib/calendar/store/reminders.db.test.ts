import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../db/testing";
import { circleMemberships, circles, shares } from "../../db/schema/circles";
import { calendarAcknowledgements, calendarEvents } from "../../db/schema/calendar";
import { identityAccounts, identityPoolMembers } from "../../db/schema/identity";
import { jobs } from "../../db/schema/jobs";
import { memberProfiles } from "../../db/schema/profile";
import { memberSettings, outbox } from "../../db/schema";
import { leaveCircle, setChildQuietHours } from "../../circles";
import { makeCircle } from "../../circles/testing";
import { jobHandlers } from "../../features";
import { runDueJobs } from "../../jobs";
import { readOutbox } from "../../mail/outbox";
import { setDiscreetMode, setQuietHours } from "../../settings";
import { at, wall } from "../test-helpers";
import { createEvent, deleteEvent, importCalendar, updateEvent } from ".";
import { EVENT_REMINDER_JOB } from "./reminders";

const database = useTestDatabase([
  outbox,
  jobs,
  calendarAcknowledgements,
  calendarEvents,
  shares,
  circleMemberships,
  circles,
  memberProfiles,
  memberSettings,
  identityPoolMembers,
  identityAccounts,
]);

const LONDON = "Europe/London";
// Tuesday 10 March 2026, noon in London (GMT until the 29th).
const now = new Date("2026-03-10T12:00:00Z");
const db = () => ({ db: database.db, now });
const date = (local: string, zone = LONDON) => new Date(at(local, zone) * 1000);
const run = (when: Date) => runDueJobs(jobHandlers, { db: database.db, now: when });

const swim = (overrides: Record<string, unknown> = {}) => {
  const start = at("2026-03-17T18:15", LONDON);
  return {
    title: "Swimming",
    start,
    end: start + 3600,
    timezone: LONDON,
    rrule: "FREQ=WEEKLY;BYDAY=TU",
    visibility: "private",
    ...overrides,
  };
};

/** The people, with their zones and the addresses the identity records hold. */
async function people(zones: Record<string, string>) {
  for (const [memberId, timezone] of Object.entries(zones)) {
    await database.db.insert(memberProfiles).values({ memberId, timezone });
    await database.db
      .insert(identityPoolMembers)
      .values({ memberId, email: `${memberId}@example.com`, fetchedAt: new Date() });
  }
}

async function reminderJob(eventId: string) {
  const rows = await database.db.select().from(jobs).where(eq(jobs.key, eventId));
  expect(rows.every((row) => row.kind === EVENT_REMINDER_JOB)).toBe(true);
  return rows[0];
}

/** Every queued message, with its body opened. */
async function mail() {
  const rows = await database.db.select({ recipient: outbox.recipient }).from(outbox);
  const all = await Promise.all(
    [...new Set(rows.map((row) => row.recipient))].map((to) => readOutbox(database.db, to)),
  );
  return all
    .flat()
    .sort((a, b) => a.recipient.localeCompare(b.recipient) || a.createdAt.getTime() - b.createdAt.getTime());
}

/** HH:MM in London `minutes` from the real now (the outbox's quiet-hours gate reads the real clock). */
const londonClock = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toLocaleTimeString("en-GB", {
    timeZone: LONDON,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
const aroundNow = { days: [1, 2, 3, 4, 5, 6, 7], from: londonClock(-60), to: londonClock(60) };

describe("attendees' reminders", () => {
  it("a new event schedules its next reminder; an edit moves it; removing the next occurrence skips it; deleting cancels it", async () => {
    await people({ olga: LONDON });
    const event = await createEvent("olga", swim(), db());
    // An hour before the first swim, Tuesday 17 March 18:15 London.
    expect((await reminderJob(event.id))!.runAt).toEqual(date("2026-03-17T17:15"));
    expect((await reminderJob(event.id))!.memberId).toBe("olga");

    await updateEvent(
      "olga",
      event.id,
      swim({ start: at("2026-03-17T19:00", LONDON), end: at("2026-03-17T20:00", LONDON) }),
      {
        ...db(),
        scope: "ALL",
      },
    );
    expect((await reminderJob(event.id))!.runAt).toEqual(date("2026-03-17T18:00"));

    await deleteEvent("olga", event.id, { ...db(), scope: "THIS", occurrenceStart: at("2026-03-17T19:00", LONDON) });
    expect((await reminderJob(event.id))!.runAt).toEqual(date("2026-03-24T18:00"));

    await deleteEvent("olga", event.id, { ...db(), scope: "ALL" });
    expect(await database.db.select().from(jobs)).toEqual([]);

    // An event that is over has nothing to remind of.
    const past = at("2026-03-09T09:00", LONDON);
    await createEvent("olga", { ...swim({ start: past, end: past + 600, rrule: null }) }, db());
    expect(await database.db.select().from(jobs)).toEqual([]);
  });

  it("a weekly 18:15 London event reminds at 17:15 London time on both sides of the change to summer time, once each", async () => {
    await people({ olga: LONDON });
    const event = await createEvent(
      "olga",
      swim({ start: at("2026-03-24T18:15", LONDON), end: at("2026-03-24T19:15", LONDON) }),
      db(),
    );
    const first = (await reminderJob(event.id))!.runAt;
    expect(first.toISOString()).toBe("2026-03-24T17:15:00.000Z");
    // Not yet due a minute before.
    expect(await run(new Date(first.getTime() - 60_000))).toEqual({ ran: 0, failed: 0 });
    expect(await run(new Date(first.getTime() + 30_000))).toEqual({ ran: 1, failed: 0 });
    const second = (await reminderJob(event.id))!.runAt;
    // London is on summer time from the 29th: 17:15 there is 16:15 UTC.
    expect(second.toISOString()).toBe("2026-03-31T16:15:00.000Z");
    expect(wall(second.getTime() / 1000, LONDON)).toBe("2026-03-31T17:15");
    await run(new Date(second.getTime() + 30_000));
    // Running again at the same time sends nothing more.
    await run(new Date(second.getTime() + 45_000));
    const sent = await mail();
    expect(sent.map((message) => [message.recipient, message.subject])).toEqual([
      ["olga@example.com", "Reminder: Swimming"],
      ["olga@example.com", "Reminder: Swimming"],
    ]);
    expect(sent[0]!.body).toContain("Swimming starts at 18:15 on Tuesday 24 March.");
    expect(sent[1]!.body).toContain("Swimming starts at 18:15 on Tuesday 31 March.");
  });

  it("an edit keeps what is still due and does not send again what went out, unless it moved the occurrence", async () => {
    await people({ olga: LONDON });
    const event = await createEvent("olga", swim(), db());
    const runAt = (await reminderJob(event.id))!.runAt;
    const edit = (minutes: number, input: Record<string, unknown>) =>
      updateEvent("olga", event.id, swim(input), {
        db: database.db,
        now: new Date(runAt.getTime() + minutes * 60_000),
        scope: "ALL",
      });
    // Edited in the moment between the reminder falling due and the timer running: it still goes out.
    await edit(0.25, { title: "Swim club" });
    expect((await reminderJob(event.id))!.runAt).toEqual(runAt);
    await run(new Date(runAt.getTime() + 30_000));
    // Edited again after it went out: not again; the next is next week.
    await edit(15, { title: "Swim club" });
    expect((await reminderJob(event.id))!.runAt).toEqual(date("2026-03-24T17:15"));
    // Tonight's swim moves to 19:00: its reminder (18:00) is a new one, so it goes out.
    await edit(16, { title: "Swim club", start: at("2026-03-17T19:00", LONDON), end: at("2026-03-17T20:00", LONDON) });
    expect((await reminderJob(event.id))!.runAt).toEqual(date("2026-03-17T18:00"));
    await run(date("2026-03-17T18:00"));
    const sent = await mail();
    expect(sent.map((message) => message.subject)).toEqual(["Reminder: Swim club", "Reminder: Swim club"]);
    expect(sent.map((message) => message.body.split("\n")[0])).toEqual([
      "Swim club starts at 18:15 on Tuesday 17 March.",
      "Swim club starts at 19:00 on Tuesday 17 March.",
    ]);
  });

  it("the migration's backfill gives events written before reminders a job, whose first run finds the next reminder", async () => {
    await people({ olga: LONDON });
    const weekly = await createEvent("olga", swim(), db());
    const past = at("2026-03-09T09:00", LONDON);
    await createEvent("olga", swim({ start: past, end: past + 600, rrule: null }), db());
    await database.db.delete(jobs);
    const backfill = readFileSync(path.join(__dirname, "../../db/migrations/0024_event_reminder_jobs.sql"), "utf8");
    await database.db.execute(sql.raw(backfill));
    const [job] = await database.db.select().from(jobs);
    expect(await database.db.select().from(jobs)).toHaveLength(1);
    expect(job).toMatchObject({ kind: EVENT_REMINDER_JOB, key: weekly.id, memberId: "olga" });
    const realNow = new Date();
    expect(await run(realNow)).toEqual({ ran: 1, failed: 0 });
    expect(await mail()).toEqual([]);
    const next = (await reminderJob(weekly.id))!.runAt;
    expect(next.getTime()).toBeGreaterThan(realNow.getTime());
    expect(next.getTime()).toBeLessThanOrEqual(realNow.getTime() + 7 * 86_400_000);
    // A Tuesday, 17:15 in London.
    expect(wall(next.getTime() / 1000, LONDON)).toMatch(/T17:15$/);
    expect(new Date(next.getTime()).toLocaleDateString("en-GB", { timeZone: LONDON, weekday: "long" })).toBe("Tuesday");
  });

  it("reaches the owner and the attendees who still see the event; someone who left the circle gets nothing", async () => {
    await people({ olga: LONDON, ada: LONDON, gus: LONDON });
    const circle = await makeCircle(database.db, "olga", { ada: "member", gus: "guardian" });
    const event = await createEvent(
      "olga",
      swim({ visibility: "people", people: ["ada", "gus"], privateTitle: "Swim (Kit's)" }),
      db(),
    );
    await leaveCircle("gus", circle, { db: database.db });
    const runAt = (await reminderJob(event.id))!.runAt;
    // Two runners at the same moment: each reminder goes out exactly once.
    const results = await Promise.all([run(runAt), run(runAt)]);
    expect(results.reduce((sum, result) => sum + result.ran, 0)).toBe(1);
    const sent = await mail();
    expect(sent.map((message) => message.recipient)).toEqual(["ada@example.com", "olga@example.com"]);
    // The private title is the one the lists show, so it is the one the reminder names.
    expect(sent.every((message) => message.subject === "Reminder: Swim (Kit's)")).toBe(true);
    expect(sent[0]!.memberId).toBe("ada");
  });

  it("a discreet recipient's reminder names nothing; quiet hours (their own, or a child's circle's) hold it", async () => {
    await people({ olga: LONDON, ada: LONDON, kit: LONDON });
    const circle = await makeCircle(database.db, "olga", { ada: "member", kit: "child" });
    await setDiscreetMode("ada", true, database.db);
    await setQuietHours("ada", aroundNow, database.db);
    await setChildQuietHours("olga", { circleId: circle, quietHours: aroundNow }, { db: database.db });
    const event = await createEvent(
      "olga",
      swim({ visibility: "circle", circleId: circle, people: ["ada", "kit"], location: "Leisure centre" }),
      db(),
    );
    await run((await reminderJob(event.id))!.runAt);
    const [ada, kit, olga] = await mail();
    expect(ada).toMatchObject({ recipient: "ada@example.com", subject: "You have a reminder" });
    expect(ada!.body).not.toMatch(/Swimming|Leisure|18:15/);
    expect(olga).toMatchObject({ subject: "Reminder: Swimming", lockedUntil: null });
    expect(olga!.body).toContain("Where: Leisure centre");
    expect(kit).toMatchObject({ recipient: "kit@example.com", subject: "Reminder: Swimming" });
    // Held until the quiet hours end, about an hour from the real now.
    for (const held of [ada!, kit!]) expect(held.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
  });

  it("an all-day event reminds each person at 08:00 on its day in their own zone", async () => {
    await people({ olga: LONDON, ada: "Pacific/Auckland" });
    const circle = await makeCircle(database.db, "olga", { ada: "member" });
    const event = await createEvent(
      "olga",
      {
        title: "Birthday",
        startDate: "2026-05-14",
        endDate: "2026-05-15",
        visibility: "circle",
        circleId: circle,
        people: ["ada"],
      },
      db(),
    );
    // Auckland's morning comes first.
    const first = (await reminderJob(event.id))!.runAt;
    expect(first).toEqual(date("2026-05-14T08:00", "Pacific/Auckland"));
    await run(first);
    expect((await mail()).map((message) => message.recipient)).toEqual(["ada@example.com"]);
    const second = (await reminderJob(event.id))!.runAt;
    expect(second).toEqual(date("2026-05-14T08:00", LONDON));
    await run(second);
    const sent = await mail();
    expect(sent.map((message) => message.recipient)).toEqual(["ada@example.com", "olga@example.com"]);
    expect(sent[1]!.body).toContain("Birthday: Thursday 14 May.");
    // The only occurrence has reminded everyone: the job ends.
    expect(await reminderJob(event.id)).toBeUndefined();
  });

  it("an import schedules its events' reminders", async () => {
    await people({ olga: LONDON });
    const file = readFileSync(path.join(__dirname, "../ics/__fixtures__/google.ics"));
    await importCalendar("olga", file, db());
    const [swimming] = await database.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.title, "Swimming lesson"));
    expect((await reminderJob(swimming!.id))!.runAt).toEqual(date("2026-03-17T17:15"));
    expect((await database.db.select().from(jobs)).length).toBeGreaterThan(1);
    // Importing again (an update of each event) keeps one job per event.
    const count = (await database.db.select().from(jobs)).length;
    await importCalendar("olga", file, db());
    expect(await database.db.select().from(jobs)).toHaveLength(count);
  });

  it("sends to the built-in account's address; a child account's sign-in name is no address", async () => {
    const adult = "0b6f1c2e-0000-4000-8000-000000000001";
    const child = "0b6f1c2e-0000-4000-8000-000000000002";
    for (const [id, email] of [
      [adult, "Lee@Example.com"],
      [child, "kit-sunny"],
    ] as const) {
      await database.db
        .insert(identityAccounts)
        .values({ id, email, givenName: "A", familyName: "B", passwordHash: "x" });
      await database.db.insert(memberProfiles).values({ memberId: id, timezone: LONDON });
    }
    await makeCircle(database.db, adult, { [child]: "child" });
    const event = await createEvent(adult, swim({ visibility: "people", people: [child] }), db());
    await run((await reminderJob(event.id))!.runAt);
    expect((await mail()).map((message) => [message.recipient, message.memberId])).toEqual([
      ["Lee@Example.com", adult],
    ]);
  });

  it("one member's events mail another member at most 5 reminders a day; the owner's own are not capped", async () => {
    await people({ olga: LONDON, ada: LONDON });
    await makeCircle(database.db, "olga", { ada: "member" });
    // Eight one-off events on one day, each naming Ada: a member making the app mail a circle-mate.
    // They last into the evening, so their reminders are all still due when the jobs run.
    const end = at("2026-03-17T22:00", LONDON);
    for (let hour = 9; hour < 17; hour += 1) {
      const start = at(`2026-03-17T${String(hour).padStart(2, "0")}:30`, LONDON);
      await createEvent(
        "olga",
        swim({ title: `Ping ${hour}`, start, end, rrule: null, visibility: "people", people: ["ada"] }),
        db(),
      );
    }
    expect(await run(date("2026-03-17T20:00"))).toEqual({ ran: 8, failed: 0 });
    const sent = await mail();
    expect(sent.filter((message) => message.recipient === "olga@example.com")).toHaveLength(8);
    expect(sent.filter((message) => message.recipient === "ada@example.com")).toHaveLength(5);
    // The next day counts afresh.
    const start = at("2026-03-18T10:00", LONDON);
    await createEvent(
      "olga",
      swim({ title: "Next day", start, end: start + 4 * 3600, rrule: null, visibility: "people", people: ["ada"] }),
      { db: database.db, now: date("2026-03-17T21:00") },
    );
    await run(date("2026-03-18T12:00"));
    expect((await mail()).filter((message) => message.recipient === "ada@example.com")).toHaveLength(6);
  });
});
