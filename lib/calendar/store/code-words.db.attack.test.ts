import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../db/testing";
import { circleMemberships, circles, shares } from "../../db/schema/circles";
import { calendarAcknowledgements, calendarEvents, calendarFeeds } from "../../db/schema/calendar";
import { memberProfiles } from "../../db/schema/profile";
import { jobs } from "../../db/schema/jobs";
import { failure, makeCircle } from "../../circles/testing";
import { leaveCircle } from "../../circles";
import { shareItem } from "../../circles/sharing";
import {
  createEvent,
  deleteEvent,
  downloadCalendar,
  exportCalendar,
  getAgenda,
  getEvent,
  readFeed,
  rotateFeed,
  updateEvent,
} from ".";
import { itemKinds } from "@/lib/features";

/**
 * Attacks on what an event's sharee is shown: the real title behind a code word (the event page,
 * the agenda, their feed and download, an edit), the details of a BUSY event an EDIT share lets them
 * save over, and the data download of events they can no longer see.
 */
const database = useTestDatabase([
  calendarAcknowledgements,
  calendarEvents,
  calendarFeeds,
  shares,
  circleMemberships,
  circles,
  memberProfiles,
  jobs,
]);
const db = () => ({ db: database.db });
const host = () => ({ host: "test", ...db() });

const START = Date.UTC(2027, 0, 5, 18) / 1000;
const WEEK = { from: START - 86400, to: START + 6 * 86400 };
const clinic = (fields: Record<string, unknown> = {}) => ({
  title: "Clinic appointment",
  privateTitle: "Errand",
  notes: "Dr Reyes, room 4",
  location: "Riverside Centre",
  start: START,
  end: START + 3600,
  timezone: "UTC",
  visibility: "circle",
  ...fields,
});
const SECRETS = /Clinic|Reyes|Riverside/;

describe("attack: code words stay code words for sharees, feeds and downloads", () => {
  it("a circle member reading an event with a code word never gets its real title, on the page, the agenda, a feed or a download", async () => {
    await makeCircle(database.db, "olga", { ada: "member" });
    const event = await createEvent("olga", clinic(), db());

    const seen = await getEvent("ada", event.id, db());
    // The code word alone: its notes and place could say what it hides.
    expect(seen).toMatchObject({ title: "Errand", privateTitle: null, notes: null, location: null });
    expect(JSON.stringify(seen)).not.toMatch(SECRETS);
    expect((await getAgenda("ada", WEEK, db())).occurrences.map((o) => o.title)).toEqual(["Errand"]);

    const { token } = await rotateFeed("ada", false, db());
    for (const file of [await readFeed(token, host()), await downloadCalendar("ada", host())]) {
      expect(file).toContain("SUMMARY:Errand");
      expect(file).not.toMatch(SECRETS);
    }
    // The owner's own feed and download leave Happr too: the code word alone, not the notes or place.
    const own = await rotateFeed("olga", false, db());
    for (const file of [await readFeed(own.token, host()), await downloadCalendar("olga", host())]) {
      expect(file).toContain("SUMMARY:Errand");
      expect(file).not.toMatch(SECRETS);
    }
    // The owner still reads both on the event itself.
    expect(await getEvent("olga", event.id, db())).toMatchObject({
      title: "Clinic appointment",
      privateTitle: "Errand",
    });
  });

  it("a changed occurrence's own title is hidden behind the code word as well", async () => {
    await makeCircle(database.db, "olga", { ada: "member" });
    const event = await createEvent("olga", clinic({ rrule: "FREQ=WEEKLY;COUNT=3" }), db());
    await updateEvent("olga", event.id, clinic({ title: "Clinic follow-up", rrule: "FREQ=WEEKLY;COUNT=3" }), {
      ...db(),
      scope: "THIS",
      occurrenceStart: START + 7 * 86400,
    });
    const { token } = await rotateFeed("ada", false, db());
    const feed = await readFeed(token, host());
    expect(feed).toContain("RECURRENCE-ID");
    expect(feed).not.toMatch(SECRETS);
  });

  it("an EDIT sharee shown the code word cannot save it over the real title, notes or place; the times are theirs to change", async () => {
    await makeCircle(database.db, "olga", { ada: "member" });
    const event = await createEvent("olga", clinic(), db());
    await shareItem(
      "olga",
      { itemType: "event", itemId: event.id, memberId: "ada", permission: "edit" },
      { ...db(), kinds: itemKinds },
    );
    const shown = await getEvent("ada", event.id, db());
    expect(shown).toMatchObject({ title: "Errand", canEdit: true });
    // Ada moves it by an hour, sending back the title she was shown.
    await updateEvent(
      "ada",
      event.id,
      clinic({
        title: shown.title,
        privateTitle: null,
        notes: null,
        location: null,
        start: START + 3600,
        end: START + 7200,
      }),
      { ...db(), scope: "ALL" },
    );
    expect(await getEvent("olga", event.id, db())).toMatchObject({
      title: "Clinic appointment",
      privateTitle: "Errand",
      notes: "Dr Reyes, room 4",
      location: "Riverside Centre",
      start: START + 3600,
    });
  });
});

describe("attack: a BUSY share cannot write over what it hides", () => {
  it("an EDIT sharee shown only 'Busy' gets 403 with a plain message, and the title, notes and place stay", async () => {
    await makeCircle(database.db, "olga", { ada: "member" });
    const event = await createEvent("olga", clinic({ privateTitle: null, visibility: "busy" }), db());
    await shareItem(
      "olga",
      { itemType: "event", itemId: event.id, memberId: "ada", permission: "edit" },
      { ...db(), kinds: itemKinds },
    );
    const shown = await getEvent("ada", event.id, db());
    expect(shown).toMatchObject({ title: "Busy", notes: null, location: null, busyOnly: true, canEdit: false });

    const refused = {
      status: 403,
      message: "You are shown only that this time is busy, so only the event's owner can change it",
    };
    expect(
      await failure(
        updateEvent("ada", event.id, clinic({ title: "Busy", notes: null, location: null, privateTitle: null }), {
          ...db(),
          scope: "ALL",
        }),
      ),
    ).toMatchObject(refused);
    expect(await failure(deleteEvent("ada", event.id, { ...db(), scope: "ALL" }))).toMatchObject(refused);
    expect(await getEvent("olga", event.id, db())).toMatchObject({
      title: "Clinic appointment",
      notes: "Dr Reyes, room 4",
      location: "Riverside Centre",
    });
  });
});

describe("attack: the data download holds only what the member may see now", () => {
  it("an event a guardian wrote in a child's calendar leaves their download when they stop looking after the child", async () => {
    const circleId = await makeCircle(database.db, "olga", { gus: "guardian", kit: "child" });
    const event = await createEvent(
      "gus",
      { ...clinic({ privateTitle: null }), title: "Kit's dentist", visibility: "private" },
      { ...db(), calendarOf: "kit" },
    );
    expect((await exportCalendar("gus", db())).events.map((e) => e.id)).toEqual([event.id]);

    await leaveCircle("gus", circleId, db());
    const download = await exportCalendar("gus", db());
    expect(download.events).toEqual([]);
    expect(JSON.stringify(download)).not.toMatch(/dentist/);
    // Kit's own download still has it: it is in Kit's calendar.
    expect((await exportCalendar("kit", db())).events.map((e) => e.id)).toEqual([event.id]);
  });
});
