import { and, eq, getTableColumns, inArray, lt, or, sql, type Placeholder } from "drizzle-orm";
import { getDb } from "../../db/client";
import type { Db } from "../../db/open";
import { preparedPerDatabase } from "../../db/prepared";
import {
  calendarAcknowledgements,
  calendarAgendaStamps,
  calendarEvents,
  rangeEndOrNever,
} from "../../db/schema/calendar";
import { storedZoneOf, zoneFrom } from "../../profile/zone";
import { ownerWithinReach, reachedThroughShare } from "../../circles/sharing/rule";
import { checkAgendaRange, type AgendaOccurrence } from "../expand";
import { NEUTRAL_TITLE } from "../ics/export";
import { listTitle } from "../../display";
import { isUuid } from "../../uuid";
import { EVENT_ITEM_TYPE, type AgendaEntry, type EventRow } from "./rows";
import { expandRows, rememberAgenda, rememberedAgenda } from "./expansions";
import { busyFor, guardianOf, reach, canEdit, rowSeenBy, type Options, type Visibility } from "./event-access";
import { recurrenceKey } from "./event-acknowledgements";

// Reading events as a viewer may see them: one event, every row they reach, and the agenda of a range.
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

export function viewOf(row: EventRow, viewerId: string, canEdit: boolean): EventView {
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

export async function getEvent(viewerId: string, eventId: string, options: Options = {}): Promise<EventView> {
  const db = options.db ?? (await getDb());
  const reached = await reach(db, viewerId, eventId);
  return viewOf(reached.row, viewerId, canEdit(reached, viewerId));
}
/**
 * What lists call each of `eventIds` that the viewer may see, as getEvent would show it ("Busy", the
 * code word), in one statement; the ones they may not see (or that are gone) are left out.
 */
export async function eventListTitles(
  viewerId: string,
  eventIds: string[],
  options: Options = {},
): Promise<Map<string, string>> {
  const ids = eventIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const db = options.db ?? (await getDb());
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(inArray(calendarEvents.id, ids), reachedBy(viewerId)));
  return new Map(rows.map((row) => [row.id, listTitle(rowSeenBy(row, viewerId))]));
}

/** The condition for an event row `viewer` may see: the rule, or as a child's guardian who wrote it. */
function reachedBy(viewer: string | Placeholder) {
  return and(
    // Implied by each branch below: the candidates are found by the owner index (lib/circles/sharing/rule.ts).
    ownerWithinReach(calendarEvents.ownerId, viewer),
    or(
      eq(calendarEvents.ownerId, viewer),
      // Asked per candidate row (few: the owner and range index finds them), not by reading every
      // share that reaches the viewer first, which grows with the years shared with them (issue 43).
      reachedThroughShare(viewer, EVENT_ITEM_TYPE, sql`${calendarEvents.id}::text`, sql`${calendarEvents.ownerId}`),
      and(eq(calendarEvents.createdBy, viewer), guardianOf(viewer, calendarEvents.ownerId)),
    ),
  )!;
}

/**
 * The rows that can reach [from, to) of those the viewer may see. The range's end (none: a rule
 * without end) is asked as the owner and range index holds it (calendar_events_owner_range_end_idx,
 * migration 0039), so the events that ended before the range, the years of history, are not read.
 */
const inAgenda = (viewer: Placeholder) =>
  and(
    reachedBy(viewer),
    sql`${rangeEndOrNever} > ${sql.placeholder("from")}`,
    lt(calendarEvents.rangeStart, sql.placeholder("to")),
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
