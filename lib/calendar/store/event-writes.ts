import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "../../db/client";
import type { Db } from "../../db/open";
import { shares } from "../../db/schema/circles";
import { calendarAcknowledgements, calendarEvents } from "../../db/schema/calendar";
import { memberTimeZone } from "../../profile/zone";
import { applyEventDeletion, applyEventUpdate, type EditScope } from "../edit";
import { checkCalendarEvent, newEvent, parseEventInput } from "../model";
import type { CalendarEvent, EventFields } from "../event";
import { hasCodeWord } from "../../display";
import type { UnixSeconds } from "../../time";
import { columnsOf, EVENT_ITEM_TYPE, eventOf, type EventRow } from "./rows";
import { cancelEventReminder, scheduleEventReminder } from "./reminders";
import { notFound, calendarFor, mustEdit, reach, type Options } from "./event-access";
import {
  checkSharing,
  copyHandMadeShares,
  parseSharing,
  sharingOfRow,
  writeShares,
  type EventSharing,
} from "./event-sharing";
import { withinEventCap } from "./event-caps";
import { viewOf, type EventView } from "./event-reads";

// Writing events: create, change and delete (one occurrence, this and following, or all), each with
// its shares and reminders in one transaction; and making every event of a member private.
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
