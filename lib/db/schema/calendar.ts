import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { LocalDate, UnixSeconds } from "../../time";
import { circles } from "./circles";

/** What an event says, beside its schedule (the event model: lib/calendar/event.ts). */
export interface EventDetails {
  title: string;
  /** Shown in lists instead of the title (a code word), for discreet use. */
  privateTitle: string | null;
  notes: string | null;
  location: string | null;
}

/** One occurrence of a series changed on its own (RFC 5545's RECURRENCE-ID). */
export interface TimedOverride {
  /** The occurrence's original start. */
  recurrenceId: UnixSeconds;
  start: UnixSeconds;
  end: UnixSeconds;
  /** Only what differs from the series. */
  details: Partial<EventDetails>;
}

export interface AllDayOverride {
  recurrenceId: LocalDate;
  startDate: LocalDate;
  endDate: LocalDate;
  details: Partial<EventDetails>;
}

export const EVENT_VISIBILITIES = ["private", "busy", "people", "circle"] as const;

/**
 * My Calendar's events (rules: lib/calendar). An event belongs to one member's calendar (`owner_id`);
 * a guardian may write it into a child's calendar (`created_by` says who did). Timed events keep
 * instants (Unix seconds) and the IANA zone their rule follows; all-day events keep local dates, end
 * exclusive. `exdates` and `overrides` are the core's JSON as it returned them. Who else sees an event
 * is the shares table's (lib/circles/sharing/rule.ts): `visibility`, `circle_id` and `people` are what the
 * owner chose, from which the event's shares are written in the same transaction.
 * `range_start`/`range_end` bound every occurrence (null end: the series never ends), so the agenda
 * loads only events that can reach the asked range.
 */
/** An event's range end with "never" (a series without end) as the largest bigint: what the agenda's index holds. */
export const rangeEndOrNever = sql`coalesce(range_end, 9223372036854775807)`;

export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id").notNull(),
    createdBy: text("created_by").notNull(),
    /** The iCalendar UID an import keyed it by (importing again updates it); null for events made here. */
    uid: text("uid"),
    allDay: boolean("all_day").notNull(),
    start: bigint("start_at", { mode: "number" }),
    end: bigint("end_at", { mode: "number" }),
    timezone: text("timezone"),
    startDate: text("start_date"),
    endDate: text("end_date"),
    rrule: text("rrule"),
    exdates: jsonb("exdates").$type<Array<number | string>>().notNull().default([]),
    overrides: jsonb("overrides").$type<Array<TimedOverride | AllDayOverride>>().notNull().default([]),
    title: text("title").notNull(),
    privateTitle: text("private_title"),
    notes: text("notes"),
    location: text("location"),
    visibility: text("visibility", { enum: EVENT_VISIBILITIES }).notNull(),
    circleId: uuid("circle_id").references(() => circles.id, { onDelete: "set null" }),
    /** Attendees' member ids (they get reminders, and for PEOPLE they are who sees it). */
    people: jsonb("people").$type<string[]>().notNull().default([]),
    requiresAcknowledgement: boolean("requires_acknowledgement").notNull().default(false),
    rangeStart: bigint("range_start", { mode: "number" }).notNull(),
    rangeEnd: bigint("range_end", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // By the range's end first: an agenda asks for what ends after its start, so the years of events
    // that ended before it stay unread (issue 43); the start is checked from the index too.
    index("calendar_events_owner_range_end_idx").on(table.ownerId, rangeEndOrNever, table.rangeStart),
    uniqueIndex("calendar_events_owner_uid_key").on(table.ownerId, table.uid),
  ],
);

/**
 * An attendee's "got it" for one occurrence, keyed by the occurrence's recurrence id (its original
 * start: an instant, or a date for an all-day series), so it stays when the occurrence is moved.
 */
export const calendarAcknowledgements = pgTable(
  "calendar_acknowledgements",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    memberId: text("member_id").notNull(),
    recurrenceId: text("recurrence_id").notNull(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.memberId, table.recurrenceId] }),
    index("calendar_acknowledgements_member_idx").on(table.memberId),
  ],
);

/**
 * A member's private feed link: only the token's SHA-256 is kept (the link is shown once). One per
 * member; rotating replaces it, revoking deletes it.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  memberId: text("member_id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  neutralTitles: boolean("neutral_titles").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
});

/**
 * What every agenda is versioned by (lib/calendar/store/events.ts): a stamp per member
 * (`member:<id>`) and per circle (`circle:<id>`), renewed by triggers in the same transaction as any
 * write an agenda shows: an event or an event's share (its owner and the owner's circles), a
 * membership (the member and the circle), a "got it" (the member). See migration 0025.
 */
export const calendarAgendaStamps = pgTable("calendar_agenda_stamps", {
  scope: text("scope").primaryKey(),
  // Random, not a counter: a value never comes back, so a stamp names one committed state of its
  // scope, also across databases and emptied tables in one process (the agendas are remembered by it).
  stamp: uuid("stamp").notNull().defaultRandom(),
});
