import {
  and,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type Placeholder,
  type SQLWrapper,
} from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { Db } from "../../db/open";
import { preparedPerDatabase } from "../../db/prepared";
import { shares } from "../../db/schema/circles";
import {
  calendarAcknowledgements,
  calendarAgendaStamps,
  calendarEvents,
  EVENT_VISIBILITIES,
} from "../../db/schema/calendar";
import { memberTimeZone, storedZoneOf, zoneFrom } from "../../profile/zone";
import { caresFor, isCarerOf } from "../../circles/carers";
import { circlesOf, membershipOf, shareACircle } from "../../circles/membership";
import { accessTo, itemsReaching, ownerWithinReach } from "../../circles/sharing/rule";
import type { ItemKind } from "../../circles/sharing/item-kinds";
import { applyEventDeletion, applyEventUpdate, type EditScope } from "../edit";
import { CalendarError, invalidField } from "../errors";
import { checkAgendaRange, findOccurrence, type AgendaOccurrence } from "../expand";
import { checkCalendarEvent, newEvent, parseEventInput } from "../model";
import { type CalendarEvent, type EventFields } from "../event";
import { NEUTRAL_TITLE } from "../ics/export";
import { behindCodeWord, hasCodeWord, listTitle } from "../../display";
import type { UnixSeconds } from "../../time";
import { isUuid } from "../../uuid";
import { columnsOf, EVENT_ITEM_TYPE, eventOf, type AgendaEntry, type EventRow } from "./rows";
import { cancelEventReminder, scheduleEventReminder } from "./reminders";
import { expandRows, rememberAgenda, rememberedAgenda } from "./expansions";

/**
 * My Calendar's service: events in members' calendars, who sees them, and attendees' "got it".
 *
 * Who sees an event is the sharing rule's (lib/circles/sharing/rule.ts): the owner chooses a visibility and
 * the event's shares are written from it in the same transaction: PRIVATE none; PEOPLE one share per
 * listed member; CIRCLE and BUSY one share with the circle (and, for BUSY, one per attendee). A BUSY
 * event's details reach only its owner and its attendees: everyone else it reaches sees "Busy" at
 * its times. An id the caller may not see answers 404, as one that does not exist.
 */

export type Visibility = (typeof EVENT_VISIBILITIES)[number];
/** `now`: when the change happens (tests), for the reminder it schedules. */
type Options = { db?: Db; now?: Date };

export { EVENT_ITEM_TYPE };

const notFound = () => new CalendarError("not_found", "eventId", "Event not found");

const sharingSchema = z.object({
  visibility: z.enum(EVENT_VISIBILITIES, { message: "must be PRIVATE, BUSY, PEOPLE or CIRCLE" }),
  people: z
    .array(z.string({ message: "must be member ids" }).trim().min(1, "must not hold an empty id").max(255), {
      message: "must be a list of member ids",
    })
    .max(20, "lists at most 20 people")
    .nullish()
    .transform((people) => [...new Set(people ?? [])]),
  circleId: z.uuid({ message: "is not a circle id" }).nullish(),
  requiresAcknowledgement: z.boolean({ message: "must be true or false" }).nullish(),
});

export type EventSharing = {
  visibility: Visibility;
  people: string[];
  circleId: string | null;
  requiresAcknowledgement: boolean;
};

export function parseSharing(input: unknown): z.output<typeof sharingSchema> {
  const parsed = sharingSchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? "visibility");
  throw invalidField(field, issue.message);
}

/**
 * Checks who an event of `ownerId` may reach: attendees are in a circle with the owner (and in the
 * event's circle for CIRCLE and BUSY), a circle is one the owner is in. 400 naming the field.
 */
export async function checkSharing(
  db: Db,
  ownerId: string,
  input: z.output<typeof sharingSchema>,
): Promise<EventSharing> {
  const people = input.people.filter((id) => id !== ownerId);
  const requiresAcknowledgement = input.requiresAcknowledgement ?? false;
  if (input.visibility === "private") {
    if (people.length) throw invalidField("people", "a private event reaches nobody else: choose PEOPLE or CIRCLE");
    if (requiresAcknowledgement) throw invalidField("requiresAcknowledgement", "a private event has nobody to ask");
    return { visibility: "private", people: [], circleId: null, requiresAcknowledgement: false };
  }
  if (input.visibility === "people") {
    if (!people.length) throw invalidField("people", "list at least one person for PEOPLE");
    for (const person of people)
      if (!(await shareACircle(db, ownerId, person)))
        throw invalidField("people", "you can add only people in your circles");
    return { visibility: "people", people, circleId: null, requiresAcknowledgement };
  }
  let circleId = input.circleId ?? null;
  if (circleId) {
    if (!(await membershipOf(db, circleId, ownerId)))
      throw invalidField("circleId", "you can share only with a circle you are in");
  } else {
    const mine = await circlesOf(db, ownerId);
    if (mine.length === 0) throw invalidField("circleId", "you are in no circle yet: choose PRIVATE or invite someone");
    if (mine.length > 1) throw invalidField("circleId", "you are in more than one circle: choose one");
    circleId = mine[0]!.circleId;
  }
  for (const person of people)
    if (!(await membershipOf(db, circleId, person)))
      throw invalidField("people", "attendees must be in the event's circle");
  return { visibility: input.visibility, people, circleId, requiresAcknowledgement };
}

/**
 * Writes the event's shares from its sharing choice, replacing those an earlier choice wrote. Shares
 * the owner made by hand (shareItem) stay, and win over a visibility share to the same person or circle.
 */
async function writeShares(tx: Db, eventId: string, ownerId: string, sharing: EventSharing): Promise<void> {
  await tx
    .delete(shares)
    .where(and(eq(shares.itemType, EVENT_ITEM_TYPE), eq(shares.itemId, eventId), eq(shares.fromVisibility, true)));
  const base = {
    itemType: EVENT_ITEM_TYPE,
    itemId: eventId,
    ownerId,
    permission: "view" as const,
    fromVisibility: true,
  };
  const rows = [
    ...(sharing.circleId && (sharing.visibility === "circle" || sharing.visibility === "busy")
      ? [{ ...base, circleId: sharing.circleId, memberId: null }]
      : []),
    ...(sharing.visibility === "private"
      ? []
      : sharing.people.map((memberId) => ({ ...base, memberId, circleId: null }))),
  ];
  if (rows.length) await tx.insert(shares).values(rows).onConflictDoNothing();
}

/** After a split, the shares the owner made by hand for the series reach its new part too. */
async function copyHandMadeShares(tx: Db, from: EventRow, to: EventRow): Promise<void> {
  const handMade = await tx
    .select()
    .from(shares)
    .where(and(eq(shares.itemType, EVENT_ITEM_TYPE), eq(shares.itemId, from.id), eq(shares.fromVisibility, false)));
  if (!handMade.length) return;
  await tx
    .insert(shares)
    .values(handMade.map(({ id: _id, createdAt: _createdAt, ...share }) => ({ ...share, itemId: to.id })))
    .onConflictDoNothing();
}

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
      "calendarOf: you can add events only to your own calendar or a child's you look after",
    );
  return calendarOf;
}

/** SQL: `guardianId` looks after the child `childId` right now (lib/circles carers.ts, the one rule). */
function guardianOf(guardianId: string | Placeholder, childId: SQLWrapper) {
  return caresFor(guardianId, childId);
}

export async function guardsChild(db: Db, guardianId: string, childId: string): Promise<boolean> {
  return isCarerOf(db, guardianId, childId);
}

export type EventView = {
  id: string;
  ownerId: string;
  createdBy: string;
  title: string;
  privateTitle: string | null;
  notes: string | null;
  location: string | null;
  allDay: boolean;
  start: number | null;
  end: number | null;
  timezone: string | null;
  startDate: string | null;
  endDate: string | null;
  rrule: string | null;
  visibility: Visibility;
  circleId: string | null;
  people: string[];
  requiresAcknowledgement: boolean;
  /** Only "Busy" and the times reach this viewer. */
  busyOnly: boolean;
  canEdit: boolean;
};

/** Whether this viewer, who the rule lets see the row, sees its details or only "Busy". */
function busyFor(row: Pick<EventRow, "visibility" | "ownerId" | "people">, viewerId: string): boolean {
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

function viewOf(row: EventRow, viewerId: string, canEdit: boolean): EventView {
  const seen = rowSeenBy(row, viewerId);
  return {
    id: seen.id,
    ownerId: seen.ownerId,
    createdBy: seen.createdBy,
    title: seen.title,
    privateTitle: seen.privateTitle,
    notes: seen.notes,
    location: seen.location,
    allDay: seen.allDay,
    start: seen.start,
    end: seen.end,
    timezone: seen.timezone,
    startDate: seen.startDate,
    endDate: seen.endDate,
    rrule: seen.rrule,
    visibility: seen.visibility,
    circleId: seen.circleId,
    people: seen.people,
    requiresAcknowledgement: seen.requiresAcknowledgement,
    busyOnly: busyFor(row, viewerId),
    canEdit,
  };
}

type Reach = { row: EventRow; access: "owner" | "edit" | "view" | "guardian" };

/**
 * One event as `viewerId` may reach it: through the sharing rule, or as the guardian who wrote it
 * into a child's calendar (while still their guardian). Otherwise 404.
 */
async function reach(db: Db, viewerId: string, eventId: string): Promise<Reach> {
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
const canEdit = (reached: Reach, viewerId: string) => reached.access !== "view" && !busyFor(reached.row, viewerId);

/** 403 for a caller who may not change the event (`canEdit`), with the reason in plain words. */
function mustEdit(reached: Reach, callerId: string): void {
  if (reached.access === "view") throw new CalendarError("forbidden", "eventId", "You can only view this event");
  if (busyFor(reached.row, callerId))
    throw new CalendarError(
      "forbidden",
      "eventId",
      "You are shown only that this time is busy, so only the event's owner can change it",
    );
}

export async function getEvent(viewerId: string, eventId: string, options: Options = {}): Promise<EventView> {
  const db = options.db ?? (await getDb());
  const reached = await reach(db, viewerId, eventId);
  return viewOf(reached.row, viewerId, canEdit(reached, viewerId));
}

export type CreateOptions = Options & {
  /** A child's member id: a guardian adds the event to that child's calendar. */
  calendarOf?: string;
  /** An import's UID: the event is keyed by it in that calendar. */
  uid?: string;
};

/**
 * createEvent: the input is checked whole (the core's EventInput, then who it reaches) before
 * anything is written; the event and its shares are written in one transaction.
 */
export async function createEvent(callerId: string, input: unknown, options: CreateOptions = {}): Promise<EventView> {
  const fields = parseEventInput(input);
  const db = options.db ?? (await getDb());
  const ownerId = await calendarFor(db, callerId, options.calendarOf);
  const sharing = await checkSharing(db, ownerId, parseSharing(input));
  const row = await db.transaction(async (tx) => {
    await withinEventCap(tx, ownerId);
    return insertEvent(tx, ownerId, callerId, newEvent(fields), sharing, null, options.now);
  });
  return viewOf(row, callerId, true);
}

/** The most events one calendar (a member's, or a child's a guardian writes to) holds; a series counts once. */
export const MAX_EVENTS_PER_CALENDAR = 10_000;

/** Refuses a new event in a full calendar (409 naming the limit); one writer at a time per calendar. */
async function withinEventCap(tx: Db, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`calendar:${ownerId}`}, 0))`);
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(calendarEvents)
    .where(eq(calendarEvents.ownerId, ownerId));
  if (Number(held?.count ?? 0) >= MAX_EVENTS_PER_CALENDAR)
    throw new CalendarError(
      "conflict",
      "calendarOf",
      `calendarOf: this calendar holds ${MAX_EVENTS_PER_CALENDAR} events, the most one calendar can hold: delete some to add more`,
    );
}

export async function insertEvent(
  tx: Db,
  ownerId: string,
  createdBy: string,
  event: CalendarEvent,
  sharing: EventSharing,
  uid: string | null,
  now = new Date(),
): Promise<EventRow> {
  const [row] = await tx
    .insert(calendarEvents)
    .values({
      ...columnsOf(event),
      ownerId,
      createdBy,
      uid,
      visibility: sharing.visibility,
      circleId: sharing.circleId,
      people: sharing.people,
      requiresAcknowledgement: sharing.requiresAcknowledgement,
    })
    .returning();
  await writeShares(tx, row!.id, ownerId, sharing);
  await scheduleEventReminder(tx, row!, now);
  return row!;
}

const sharingOfRow = (row: EventRow): EventSharing => ({
  visibility: row.visibility,
  people: row.people,
  circleId: row.circleId,
  requiresAcknowledgement: row.requiresAcknowledgement,
});

export type EditOptions = Options & { scope: EditScope; occurrenceStart?: UnixSeconds | null };

/**
 * updateEvent with scope THIS, FOLLOWING (the series splits: the new part is a new event with the
 * same owner and sharing, and takes the acknowledgements of its occurrences) or ALL. Who the event
 * reaches is the owner's (or the child's guardian who wrote it) to change; an editor's sharing
 * fields are ignored. Anyone but the owner was shown an event with a code word as the code word
 * alone, so its title, code word, notes and place stay as stored whatever they send: they change the
 * times. 404 for an event the caller cannot see, 403 for one they may only view or see only as "Busy".
 */
export async function updateEvent(
  callerId: string,
  eventId: string,
  input: unknown,
  options: EditOptions,
): Promise<EventView> {
  const parsed: EventFields = parseEventInput(input);
  const sharingInput = parseSharing(input);
  const db = options.db ?? (await getDb());
  const reached = await reach(db, callerId, eventId);
  mustEdit(reached, callerId);
  const { row } = reached;
  const change: EventFields =
    row.ownerId !== callerId && hasCodeWord(row)
      ? {
          ...parsed,
          details: { title: row.title, privateTitle: row.privateTitle, notes: row.notes, location: row.location },
        }
      : parsed;
  const sharing =
    reached.access === "owner" || reached.access === "guardian"
      ? await checkSharing(db, row.ownerId, sharingInput)
      : sharingOfRow(row);
  const timezone = await memberTimeZone(db, callerId);
  const outcome = applyEventUpdate(eventOf(row), change, {
    scope: options.scope,
    occurrenceStart: options.occurrenceStart,
    timezone,
  });
  const updated = await db.transaction(async (tx) => {
    if (outcome.kind === "delete") {
      await removeEvent(tx, row.id);
      return null;
    }
    const columns = {
      ...columnsOf(checkCalendarEvent(outcome.event)),
      visibility: sharing.visibility,
      circleId: sharing.circleId,
      people: sharing.people,
      requiresAcknowledgement: sharing.requiresAcknowledgement,
      updatedAt: new Date(),
    };
    if (outcome.kind === "split") {
      // The part before keeps its sharing; the new part gets the chosen one.
      const [kept] = await tx
        .update(calendarEvents)
        .set({ ...columnsOf(checkCalendarEvent(outcome.event)), updatedAt: new Date() })
        .where(eq(calendarEvents.id, row.id))
        .returning();
      const following = await insertEvent(tx, row.ownerId, callerId, outcome.following, sharing, null, options.now);
      await copyHandMadeShares(tx, kept!, following);
      await scheduleEventReminder(tx, kept!, options.now ?? new Date());
      await moveAcknowledgements(tx, kept!, following);
      return following;
    }
    const [saved] = await tx.update(calendarEvents).set(columns).where(eq(calendarEvents.id, row.id)).returning();
    await writeShares(tx, row.id, row.ownerId, sharing);
    await scheduleEventReminder(tx, saved!, options.now ?? new Date());
    return saved!;
  });
  if (!updated) throw notFound();
  return viewOf(updated, callerId, true);
}

/**
 * The safety reset's part (lib/account/safety-reset.ts), in its transaction: every event `memberId`
 * owns becomes PRIVATE, with no circle and no people, so it reaches nobody and the next edit, whose
 * form starts from what is stored, cannot share it again; its shares (by visibility and by hand)
 * end; each reminder job is written again from the private event, so only the owner is reminded.
 */
export async function makeEventsPrivate(tx: Db, memberId: string, now = new Date()): Promise<number> {
  const rows = await tx
    .update(calendarEvents)
    .set({ visibility: "private", circleId: null, people: [], requiresAcknowledgement: false, updatedAt: now })
    .where(eq(calendarEvents.ownerId, memberId))
    .returning();
  await tx.delete(shares).where(and(eq(shares.itemType, EVENT_ITEM_TYPE), eq(shares.ownerId, memberId)));
  for (const row of rows) await scheduleEventReminder(tx, row, now);
  return rows.length;
}

/** After a split, the acknowledgements of the occurrences now in `following` move to it. */
async function moveAcknowledgements(tx: Db, kept: EventRow, following: EventRow): Promise<void> {
  const firstKey = following.allDay ? following.startDate! : String(following.start!);
  const acks = await tx.select().from(calendarAcknowledgements).where(eq(calendarAcknowledgements.eventId, kept.id));
  const moving = acks.filter((ack) =>
    following.allDay ? ack.recurrenceId >= firstKey : Number(ack.recurrenceId) >= Number(firstKey),
  );
  if (!moving.length) return;
  await tx.delete(calendarAcknowledgements).where(
    and(
      eq(calendarAcknowledgements.eventId, kept.id),
      inArray(
        calendarAcknowledgements.recurrenceId,
        moving.map((ack) => ack.recurrenceId),
      ),
    ),
  );
  await tx.insert(calendarAcknowledgements).values(moving.map((ack) => ({ ...ack, eventId: following.id })));
}

async function removeEvent(tx: Db, eventId: string): Promise<void> {
  await tx.delete(shares).where(and(eq(shares.itemType, EVENT_ITEM_TYPE), eq(shares.itemId, eventId)));
  await tx.delete(calendarEvents).where(eq(calendarEvents.id, eventId));
  await cancelEventReminder(tx, eventId);
}

/** deleteEvent with scope THIS (an exception), FOLLOWING (the series ends before it) or ALL. */
export async function deleteEvent(callerId: string, eventId: string, options: EditOptions): Promise<void> {
  const db = options.db ?? (await getDb());
  const reached = await reach(db, callerId, eventId);
  mustEdit(reached, callerId);
  const timezone = await memberTimeZone(db, callerId);
  const outcome = applyEventDeletion(eventOf(reached.row), {
    scope: options.scope,
    occurrenceStart: options.occurrenceStart,
    timezone,
  });
  await db.transaction(async (tx) => {
    if (outcome.kind === "delete") return removeEvent(tx, reached.row.id);
    if (outcome.kind === "update") {
      const [saved] = await tx
        .update(calendarEvents)
        .set({ ...columnsOf(outcome.event), updatedAt: new Date() })
        .where(eq(calendarEvents.id, reached.row.id))
        .returning();
      // A removed occurrence may have been the next one, or the last.
      await scheduleEventReminder(tx, saved!, options.now ?? new Date());
    }
  });
}

const recurrenceKey = (value: UnixSeconds | string) => String(value);

/**
 * acknowledgeEvent: an attendee's "got it" for one occurrence (named by occurrenceStart; optional
 * for a single event), kept under the occurrence's recurrence id. Idempotent. 404 for an event the
 * caller cannot see; 403 when it asks them for nothing.
 */
export async function acknowledgeEvent(
  callerId: string,
  eventId: string,
  occurrenceStart: UnixSeconds | null | undefined,
  options: Options = {},
): Promise<void> {
  const db = options.db ?? (await getDb());
  const { row } = await reach(db, callerId, eventId);
  if (!row.requiresAcknowledgement || !row.people.includes(callerId))
    throw new CalendarError("forbidden", "eventId", "This event does not ask you for a 'got it'");
  const event = eventOf(row);
  let key: string;
  if (occurrenceStart == null) {
    if (row.rrule) throw invalidField("occurrenceStart", "is required to acknowledge one occurrence of a series");
    key = row.allDay ? row.startDate! : String(row.start!);
  } else {
    key = recurrenceKey(findOccurrence(event, occurrenceStart, await memberTimeZone(db, callerId)).recurrenceId);
  }
  await db
    .insert(calendarAcknowledgements)
    .values({ eventId: row.id, memberId: callerId, recurrenceId: key })
    .onConflictDoNothing();
}

/** For the organiser (and editors): who acknowledged which occurrence. */
export async function acknowledgementsOf(
  callerId: string,
  eventId: string,
  options: Options = {},
): Promise<{ memberId: string; recurrenceId: string; acknowledgedAt: Date }[]> {
  const db = options.db ?? (await getDb());
  const reached = await reach(db, callerId, eventId);
  if (!canEdit(reached, callerId))
    throw new CalendarError("forbidden", "eventId", "Only the organiser sees who acknowledged");
  return db
    .select({
      memberId: calendarAcknowledgements.memberId,
      recurrenceId: calendarAcknowledgements.recurrenceId,
      acknowledgedAt: calendarAcknowledgements.acknowledgedAt,
    })
    .from(calendarAcknowledgements)
    .where(eq(calendarAcknowledgements.eventId, reached.row.id))
    .orderBy(calendarAcknowledgements.acknowledgedAt);
}

/** The condition for an event row `viewer` may see: the rule, or as a child's guardian who wrote it. */
function reachedBy(viewer: string | Placeholder) {
  return and(
    // Implied by each branch below: the candidates are found by the owner index (lib/circles/sharing/rule.ts).
    ownerWithinReach(calendarEvents.ownerId, viewer),
    or(
      eq(calendarEvents.ownerId, viewer),
      // The shares reaching the viewer, found once (a semi-join), not once per event.
      sql`(${calendarEvents.id}::text, ${calendarEvents.ownerId}) in (${itemsReaching(viewer, EVENT_ITEM_TYPE)})`,
      and(eq(calendarEvents.createdBy, viewer), guardianOf(viewer, calendarEvents.ownerId)),
    ),
  )!;
}

/** The rows that can reach [from, to) of those the viewer may see. */
const inAgenda = (viewer: Placeholder) =>
  and(
    reachedBy(viewer),
    lt(calendarEvents.rangeStart, sql.placeholder("to")),
    or(isNull(calendarEvents.rangeEnd), gt(calendarEvents.rangeEnd, sql.placeholder("from"))),
  );

/** When the event asks the viewer for a "got it": the recurrence ids they acknowledged, in order. */
const acknowledgedBy = (viewer: Placeholder) => sql<string[] | null>`case when ${calendarEvents.requiresAcknowledgement}
    and ${calendarEvents.people} @> jsonb_build_array(${viewer}::text)
    then (select array_agg(${calendarAcknowledgements.recurrenceId} order by ${calendarAcknowledgements.recurrenceId})
      from ${calendarAcknowledgements}
      where ${calendarAcknowledgements.eventId} = ${calendarEvents.id} and ${calendarAcknowledgements.memberId} = ${viewer})
    end`;

/**
 * The version of a viewer's agenda: the stamps (calendar_agenda_stamps, migration 0025) of the viewer
 * and of each circle they are in. The database renews them in the transaction of every write an agenda
 * shows: an event or its share (its owner's stamp and the owner's circles'), a membership (the member's
 * and the circle's), a "got it" (the member's). Whatever reaches the viewer is the viewer's own or an
 * owner's in one of their circles, so an unchanged version is an unchanged agenda; reading it is a
 * few primary-key lookups, where evaluating the sharing rule over the range cost PostgreSQL ~0.5 ms.
 */
const agendaVersionOf = (viewer: Placeholder) => sql<string>`(select coalesce(string_agg(
    ${calendarAgendaStamps.scope} || '=' || ${calendarAgendaStamps.stamp}, ',' order by ${calendarAgendaStamps.scope}), '')
    from ${calendarAgendaStamps} where ${calendarAgendaStamps.scope} = any(array['member:' || ${viewer}::text]
      || array(select 'circle:' || m.circle_id from circle_memberships m where m.member_id = ${viewer})))`;

/**
 * The agenda's reads, each one statement, prepared (lib/db/prepared.ts). On every read, its version
 * and the viewer's zone: one row, so an agenda remembered for that version costs one small answer.
 * The whole rows when it is not remembered, with the version of the same snapshot (an uncorrelated
 * subquery, evaluated once) to remember it by.
 */
const agendaVersion = preparedPerDatabase((db) =>
  db
    .select({
      agendaVersion: agendaVersionOf(sql.placeholder("viewer")),
      viewerZone: storedZoneOf(sql.placeholder("viewer")),
    })
    .from(sql`(select 1) as one`)
    .prepare("calendar_agenda_version"),
);
const agendaRows = preparedPerDatabase((db) => {
  const viewer = sql.placeholder("viewer");
  return db
    .select({
      ...getTableColumns(calendarEvents),
      version: sql<string>`${calendarEvents}.xmin::text`,
      acknowledged: acknowledgedBy(viewer),
      agendaVersion: agendaVersionOf(viewer),
    })
    .from(calendarEvents)
    .where(inAgenda(viewer))
    .prepare("calendar_agenda_rows");
});

/** Every row `viewerId` may see (the rule, or as a child's guardian who wrote them): the feeds' read. */
export async function visibleEventRows(db: Db, viewerId: string): Promise<EventRow[]> {
  return db.select().from(calendarEvents).where(reachedBy(viewerId));
}

/**
 * getMyAgenda: every occurrence the viewer may see overlapping [from, to) (at most 400 days), oldest
 * first, in the viewer's zone for all-day dates. `truncated` past 5000 occurrences.
 */
export async function getAgenda(
  viewerId: string,
  range: { from: number; to: number },
  options: Options & { timezone?: string } = {},
): Promise<{ occurrences: AgendaEntry[]; truncated: boolean; timezone: string }> {
  const db = options.db ?? (await getDb());
  // The range is checked by the core before any query (a 400 naming from/to).
  checkAgendaRange(range.from, range.to);
  const query = { viewer: viewerId, from: range.from, to: range.to };
  // Selected from one constant row: always one row.
  const { agendaVersion: version, viewerZone } = (await agendaVersion(db).execute(query))[0]!;
  const timezone = options.timezone ?? zoneFrom(viewerZone);
  const zoned = { ...range, timezone };
  const remembered = rememberedAgenda(viewerId, version, zoned);
  if (remembered) return { timezone, ...remembered };
  // Read whole in one statement, so what is shown is one snapshot, remembered by that snapshot's version.
  const rows = await agendaRows(db).execute(query);
  const expansion = expandRows(rows, zoned);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const agenda = {
    truncated: expansion.truncated,
    occurrences: expansion.occurrences.map((occurrence) => entryOf(byId.get(occurrence.eventId)!, occurrence)),
  };
  if (rows[0]) rememberAgenda(viewerId, rows[0].agendaVersion, zoned, agenda);
  return { timezone, ...agenda };

  function entryOf(row: EventRow & { acknowledged: string[] | null }, occurrence: AgendaOccurrence): AgendaEntry {
    const busy = busyFor(row, viewerId);
    const recurrenceId = recurrenceKey(occurrence.recurrenceId);
    const asksViewer = row.requiresAcknowledgement && row.people.includes(viewerId);
    return {
      eventId: row.id,
      ownerId: row.ownerId,
      start: occurrence.start,
      end: occurrence.end,
      allDay: occurrence.allDay,
      startDate: occurrence.startDate,
      endDate: occurrence.endDate,
      title: busy ? NEUTRAL_TITLE : listTitle(occurrence.details),
      recurrenceId,
      recurring: Boolean(row.rrule),
      visibility: row.visibility,
      busyOnly: busy,
      asksViewer,
      acknowledged: asksViewer && !!row.acknowledged?.includes(recurrenceId),
    };
  }
}

/** The shareable kind for events (given to sharing through lib/features.ts): who owns an event id (null for none). */
export const eventKind: ItemKind = {
  ownerOf: async (itemId, db) => {
    if (!isUuid(itemId)) return null;
    const [row] = await db
      .select({ ownerId: calendarEvents.ownerId })
      .from(calendarEvents)
      .where(eq(calendarEvents.id, itemId));
    return row?.ownerId ?? null;
  },
  listTitlesOf: async (itemIds, db) => {
    const ids = itemIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: calendarEvents.id, title: calendarEvents.title, privateTitle: calendarEvents.privateTitle })
      .from(calendarEvents)
      .where(inArray(calendarEvents.id, ids));
    return new Map(rows.map((row) => [row.id, listTitle(row)]));
  },
};
