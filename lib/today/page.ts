import { and, desc, gt, ne, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { shares } from "../db/schema/circles";
import { addDays, localDateOf, startOfDay, type LocalDate } from "../time";
import { getAgenda, getEvent } from "../calendar/store/events";
import type { AgendaEntry } from "../calendar/store/rows";
import { memberTimeZone } from "../profile/zone";
import { getMyHabits, type HabitView } from "../habits/store";
import { habitKind } from "../habits/kind";
import { childCirclesOf, type ChildCircle } from "../circles/children";
import { shareReaches } from "../circles/sharing/rule";
import { listTitle } from "../display";
import { recordTodayVisit } from "./last-visit";
import { goalsInProgress, type ItemView } from "../vision-board";
import { boardLinks } from "../features";

/** The days a habit's row shows on Today and on /habits: today and the six before it. */
export const CHECK_IN_DAYS = 7;
/** The most shares Today lists; more are counted ("and 4 more"). */
export const MAX_SHARED_LISTED = 8;
/** On a member's first visit, what the circle shared in this many days before it. */
export const FIRST_VISIT_DAYS = 7;

export type TodayEvent = AgendaEntry & { day: "today" | "tomorrow" };

export type SharedSince = {
  itemType: "habit" | "event";
  itemId: string;
  /** Who shared it, as the viewer's circle knows them; null when unnamed. */
  ownerName: string | null;
  /** What lists call it for this viewer: the code word when set, "Busy" for an event shown as busy. */
  title: string;
  sharedAt: Date;
};

export type TodayPage = {
  today: LocalDate;
  timezone: string;
  /** Null for an adult; a child's circle and grown-ups (a child sees their own version of Today). */
  child: ChildCircle[] | null;
  /** Habits to check in today (due, done or resting today), and how many more are not due. */
  habits: HabitView[];
  notDueToday: number;
  /** A grown-up's suggestions waiting for the child's answer (empty for adults, who get none). */
  suggestions: HabitView[];
  events: TodayEvent[];
  eventsTruncated: boolean;
  /** What reached the member through their circles since the marker, newest first. */
  shared: SharedSince[];
  sharedMore: number;
  /** Since when `shared` counts: the last visit, or FIRST_VISIT_DAYS back on a first one. */
  sharedSince: Date;
  firstVisit: boolean;
  /** The member's own active goals (My Vision Board), with their progress; no streaks, no "behind". */
  goals: ItemView[];
};

type Options = { db?: Db; now?: Date };

/**
 * What Today (/today) shows a member: their habits for today with the last CHECK_IN_DAYS days, the
 * events of today and tomorrow from their agenda (their zone), and what people in their circles shared
 * with them since their last visit. Reading it records this visit (lib/today/last-visit.ts).
 */
export async function loadToday(memberId: string, options: Options = {}): Promise<TodayPage> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const timezone = await memberTimeZone(db, memberId);
  const [habits, child, since] = await Promise.all([
    getMyHabits(memberId, { db, now, historyDays: CHECK_IN_DAYS }),
    childCirclesOf(memberId, { db, now }),
    recordTodayVisit(memberId, now, db),
  ]);
  const today = localDateOf(Math.floor(now.getTime() / 1000), timezone);
  const from = startOfDay(today, timezone);
  const dayAfterTomorrow = startOfDay(addDays(today, 2), timezone);
  const tomorrowStart = startOfDay(addDays(today, 1), timezone);
  const sharedSince = since ?? new Date(now.getTime() - FIRST_VISIT_DAYS * 86_400_000);
  const [agenda, shared, goals] = await Promise.all([
    getAgenda(memberId, { from, to: dayAfterTomorrow }, { db, timezone }),
    sharedWith(db, memberId, sharedSince),
    goalsInProgress(memberId, { db, links: boardLinks }),
  ]);
  const live = habits.filter((habit) => !habit.pending);
  const forToday = live.filter((habit) => habit.todayState !== "NOT_DUE");
  return {
    today,
    timezone,
    child,
    habits: forToday,
    notDueToday: live.length - forToday.length,
    suggestions: habits.filter((habit) => habit.pending),
    events: agenda.occurrences.map((entry) => ({
      ...entry,
      // An event that started before today and runs into it is today's too.
      day: (entry.allDay ? entry.startDate! > today : entry.start >= tomorrowStart) ? "tomorrow" : "today",
    })),
    eventsTruncated: agenda.truncated,
    shared: shared.slice(0, MAX_SHARED_LISTED),
    sharedMore: Math.max(0, shared.length - MAX_SHARED_LISTED),
    sharedSince,
    firstVisit: since === null,
    goals,
  };
}

/**
 * The shares that reach `viewerId` by the sharing rule (lib/circles/sharing/rule.ts), from someone else, made
 * after `since`: one per item (a share with the viewer and with their circle is one thing shared),
 * newest first, at most MAX_SHARED_LISTED + 1 titled (to say "and more") and the rest counted.
 */
async function sharedWith(db: Db, viewerId: string, since: Date): Promise<SharedSince[]> {
  const rows = await db
    .select({
      itemType: shares.itemType,
      itemId: shares.itemId,
      ownerId: shares.ownerId,
      sharedAt: sql<Date>`max(${shares.createdAt})`.mapWith(shares.createdAt),
      ownerName: sql<string | null>`(select them.name from circle_memberships them
        join circle_memberships me on me.circle_id = them.circle_id and me.member_id = ${viewerId}
        where them.member_id = ${shares.ownerId} and them.name is not null
        order by them.joined_at limit 1)`,
    })
    .from(shares)
    .where(and(ne(shares.ownerId, viewerId), gt(shares.createdAt, since), shareReaches(viewerId)))
    .groupBy(shares.itemType, shares.itemId, shares.ownerId)
    .orderBy(desc(sql`max(${shares.createdAt})`), shares.itemId)
    .limit(100);
  const habitTitles = await habitKind.listTitlesOf!(
    rows.filter((row) => row.itemType === "habit").map((row) => row.itemId),
    db,
  );
  const listed: SharedSince[] = [];
  for (const row of rows) {
    const title =
      row.itemType === "habit"
        ? habitTitles.get(row.itemId)
        : listed.length <= MAX_SHARED_LISTED
          ? await eventTitle(db, viewerId, row.itemId)
          : "An event";
    // An item deleted since it was shared is no longer there to see.
    if (title === undefined) continue;
    listed.push({
      itemType: row.itemType as SharedSince["itemType"],
      itemId: row.itemId,
      ownerName: row.ownerName,
      title,
      sharedAt: row.sharedAt,
    });
  }
  return listed;
}

/** An event's title as this viewer's lists show it ("Busy" when that is all they see); undefined when gone. */
async function eventTitle(db: Db, viewerId: string, eventId: string): Promise<string | undefined> {
  try {
    const event = await getEvent(viewerId, eventId, { db });
    return listTitle(event);
  } catch {
    return undefined;
  }
}
