import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../db/testing";
import { circleMemberships, circles, shares } from "../../db/schema/circles";
import { calendarAcknowledgements, calendarEvents } from "../../db/schema/calendar";
import { memberProfiles } from "../../db/schema/profile";
import { failure, makeCircle } from "../../circles/testing";
import { leaveCircle, setCircleRole } from "../../circles";
import { namedSharesOf, revokeShare, shareItem } from "../../circles/sharing";
import { at, wall } from "../test-helpers";
import {
  acknowledgeEvent,
  acknowledgementsOf,
  createEvent,
  deleteEvent,
  eventKind,
  getAgenda,
  getEvent,
  updateEvent,
} from ".";

const database = useTestDatabase([
  calendarAcknowledgements,
  calendarEvents,
  shares,
  circleMemberships,
  circles,
  memberProfiles,
]);
const db = () => ({ db: database.db });

const LONDON = "Europe/London";
const swim = (overrides: Record<string, unknown> = {}) => {
  const start = at("2026-03-17T18:15", LONDON);
  return {
    title: "Swimming",
    start,
    end: start + 3600,
    timezone: LONDON,
    rrule: "FREQ=WEEKLY;BYDAY=TU",
    visibility: "circle",
    ...overrides,
  };
};
const month = { from: at("2026-03-01T00:00"), to: at("2026-04-15T00:00") };
const titles = async (viewer: string, range = month) =>
  (await getAgenda(viewer, range, { ...db(), timezone: LONDON })).occurrences.map((o) => o.title);

async function family() {
  return makeCircle(database.db, "olga", { gus: "guardian", ada: "member", kit: "child" });
}

describe("events in the database", () => {
  it("a weekly 18:15 London event stays 18:15 in London across the change to summer time", async () => {
    await family();
    const event = await createEvent("olga", swim(), db());
    const agenda = await getAgenda("olga", month, { ...db(), timezone: LONDON });
    const walls = agenda.occurrences.map((o) => wall(o.start, LONDON));
    expect(walls).toEqual([
      "2026-03-17T18:15",
      "2026-03-24T18:15",
      "2026-03-31T18:15",
      "2026-04-07T18:15",
      "2026-04-14T18:15",
    ]);
    expect(agenda.occurrences[0]).toMatchObject({ eventId: event.id, title: "Swimming", recurring: true });
    // The change to summer time (29 March) moved the instant by an hour.
    expect(agenda.occurrences[2]!.start - agenda.occurrences[1]!.start).toBe(7 * 86400 - 3600);
  });

  it("an all-day event is the same date for members in Auckland and Los Angeles", async () => {
    await makeCircle(database.db, "olga", { ada: "member" });
    await createEvent(
      "olga",
      { title: "Birthday", startDate: "2026-05-14", endDate: "2026-05-15", visibility: "circle" },
      db(),
    );
    const range = { from: at("2026-05-01T00:00"), to: at("2026-06-01T00:00") };
    const auckland = await getAgenda("olga", range, { ...db(), timezone: "Pacific/Auckland" });
    const losAngeles = await getAgenda("ada", range, { ...db(), timezone: "America/Los_Angeles" });
    expect(auckland.occurrences.map((o) => o.startDate)).toEqual(["2026-05-14"]);
    expect(losAngeles.occurrences.map((o) => o.startDate)).toEqual(["2026-05-14"]);
    expect(wall(auckland.occurrences[0]!.start, "Pacific/Auckland")).toBe("2026-05-14T00:00");
    expect(wall(losAngeles.occurrences[0]!.start, "America/Los_Angeles")).toBe("2026-05-14T00:00");
  });

  it("without a zone given, the agenda is in the viewer's profile zone, with events or without", async () => {
    await makeCircle(database.db, "olga", { ada: "member" });
    await database.db.insert(memberProfiles).values([
      { memberId: "olga", timezone: "Pacific/Auckland" },
      { memberId: "ada", timezone: "America/Los_Angeles" },
    ]);
    await createEvent(
      "olga",
      { title: "Birthday", startDate: "2026-05-14", endDate: "2026-05-15", visibility: "private" },
      db(),
    );
    const range = { from: at("2026-05-01T00:00"), to: at("2026-06-01T00:00") };
    const auckland = await getAgenda("olga", range, db());
    expect(auckland.timezone).toBe("Pacific/Auckland");
    expect(wall(auckland.occurrences[0]!.start, "Pacific/Auckland")).toBe("2026-05-14T00:00");
    // Ada sees none of it (private): her zone still comes from her profile.
    const losAngeles = await getAgenda("ada", range, db());
    expect(losAngeles).toMatchObject({ timezone: "America/Los_Angeles", occurrences: [] });
  });

  it("visibility: private reaches nobody else; busy shows 'Busy' to the circle and details to attendees", async () => {
    await family();
    await makeCircle(database.db, "omar", { zed: "member" });
    const secret = await createEvent("ada", swim({ title: "Therapy", visibility: "private" }), db());
    await createEvent("ada", swim({ title: "Dentist", visibility: "busy", people: ["gus"], rrule: null }), db());
    await createEvent("ada", swim({ title: "Choir", visibility: "people", people: ["kit"], rrule: null }), db());
    await createEvent("ada", swim({ title: "Dinner", visibility: "circle", rrule: null }), db());
    expect(new Set(await titles("ada"))).toEqual(new Set(["Therapy", "Dentist", "Choir", "Dinner"]));
    expect(new Set(await titles("olga"))).toEqual(new Set(["Busy", "Dinner"]));
    expect(new Set(await titles("gus"))).toEqual(new Set(["Dentist", "Dinner"]));
    expect(new Set(await titles("kit"))).toEqual(new Set(["Busy", "Choir", "Dinner"]));
    expect(await titles("zed")).toEqual([]);
    // By id: the private one is 404 for everyone else, owner and guardian of the circle included.
    for (const viewer of ["olga", "gus", "kit", "zed"])
      expect(await failure(getEvent(viewer, secret.id, db()))).toMatchObject({
        status: 404,
        message: "Event not found",
      });
    const busy = (await getAgenda("olga", month, { ...db(), timezone: LONDON })).occurrences.find((o) => o.busyOnly)!;
    const seen = await getEvent("olga", busy.eventId, db());
    expect(seen).toMatchObject({ title: "Busy", notes: null, location: null, people: [], busyOnly: true });
  });

  it("leaving the circle takes its events out of the agenda on the next read", async () => {
    const circle = await family();
    await createEvent("olga", swim({ title: "Family dinner", rrule: null, circleId: circle }), db());
    expect(await titles("ada")).toEqual(["Family dinner"]);
    await leaveCircle("ada", circle, db());
    expect(await titles("ada")).toEqual([]);
  });

  it("an agenda read again unchanged is the one remembered; an edit of an event in it is read anew", async () => {
    const circle = await family();
    const dinner = await createEvent("olga", swim({ title: "Dinner", rrule: null, circleId: circle }), db());
    const read = () => getAgenda("ada", month, { ...db(), timezone: LONDON });
    const first = await read();
    // The same entries, not a copy: remembered by the version its rows were read with.
    expect((await read()).occurrences).toBe(first.occurrences);
    const edit = { scope: "ALL" as const, ...db() };
    await updateEvent("olga", dinner.id, swim({ title: "Supper", rrule: null, circleId: circle }), edit);
    const edited = await read();
    expect(edited.occurrences).not.toBe(first.occurrences);
    expect(edited.occurrences.map((o) => o.title)).toEqual(["Supper"]);
  });

  it("a remembered agenda is never shown after a write it shows: events, shares, memberships, roles", async () => {
    const circle = await family();
    // Each read below follows one that remembered the agenda (none is empty: each holds a dinner or a run).
    const run = await createEvent("zed", swim({ title: "Run", rrule: null, visibility: "private" }), db());
    expect(await titles("zed")).toEqual(["Run"]);
    const walk = await createEvent("zed", swim({ title: "Walk", rrule: null, visibility: "private" }), db());
    expect((await titles("zed")).sort()).toEqual(["Run", "Walk"]);
    await deleteEvent("zed", walk.id, { ...db(), scope: "ALL" });
    expect(await titles("zed")).toEqual(["Run"]);

    // A share to Olga, written while Zed is in no circle with her, reaches her once he joins hers; the
    // stamps the share's own write renewed are Zed's, so only the joining can tell Olga's agenda.
    const secret = await createEvent("olga", swim({ title: "Secret", rrule: null, visibility: "private" }), db());
    await createEvent("olga", swim({ title: "Dinner", rrule: null, circleId: circle }), db());
    expect((await titles("olga")).sort()).toEqual(["Dinner", "Secret"]);
    await database.db
      .insert(shares)
      .values({ itemType: "event", itemId: run.id, ownerId: "zed", memberId: "olga", permission: "view" });
    expect((await titles("olga")).sort()).toEqual(["Dinner", "Secret"]);
    await database.db.insert(circleMemberships).values({ circleId: circle, memberId: "zed", role: "member" });
    expect((await titles("olga")).sort()).toEqual(["Dinner", "Run", "Secret"]);
    expect((await titles("zed")).sort()).toEqual(["Dinner", "Run"]);
    await database.db
      .delete(circleMemberships)
      .where(and(eq(circleMemberships.circleId, circle), eq(circleMemberships.memberId, "zed")));
    expect((await titles("olga")).sort()).toEqual(["Dinner", "Secret"]);

    // Shares made and revoked by hand.
    expect(await titles("ada")).toEqual(["Dinner"]);
    const share = await shareItem(
      "olga",
      { itemType: "event", itemId: secret.id, memberId: "ada", permission: "view" },
      { ...db(), kinds: { event: eventKind } },
    );
    expect((await titles("ada")).sort()).toEqual(["Dinner", "Secret"]);
    await revokeShare("olga", share.id, db());
    expect(await titles("ada")).toEqual(["Dinner"]);

    // A guardian sees the private events they add to a child's calendar, while they are its guardian.
    await createEvent("gus", swim({ title: "Dentist", rrule: null, visibility: "private" }), {
      ...db(),
      calendarOf: "kit",
    });
    expect((await titles("gus")).sort()).toEqual(["Dentist", "Dinner"]);
    await setCircleRole("olga", { circleId: circle, memberId: "gus", role: "member" }, db());
    expect(await titles("gus")).toEqual(["Dinner"]);
  });

  it("writers in one circle at once all commit, and the agenda read after them shows every write", async () => {
    const circle = await family();
    const lesson = await createEvent(
      "olga",
      swim({ title: "Lesson", rrule: null, people: ["kit", "ada"], requiresAcknowledgement: true }),
      db(),
    );
    expect(await titles("ada")).toEqual(["Lesson"]);
    // Each write renews the stamps of its owner and their circle: on PostgreSQL the writers wait on each
    // other's row locks, and none fails or is lost.
    const writes = ["olga", "gus", "ada", "kit"].flatMap((owner) =>
      [1, 2, 3].map((n) =>
        createEvent(owner, swim({ title: `${owner} ${n}`, rrule: null, circleId: circle }), db()).then(() => "ok"),
      ),
    );
    const acknowledged = acknowledgeEvent("ada", lesson.id, at("2026-03-17T18:15", LONDON), db()).then(() => "ok");
    const results = await Promise.allSettled([...writes, acknowledged]);
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    const agenda = (await getAgenda("ada", month, { ...db(), timezone: LONDON })).occurrences;
    expect(agenda).toHaveLength(13);
    expect(agenda.find((o) => o.title === "Lesson")).toMatchObject({ acknowledged: true });
  });

  it("lists show the private title when one is set", async () => {
    await family();
    await createEvent("ada", swim({ title: "Clinic", privateTitle: "Errand", rrule: null }), db());
    expect(await titles("ada")).toEqual(["Errand"]);
    expect(await titles("olga")).toEqual(["Errand"]);
    // The owner's "who can see what" list names the event by the code word too.
    const shared = await namedSharesOf("ada", { ...db(), kinds: { event: eventKind } });
    expect(shared.map((share) => share.itemTitle)).toEqual(["Errand"]);
  });

  it("refuses bad input with 400 naming the field, and writes nothing", async () => {
    await family();
    const cases: [Record<string, unknown>, string][] = [
      [swim({ rrule: "FREQ=SECONDLY" }), "rrule"],
      [swim({ end: at("2026-03-17T17:00", LONDON) }), "end"],
      [swim({ timezone: "Mars/Olympus" }), "timezone"],
      [swim({ visibility: "everyone" }), "visibility"],
      [swim({ visibility: "people", people: [] }), "people"],
      [swim({ visibility: "people", people: ["zed"] }), "people"],
      [swim({ visibility: "private", people: ["gus"] }), "people"],
      [swim({ circleId: "00000000-0000-4000-8000-000000000000" }), "circleId"],
    ];
    for (const [input, field] of cases) {
      const refused = await failure(createEvent("olga", input, db()));
      expect(refused, field).toMatchObject({ status: 400, field });
      // The message is bare: a form shows it beside the field, the API names the field itself.
      expect(refused!.message, field).toMatch(/^(?![a-zA-Z.]+: )./);
    }
    expect(await database.db.select().from(calendarEvents)).toEqual([]);
    expect(await database.db.select().from(shares)).toEqual([]);
    // The agenda range is capped at 400 days.
    expect(await failure(getAgenda("olga", { from: month.from, to: month.from + 401 * 86400 }, db()))).toMatchObject({
      status: 400,
      field: "to",
    });
  });

  it("someone else's event answers 404 to edits and deletes; a viewer's edit 403; the owner's works", async () => {
    await family();
    const dinner = await createEvent("ada", swim({ title: "Dinner", rrule: null }), db());
    const edit = { scope: "ALL" as const, ...db() };
    expect(await failure(updateEvent("zed", dinner.id, swim({ rrule: null }), edit))).toMatchObject({ status: 404 });
    expect(await failure(deleteEvent("zed", dinner.id, edit))).toMatchObject({ status: 404 });
    expect(await failure(deleteEvent("olga", "not-an-id", edit))).toMatchObject({ status: 404 });
    expect(await failure(updateEvent("olga", dinner.id, swim({ rrule: null }), edit))).toMatchObject({ status: 403 });
    expect(await failure(deleteEvent("olga", dinner.id, edit))).toMatchObject({ status: 403 });
    // An EDIT share through the sharing rule lets Olga change it, but not who it reaches.
    await shareItem(
      "ada",
      { itemType: "event", itemId: dinner.id, memberId: "olga", permission: "edit" },
      {
        ...db(),
        kinds: { event: eventKind },
      },
    );
    const changed = await updateEvent(
      "olga",
      dinner.id,
      swim({ title: "Supper", rrule: null, visibility: "private" }),
      edit,
    );
    expect(changed).toMatchObject({ title: "Supper", visibility: "circle" });
    await deleteEvent("ada", dinner.id, edit);
    expect(await database.db.select().from(calendarEvents)).toEqual([]);
    expect(await database.db.select().from(shares)).toEqual([]);
  });

  it("edits this, this and following, or all occurrences of a series", async () => {
    await family();
    const series = await createEvent("olga", swim(), db());
    const second = at("2026-03-24T18:15", LONDON);
    const fourth = at("2026-04-07T18:15", LONDON);
    await updateEvent("olga", series.id, swim({ title: "Gala" }), { ...db(), scope: "THIS", occurrenceStart: second });
    expect(await titles("olga")).toEqual(["Swimming", "Gala", "Swimming", "Swimming", "Swimming"]);
    const following = await updateEvent(
      "olga",
      series.id,
      swim({ title: "Lessons", start: fourth, end: fourth + 3600 }),
      {
        ...db(),
        scope: "FOLLOWING",
        occurrenceStart: fourth,
      },
    );
    expect(following.id).not.toBe(series.id);
    expect(await titles("olga")).toEqual(["Swimming", "Gala", "Swimming", "Lessons", "Lessons"]);
    // The circle still sees both parts.
    expect(await titles("ada")).toEqual(["Swimming", "Gala", "Swimming", "Lessons", "Lessons"]);
    await deleteEvent("olga", series.id, { ...db(), scope: "THIS", occurrenceStart: at("2026-03-31T18:15", LONDON) });
    expect(await titles("olga")).toEqual(["Swimming", "Gala", "Lessons", "Lessons"]);
    expect(await failure(updateEvent("olga", series.id, swim(), { ...db(), scope: "THIS" }))).toMatchObject({
      status: 400,
      field: "occurrenceStart",
    });
    expect(
      await failure(updateEvent("olga", series.id, swim(), { ...db(), scope: "THIS", occurrenceStart: second + 60 })),
    ).toMatchObject({ status: 404, field: "occurrenceStart" });
    await deleteEvent("olga", following.id, { ...db(), scope: "ALL" });
    expect(await titles("olga")).toEqual(["Swimming", "Gala"]);
  });

  it("a share made by hand outlives edits of the event's visibility, and reaches a split's new part", async () => {
    await family();
    const series = await createEvent("olga", swim({ visibility: "people", people: ["gus"] }), db());
    await shareItem(
      "olga",
      { itemType: "event", itemId: series.id, memberId: "ada", permission: "view" },
      { ...db(), kinds: { event: eventKind } },
    );
    expect(await titles("ada")).toHaveLength(5);
    // Changing who the event reaches by its visibility rewrites only what that choice wrote.
    await updateEvent("olga", series.id, swim({ title: "Swim", visibility: "private" }), { ...db(), scope: "ALL" });
    expect(await titles("gus")).toEqual([]);
    expect(await titles("ada")).toEqual(["Swim", "Swim", "Swim", "Swim", "Swim"]);
    // A visibility share to someone already shared with by hand keeps the hand-made one.
    await updateEvent("olga", series.id, swim({ title: "Swim", visibility: "people", people: ["ada"] }), {
      ...db(),
      scope: "ALL",
    });
    await updateEvent("olga", series.id, swim({ title: "Swim", visibility: "private" }), { ...db(), scope: "ALL" });
    expect(await titles("ada")).toHaveLength(5);
    const fourth = at("2026-04-07T18:15", LONDON);
    const following = await updateEvent(
      "olga",
      series.id,
      swim({ title: "Lessons", start: fourth, end: fourth + 3600, visibility: "private" }),
      { ...db(), scope: "FOLLOWING", occurrenceStart: fourth },
    );
    expect(await titles("ada")).toEqual(["Swim", "Swim", "Swim", "Lessons", "Lessons"]);
    expect(
      (await namedSharesOf("olga", { ...db(), kinds: { event: eventKind } })).map((share) => share.itemId).sort(),
    ).toEqual([series.id, following.id].sort());
  });

  it("guardians add events to a child's calendar; others may not", async () => {
    await family();
    const piano = await createEvent("gus", swim({ title: "Piano", rrule: null, people: ["kit"] }), {
      ...db(),
      calendarOf: "kit",
    });
    expect(piano).toMatchObject({ ownerId: "kit", createdBy: "gus" });
    expect(await titles("kit")).toEqual(["Piano"]);
    // The guardian who wrote it may change it, even when the child's calendar keeps it private.
    await updateEvent("gus", piano.id, swim({ title: "Piano lesson", rrule: null, visibility: "private" }), {
      ...db(),
      scope: "ALL",
    });
    expect(await titles("gus")).toEqual(["Piano lesson"]);
    expect(await titles("olga")).toEqual([]);
    for (const [caller, child] of [
      ["ada", "kit"],
      ["gus", "ada"],
      ["kit", "olga"],
    ])
      expect(await failure(createEvent(caller!, swim({ rrule: null }), { ...db(), calendarOf: child }))).toMatchObject({
        status: 403,
        field: "calendarOf",
      });
  });

  it("attendees acknowledge an occurrence; the organiser sees who; the key survives a move", async () => {
    await family();
    const lesson = await createEvent(
      "olga",
      swim({ title: "Swim lesson", people: ["kit", "ada"], requiresAcknowledgement: true }),
      db(),
    );
    const first = at("2026-03-17T18:15", LONDON);
    // Kit's agenda before and after the "got it": the same events, so only the answer tells them apart
    // (read twice before, as an app does, so the second read is answered from what was remembered).
    for (let read = 0; read < 2; read++) {
      const before = (await getAgenda("kit", month, { ...db(), timezone: LONDON })).occurrences;
      expect(before.map((o) => o.acknowledged)).toEqual([false, false, false, false, false]);
    }
    await acknowledgeEvent("kit", lesson.id, first, db());
    await acknowledgeEvent("kit", lesson.id, first, db()); // again: the same answer
    const kits = (await getAgenda("kit", month, { ...db(), timezone: LONDON })).occurrences;
    expect(kits.map((o) => o.acknowledged)).toEqual([true, false, false, false, false]);
    const adas = (await getAgenda("ada", month, { ...db(), timezone: LONDON })).occurrences;
    expect(adas.every((o) => o.asksViewer && !o.acknowledged)).toBe(true);
    expect((await acknowledgementsOf("olga", lesson.id, db())).map((a) => [a.memberId, a.recurrenceId])).toEqual([
      ["kit", String(first)],
    ]);
    // Moving that occurrence keeps its acknowledgement (keyed by its original start).
    await updateEvent(
      "olga",
      lesson.id,
      swim({
        title: "Swim lesson",
        start: first + 1800,
        end: first + 5400,
        people: ["kit", "ada"],
        requiresAcknowledgement: true,
      }),
      {
        ...db(),
        scope: "THIS",
        occurrenceStart: first,
      },
    );
    const moved = (await getAgenda("kit", month, { ...db(), timezone: LONDON })).occurrences[0]!;
    expect(moved).toMatchObject({ start: first + 1800, acknowledged: true });
    expect(await failure(acknowledgeEvent("gus", lesson.id, first, db()))).toMatchObject({ status: 403 });
    expect(await failure(acknowledgementsOf("kit", lesson.id, db()))).toMatchObject({ status: 403 });
    expect(await failure(acknowledgeEvent("kit", lesson.id, null, db()))).toMatchObject({
      status: 400,
      field: "occurrenceStart",
    });
    expect(await failure(acknowledgeEvent("zed", lesson.id, first, db()))).toMatchObject({ status: 404 });
    // This and following: the new series takes the acknowledgements of its occurrences.
    const third = at("2026-03-31T18:15", LONDON);
    await acknowledgeEvent("kit", lesson.id, third, db());
    const later = await updateEvent(
      "olga",
      lesson.id,
      swim({
        title: "Swim squad",
        start: third,
        end: third + 3600,
        people: ["kit", "ada"],
        requiresAcknowledgement: true,
      }),
      {
        ...db(),
        scope: "FOLLOWING",
        occurrenceStart: third,
      },
    );
    expect((await acknowledgementsOf("olga", later.id, db())).map((a) => a.recurrenceId)).toEqual([String(third)]);
  });
});
