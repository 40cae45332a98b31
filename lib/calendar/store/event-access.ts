import { eq, type Placeholder, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/open";
import { calendarEvents, EVENT_VISIBILITIES } from "../../db/schema/calendar";
import { caresFor, isCarerOf } from "../../circles/carers";
import { accessTo } from "../../circles/sharing/rule";
import { CalendarError } from "../errors";
import { type CalendarEvent } from "../event";
import { NEUTRAL_TITLE } from "../ics/export";
import { behindCodeWord, hasCodeWord } from "../../display";
import { isUuid } from "../../uuid";
import { EVENT_ITEM_TYPE, eventOf, type EventRow } from "./rows";

// Who may see and change an event: whose calendar a new one goes into, whether a viewer the sharing
// rule lets in sees its details or only "Busy" (and a code word's cover), and what a caller reaches
// of one event (404 for one they may not see, as for one that does not exist).
export type Visibility = (typeof EVENT_VISIBILITIES)[number];
/** `now`: when the change happens (tests), for the reminder it schedules. */
export type Options = { db?: Db; now?: Date };

export const notFound = () => new CalendarError("not_found", "eventId", "Event not found");

/**
 * Whose calendar a new event goes into: the caller's own, or (for a guardian or a circle's owner) a
 * child's in one of their circles. Anyone else's: 403.
 */
export async function calendarFor(db: Db, callerId: string, calendarOf: string | undefined): Promise<string> {
  if (!calendarOf || calendarOf === callerId) return callerId;
  if (!(await guardsChild(db, callerId, calendarOf)))
    throw new CalendarError(
      "forbidden",
      "calendarOf",
      "you can add events only to your own calendar or a child's you look after",
      { namesField: true },
    );
  return calendarOf;
}

/** SQL: `guardianId` looks after the child `childId` right now (lib/circles carers.ts, the one rule). */
export function guardianOf(guardianId: string | Placeholder, childId: SQLWrapper) {
  return caresFor(guardianId, childId);
}

export async function guardsChild(db: Db, guardianId: string, childId: string): Promise<boolean> {
  return isCarerOf(db, guardianId, childId);
}

/** Whether this viewer, who the rule lets see the row, sees its details or only "Busy". */
export function busyFor(row: Pick<EventRow, "visibility" | "ownerId" | "people">, viewerId: string): boolean {
  return row.visibility === "busy" && row.ownerId !== viewerId && !row.people.includes(viewerId);
}

const BUSY_DETAILS = { title: NEUTRAL_TITLE, privateTitle: null, notes: null, location: null };

/**
 * The row as this viewer may see it, the one place every read of someone else's event goes through
 * (the event page, GraphQL, feeds, the data download): for "Busy" only its times, with no title,
 * notes, place, circle or people; for anyone but the owner, when a code word is set, the code word
 * alone instead of the real title, notes and place (lib/display.ts), in the series and in
 * each changed occurrence.
 */
export function rowSeenBy(row: EventRow, viewerId: string): EventRow {
  if (busyFor(row, viewerId))
    return {
      ...row,
      ...BUSY_DETAILS,
      circleId: null,
      people: [],
      requiresAcknowledgement: false,
      overrides: row.overrides.map((override) => ({ ...override, details: {} })),
    };
  if (row.ownerId === viewerId) return row;
  const series = { title: row.title, privateTitle: row.privateTitle, notes: row.notes, location: row.location };
  return {
    ...row,
    ...behindCodeWord(series),
    overrides: row.overrides.map((override) => {
      // A changed occurrence may carry its own title or code word: judged with the series' details.
      const merged = { ...series, ...override.details };
      return hasCodeWord(merged) ? { ...override, details: behindCodeWord(merged) } : override;
    }),
  };
}

/** The event as this viewer may see it (`rowSeenBy`): the feeds' and the download's read. */
export function eventSeenBy(row: EventRow, viewerId: string): CalendarEvent {
  return eventOf(rowSeenBy(row, viewerId));
}

export type Reach = { row: EventRow; access: "owner" | "edit" | "view" | "guardian" };

/**
 * One event as `viewerId` may reach it: through the sharing rule, or as the guardian who wrote it
 * into a child's calendar (while still their guardian). Otherwise 404.
 */
export async function reach(db: Db, viewerId: string, eventId: string): Promise<Reach> {
  if (!isUuid(eventId)) throw notFound();
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, eventId));
  if (!row) throw notFound();
  const access = await accessTo(db, viewerId, { itemType: EVENT_ITEM_TYPE, itemId: row.id, ownerId: row.ownerId });
  if (access === "owner" || access === "edit") return { row, access };
  if (row.createdBy === viewerId && (await guardsChild(db, viewerId, row.ownerId))) return { row, access: "guardian" };
  if (access) return { row, access };
  throw notFound();
}

/**
 * Whether the caller may change the event. Someone shown only "Busy" may not, even with an EDIT share:
 * a save would write over a title, notes and place they were never shown (and a delete would remove
 * an appointment they cannot see), so only what they were shown could be theirs to change, and that
 * is nothing but the times of something they do not know.
 */
export const canEdit = (reached: Reach, viewerId: string) =>
  reached.access !== "view" && !busyFor(reached.row, viewerId);

/** 403 for a caller who may not change the event (`canEdit`), with the reason in plain words. */
export function mustEdit(reached: Reach, callerId: string): void {
  if (reached.access === "view") throw new CalendarError("forbidden", "eventId", "You can only view this event");
  if (busyFor(reached.row, callerId))
    throw new CalendarError(
      "forbidden",
      "eventId",
      "You are shown only that this time is busy, so only the event's owner can change it",
    );
}
