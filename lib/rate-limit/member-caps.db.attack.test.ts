import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCircle } from "../circles/testing";
import { createEvent, MAX_EVENTS_PER_CALENDAR } from "../calendar/store";
import { newEvent, parseEventInput } from "../calendar/model";
import { columnsOf } from "../calendar/store/rows";
import { calendarEvents } from "../db/schema/calendar";
import { shares } from "../db/schema/circles";
import { habits } from "../db/schema/habits";
import { useTestDatabase } from "../db/testing";
import { archiveHabit, createHabit, MAX_HABITS_PER_MEMBER } from "../habits/store";
import { MAX_SHARES_PER_MEMBER, shareItem } from "../circles/sharing/shares";
import { itemKinds } from "../features";

/**
 * Attack: a member (or a script with their token, within the request rate) fills the database with
 * habits, events or shares until lists, agendas and the sharing rule slow down for everyone. Each
 * is capped per member (per calendar for events), refused with 409 and a message naming the limit.
 * The rows up to the cap are written directly: the cap is what is under test, not the insert path.
 */
const database = useTestDatabase();
const db = () => database.db;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const { status, message } = error as { status?: number; message: string };
    return { status, message };
  }
}

const habitInput = { title: "Stretch", kind: "CHECK", schedule: "DAILY" };

describe("what one member can own", () => {
  it(`habits: ${MAX_HABITS_PER_MEMBER} kept at once; archiving one makes room`, async () => {
    const first = await createHabit("hoarder", habitInput, { db: db() });
    await db()
      .insert(habits)
      .values(
        Array.from({ length: MAX_HABITS_PER_MEMBER - 2 }, (_, index) => ({
          ownerId: "hoarder",
          title: `Habit ${index}`,
          kind: "check" as const,
          startedOn: "2026-01-01",
        })),
      );
    await createHabit("hoarder", habitInput, { db: db() });
    expect(await refusal(createHabit("hoarder", habitInput, { db: db() }))).toEqual({
      status: 409,
      message: "You have 100 habits, the most one member can keep: archive one to add another.",
    });
    // Someone else is not held back; an archived habit no longer counts.
    expect(await refusal(createHabit("neighbour", habitInput, { db: db() }))).toBeUndefined();
    await archiveHabit("hoarder", first.id, { db: db() });
    expect(await refusal(createHabit("hoarder", habitInput, { db: db() }))).toBeUndefined();
  });

  it(`events: ${MAX_EVENTS_PER_CALENDAR} in one calendar`, async () => {
    const input = {
      title: "Ping",
      start: 1_800_000_000,
      end: 1_800_000_600,
      timezone: "Europe/London",
      visibility: "private",
    };
    const columns = columnsOf(newEvent(parseEventInput(input)));
    const rows = Array.from({ length: MAX_EVENTS_PER_CALENDAR - 1 }, () => ({
      ...columns,
      ownerId: "spammer",
      createdBy: "spammer",
      visibility: "private" as const,
    }));
    for (let index = 0; index < rows.length; index += 500)
      await db()
        .insert(calendarEvents)
        .values(rows.slice(index, index + 500));
    expect(await refusal(createEvent("spammer", input, { db: db() }))).toBeUndefined();
    expect(await refusal(createEvent("spammer", input, { db: db() }))).toEqual({
      status: 409,
      message: `this calendar holds ${MAX_EVENTS_PER_CALENDAR} events, the most one calendar can hold: delete some to add more`,
    });
    expect(
      (await db().select({ id: calendarEvents.id }).from(calendarEvents).where(eq(calendarEvents.ownerId, "spammer")))
        .length,
    ).toBe(MAX_EVENTS_PER_CALENDAR);
  }, 120_000);

  it(`shares: ${MAX_SHARES_PER_MEMBER} given by hand; changing an existing one's permission is still allowed`, async () => {
    await makeCircle(db(), "olga", { ada: "member" });
    const shared = await createHabit("olga", habitInput, { db: db() });
    const other = await createHabit("olga", { ...habitInput, title: "Read" }, { db: db() });
    await db()
      .insert(shares)
      .values(
        Array.from({ length: MAX_SHARES_PER_MEMBER - 1 }, () => ({
          itemType: "habit",
          itemId: randomUUID(),
          ownerId: "olga",
          memberId: "ada",
          permission: "view" as const,
        })),
      );
    const share = { itemType: "habit", itemId: shared.id, memberId: "ada", permission: "view" };
    expect(await refusal(shareItem("olga", share, { db: db(), kinds: itemKinds }))).toBeUndefined();
    expect(await refusal(shareItem("olga", { ...share, itemId: other.id }, { db: db(), kinds: itemKinds }))).toEqual({
      status: 409,
      message: "You have 500 shares, the most one member can give: stop sharing something to share more.",
    });
    expect(
      await refusal(shareItem("olga", { ...share, permission: "edit" }, { db: db(), kinds: itemKinds })),
    ).toBeUndefined();
  });
});
