import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PoolClient } from "pg";
import { useTestDatabase } from "../db/testing";
import { circleMemberships, circles, shares } from "../db/schema/circles";
import { habitEntries, habits, habitScoreCheckpoints, habitTargets } from "../db/schema/habits";
import { calendarAcknowledgements, calendarEvents } from "../db/schema/calendar";
import { memberProfiles } from "../db/schema/profile";
import { memberSettings } from "../db/schema/settings";
import { camPreferences, momentAlbums, momentReactions, moments } from "../db/schema/cam";
import { images } from "../db/schema/uploads";
import { jobs } from "../db/schema/jobs";
import { phoneJpeg } from "../images/__fixtures__/photos";
import { momentWithPhoto, temporaryStore } from "../cam/testing";
import { setConcealPhotos } from "../cam";
import { setDiscreetMode } from "../settings";
import { makeCircle } from "../circles/testing";
import { checkInHabit, createHabit, suggestHabit } from "../habits/store";
import { createEvent, deleteEvent } from "../calendar/store/events";
import { shareItem } from "../circles/sharing";
import { itemKinds } from "../features";
import { loadToday, MAX_SHARED_LISTED } from "./page";
import { recordTodayVisit, VISIT_GAP_MINUTES } from "./last-visit";

const database = useTestDatabase([
  camPreferences,
  momentReactions,
  moments,
  momentAlbums,
  images,
  jobs,
  habitScoreCheckpoints,
  habitEntries,
  habitTargets,
  habits,
  calendarAcknowledgements,
  calendarEvents,
  shares,
  circleMemberships,
  circles,
  memberProfiles,
  memberSettings,
]);
// Wednesday 2026-03-11, 09:00 UTC (members without a profile live in UTC).
const now = new Date("2026-03-11T09:00:00Z");
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const db = () => ({ db: database.db, now });
const seconds = (iso: string) => Date.parse(iso) / 1000;
const event = (title: string, startIso: string, extra: Record<string, unknown> = {}) => ({
  title,
  start: seconds(startIso),
  end: seconds(startIso) + 3600,
  timezone: "UTC",
  visibility: "private",
  ...extra,
});

describe("Today's habits", () => {
  it("lists the habits due today with their last seven days, and counts the ones not due", async () => {
    const lastMonth = { db: database.db, now: new Date("2026-02-11T09:00:00Z") };
    const run = await createHabit("ada", { title: "Run", kind: "CHECK", schedule: "DAILY" }, lastMonth);
    // Wednesday is not a Monday-only habit's day.
    await createHabit("ada", { title: "Piano", kind: "CHECK", schedule: "WEEKDAYS", weekdays: [1] }, lastMonth);
    await checkInHabit("ada", run.id, { date: "2026-03-11" }, db());
    const today = await loadToday("ada", db());
    expect(today.today).toBe("2026-03-11");
    expect(today.habits.map((habit) => [habit.title, habit.todayState])).toEqual([["Run", "DONE"]]);
    expect(today.habits[0]!.recentDays.map((day) => day.date)).toEqual([
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
    ]);
    expect(today.notDueToday).toBe(1);
    expect(today.child).toBeNull();
  });
});

describe("Today's events", () => {
  it("shows today's and tomorrow's events in the member's agenda, and nothing later", async () => {
    await createEvent("ada", event("Dentist", "2026-03-11T15:00:00Z"), db());
    await createEvent("ada", event("School trip", "2026-03-12T08:00:00Z"), db());
    await createEvent("ada", event("Next week", "2026-03-18T08:00:00Z"), db());
    await createEvent("bo", event("Bo's own", "2026-03-11T10:00:00Z"), db());
    const today = await loadToday("ada", db());
    expect(today.events.map((entry) => [entry.title, entry.day])).toEqual([
      ["Dentist", "today"],
      ["School trip", "tomorrow"],
    ]);
  });
});

describe("what the circle shared since the last visit", () => {
  it("lists shares from others since the previous visit, and a view within the gap keeps the marker", async () => {
    await makeCircle(database.db, "ada", { bo: "member", cy: "member" });
    const bosHabit = await createHabit("bo", { title: "Read", kind: "CHECK", schedule: "DAILY" }, db());
    const adasHabit = await createHabit("ada", { title: "Mine", kind: "CHECK", schedule: "DAILY" }, db());
    await shareItem(
      "bo",
      { itemType: "habit", itemId: bosHabit.id, memberId: "ada", permission: "view" },
      { ...db(), kinds: itemKinds },
    );
    // Ada's own shares are not news to her.
    await shareItem(
      "ada",
      { itemType: "habit", itemId: adasHabit.id, memberId: "bo", permission: "view" },
      { ...db(), kinds: itemKinds },
    );
    // Shares carry the database's clock: place them in this test's time.
    await database.db.update(shares).set({ createdAt: later(-60) });
    const first = await loadToday("ada", db());
    expect(first.firstVisit).toBe(true);
    expect(first.shared.map((item) => item.title)).toEqual(["Read"]);

    // Back within the gap: the same visit, still listed.
    const again = await loadToday("ada", { db: database.db, now: later(5) });
    expect(again.shared.map((item) => item.title)).toEqual(["Read"]);

    // A new visit after the gap: only what was shared since the last view of the previous one.
    const cysEvent = await createEvent("cy", event("Party", "2026-03-20T15:00:00Z"), db());
    const party = await shareItem(
      "cy",
      {
        itemType: "event",
        itemId: cysEvent.id,
        memberId: "ada",
        permission: "view",
      },
      { ...db(), kinds: itemKinds },
    );
    await database.db
      .update(shares)
      .set({ createdAt: later(20) })
      .where(eq(shares.id, party.id));
    const next = await loadToday("ada", { db: database.db, now: later(5 + VISIT_GAP_MINUTES + 1) });
    expect(next.firstVisit).toBe(false);
    expect(next.shared.map((item) => [item.title, item.itemType])).toEqual([["Party", "event"]]);
    // Bo sees Ada's share with him, never his own.
    expect((await loadToday("bo", db())).shared.map((item) => [item.title, item.ownerName])).toEqual([["Mine", null]]);
  });

  it("shows an event shared as busy as Busy, never its title", async () => {
    await makeCircle(database.db, "ada", { bo: "member" });
    await createEvent("bo", event("Therapy", "2026-03-12T15:00:00Z", { visibility: "busy" }), db());
    await database.db.update(shares).set({ createdAt: later(-60) });
    const today = await loadToday("ada", db());
    expect(today.shared.map((item) => item.title)).toEqual(["Busy"]);
  });

  it("titles every event shared as the viewer may see it, in one read: code words kept, gone ones left out, the rest counted", async () => {
    await makeCircle(database.db, "ada", { bo: "member" });
    for (let day = 1; day <= MAX_SHARED_LISTED + 3; day++)
      await createEvent(
        "bo",
        event(`Practice ${day}`, `2026-03-${10 + day}T15:00:00Z`, { visibility: "circle" }),
        db(),
      );
    const coded = await createEvent(
      "bo",
      event("Clinic", "2026-03-25T15:00:00Z", { visibility: "circle", privateTitle: "Errand" }),
      db(),
    );
    const gone = await createEvent("bo", event("Cancelled", "2026-03-26T15:00:00Z", { visibility: "circle" }), db());
    await deleteEvent("bo", gone.id, { ...db(), scope: "ALL" });
    await database.db.update(shares).set({ createdAt: later(-60) });
    await database.db
      .update(shares)
      .set({ createdAt: later(-30) })
      .where(eq(shares.itemId, coded.id));
    const today = await loadToday("ada", db());
    expect(today.shared[0]!.title).toBe("Errand");
    expect(today.shared.map((item) => item.title)).not.toContain("Clinic");
    expect(today.shared).toHaveLength(MAX_SHARED_LISTED);
    // Eleven practices and the code-worded event; the cancelled one is no longer there to count.
    expect(today.sharedMore).toBe(MAX_SHARED_LISTED + 3 + 1 - MAX_SHARED_LISTED);
  });

  it("keeps the marker in one row per member, moved only by a new visit", async () => {
    expect((await recordTodayVisit("ada", now, database.db)).since).toBeNull();
    expect((await recordTodayVisit("ada", later(10), database.db)).since).toBeNull();
    expect((await recordTodayVisit("ada", later(10 + VISIT_GAP_MINUTES + 1), database.db)).since).toEqual(later(10));
    expect((await recordTodayVisit("ada", later(10 + VISIT_GAP_MINUTES + 2), database.db)).since).toEqual(later(10));
  });

  it("skips the disk flush for the marker's own commit only: the connection's next transactions flush again", async () => {
    // The setting is made local to the upsert's transaction; left on the connection, every later
    // commit through the pool (a payment, a password change) could be lost by a crash.
    const pool = (database.db as unknown as { $client: { connect(): Promise<PoolClient> } }).$client;
    const client = await pool.connect();
    try {
      const { drizzle } = await import("drizzle-orm/node-postgres");
      const onOneConnection = drizzle(client) as unknown as typeof database.db;
      await recordTodayVisit("ada", now, onOneConnection);
      const { rows } = await client.query("show synchronous_commit");
      expect(rows[0].synchronous_commit).toBe("on");
    } finally {
      client.release();
    }
  });
});

describe("a child's Today", () => {
  it("names their grown-ups and shows the habit a guardian suggested, waiting for their answer", async () => {
    await makeCircle(database.db, "olga", { kit: "child" });
    await suggestHabit("olga", "kit", { title: "Brush teeth", kind: "CHECK", schedule: "DAILY" }, db());
    const today = await loadToday("kit", db());
    expect(today.child).not.toBeNull();
    expect(today.suggestions.map((habit) => habit.title)).toEqual(["Brush teeth"]);
    expect(today.habits).toEqual([]);
  });
});

describe("Today's moments", () => {
  it("lists this week's moments, the member's own and those shared with them, and not older ones; covered in discreet mode", async () => {
    const photos = await temporaryStore();
    try {
      const circleId = await makeCircle(database.db, "ada", { bo: { role: "member", name: "Bo" } });
      const photo = await phoneJpeg({ width: 64, height: 48 });
      await momentWithPhoto(database.db, photos.store, "ada", photo, { day: "2026-03-11", note: "Today" });
      await momentWithPhoto(database.db, photos.store, "ada", photo, { day: "2026-03-05", note: "Seven days ago" });
      await momentWithPhoto(database.db, photos.store, "ada", photo, { day: "2026-03-04", note: "Last week" });
      const bos = await momentWithPhoto(database.db, photos.store, "bo", photo, {
        day: "2026-03-10",
        note: "Bo's",
      });
      const unshared = await loadToday("ada", db());
      expect(unshared.moments.map((moment) => moment.note)).toEqual(["Today", "Seven days ago"]);
      expect(unshared.concealPhotos).toBe(false);

      await shareItem(
        "bo",
        { itemType: "moment", itemId: bos.id, circleId, permission: "view" },
        { db: database.db, kinds: itemKinds },
      );
      await setDiscreetMode("ada", true, database.db);
      const shared = await loadToday("ada", db());
      expect(shared.moments.map((moment) => moment.note)).toEqual(["Today", "Bo's", "Seven days ago"]);
      expect(shared.concealPhotos).toBe(true);
      // And in "From your circle", named and linked as a moment.
      expect(shared.shared.map((item) => [item.itemType, item.itemId])).toEqual([["moment", bos.id]]);

      // Covering photos is a choice of its own: the member's, once made, whatever discreet mode says.
      await setConcealPhotos("ada", { concealPhotos: false }, { db: database.db });
      expect((await loadToday("ada", db())).concealPhotos).toBe(false);
      await setDiscreetMode("ada", false, database.db);
      await setConcealPhotos("ada", { concealPhotos: true }, { db: database.db });
      expect((await loadToday("ada", db())).concealPhotos).toBe(true);
    } finally {
      await photos.remove();
    }
  });
});
