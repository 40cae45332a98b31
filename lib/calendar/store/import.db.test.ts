import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../db/testing";
import { circleMemberships, circles, shares } from "../../db/schema/circles";
import { calendarEvents } from "../../db/schema/calendar";
import { failure, makeCircle } from "../../circles/testing";
import { getAgenda, importCalendar } from ".";

const database = useTestDatabase([calendarEvents, shares, circleMemberships, circles]);
const fixture = (name: string) => readFileSync(path.join(__dirname, "../ics/__fixtures__", name));
const db = () => ({ db: database.db });
const spring = { from: Date.UTC(2026, 2, 1) / 1000, to: Date.UTC(2026, 5, 1) / 1000 };

describe("importing an .ics file", () => {
  it("imports a Google Calendar file into the member's calendar; importing again updates rather than duplicates", async () => {
    const first = await importCalendar("olga", fixture("google.ics"), db());
    expect(first.created.length).toBeGreaterThan(0);
    expect(first.created.map((item) => item.title)).toContain("Swimming lesson");
    expect(first.updated).toEqual([]);
    const rows = await database.db.select().from(calendarEvents);
    expect(rows).toHaveLength(first.created.length);
    expect(rows.every((row) => row.visibility === "private" && row.uid)).toBe(true);
    const again = await importCalendar("olga", fixture("google.ics"), db());
    expect(again.created).toEqual([]);
    expect(again.updated.map((item) => item.uid).sort()).toEqual(first.created.map((item) => item.uid).sort());
    expect(await database.db.select().from(calendarEvents)).toHaveLength(rows.length);
    // Every skipped item says why, by line.
    for (const item of [...first.skipped])
      expect(item).toMatchObject({ line: expect.any(Number), reason: expect.any(String) });
    const agenda = await getAgenda("olga", spring, { ...db(), timezone: "Europe/London" });
    expect(agenda.occurrences.filter((o) => o.title === "Swimming lesson").length).toBeGreaterThan(3);
  });

  it("imports Outlook and Apple files, shares new events as chosen, and keeps the file's private ones private", async () => {
    const family = await makeCircle(database.db, "olga", { ada: "member" });
    const outlook = await importCalendar("olga", fixture("outlook.ics"), {
      ...db(),
      sharing: { visibility: "circle", circleId: family },
    });
    const apple = await importCalendar("olga", fixture("apple.ics"), db());
    expect(outlook.created.length + apple.created.length).toBeGreaterThan(0);
    const rows = await database.db.select().from(calendarEvents);
    expect(rows.some((row) => row.visibility === "circle")).toBe(true);
  });

  it("refuses a file that is not iCalendar, or too big, with 400 naming the file, and writes nothing", async () => {
    expect(await failure(importCalendar("olga", fixture("not-icalendar.csv"), db()))).toMatchObject({
      status: 400,
      field: "file",
    });
    const big = `BEGIN:VCALENDAR\r\n${"X-FILLER:".padEnd(70, "x")}\r\n`.repeat(16_000);
    expect(await failure(importCalendar("olga", big, db()))).toMatchObject({
      status: 400,
      field: "file",
      message: expect.stringMatching(/the limit is 1 MB/),
    });
    expect(await database.db.select().from(calendarEvents)).toEqual([]);
  });

  it("a guardian imports into a child's calendar; nobody else can", async () => {
    await makeCircle(database.db, "olga", { gus: "guardian", ada: "member", kit: "child" });
    const result = await importCalendar("gus", fixture("apple.ics"), { ...db(), calendarOf: "kit" });
    expect(result.created.length).toBeGreaterThan(0);
    expect((await database.db.select().from(calendarEvents)).every((row) => row.ownerId === "kit")).toBe(true);
    expect(await failure(importCalendar("ada", fixture("apple.ics"), { ...db(), calendarOf: "kit" }))).toMatchObject({
      status: 403,
    });
  });
});
