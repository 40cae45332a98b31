import { and, desc, gt, ne, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { shares } from "../db/schema/circles";
import { addDays, localDateOf, startOfDay, type LocalDate } from "../time";
import { eventListTitles, getAgenda } from "../calendar/store/events";
import type { AgendaEntry } from "../calendar/store/rows";
import { memberTimeZone } from "../profile/zone";
import { getMyHabits, type HabitView } from "../habits/store";
import { habitKind } from "../habits/kind";
import { childCirclesOf, type ChildCircle } from "../circles/children";
import { shareReaches } from "../circles/sharing/rule";
import { concealsPhotos, getMyMoments, type MomentView } from "../cam";
import { boardLinks, itemKinds } from "../features";
import { recordTodayVisit } from "./last-visit";
import { goalsInProgress, type ItemView } from "../vision-board";

// The days a habit's row shows, here as on /habits (lib/habits/check-in-days.ts).
import { CHECK_IN_DAYS } from "../habits/check-in-days";
export { CHECK_IN_DAYS };
/** The most shares Today lists; more are counted ("and 4 more"). */
export const MAX_SHARED_LISTED = 8;
/** On a member's first visit, what the circle shared in this many days before it. */
export const FIRST_VISIT_DAYS = 7;
/** "This week's moments": their days from today back this many days (today included), at most MAX_WEEK_MOMENTS. */
export const WEEK_MOMENT_DAYS = 7;
export const MAX_WEEK_MOMENTS = 6;

export type TodayEvent = AgendaEntry & { day: "today" | "tomorrow" };

export type SharedSince = {
  itemType: "habit" | "event" | "moment";
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
  /** Cam: the member's own moments and those shared with them of the last WEEK_MOMENT_DAYS days, newest day first. */
  moments: MomentView[];
  /** Discreet mode: photos stay covered until the member opens one. */
  concealPhotos: boolean;
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
  // Every read at once: only the agenda waits for the member's zone (their today) and the circle's
  // shares for the visit's marker.
  const zoneRead = memberTimeZone(db, memberId);
  const visit = recordTodayVisit(memberId, now, db);
  const agendaRead = zoneRead.then((timezone) => {
    const today = localDateOf(Math.floor(now.getTime() / 1000), timezone);
    const range = { from: startOfDay(today, timezone), to: startOfDay(addDays(today, 2), timezone) };
    return getAgenda(memberId, range, { db, timezone });
  });
  const sharedRead = visit.then(({ since }) => sharedWith(db, memberId, sinceOf(since, now)));
  const [timezone, { since }, habits, child, agenda, shared, recentMoments, concealPhotos, goals] = await Promise.all([
    zoneRead,
    visit,
    getMyHabits(memberId, { db, now, historyDays: CHECK_IN_DAYS }),
    childCirclesOf(memberId, { db, now }),
    agendaRead,
    sharedRead,
    getMyMoments(memberId, { limit: MAX_WEEK_MOMENTS }, { db }),
    concealsPhotos(memberId, { db }),
    goalsInProgress(memberId, { db, links: boardLinks }),
  ]);
  const today = localDateOf(Math.floor(now.getTime() / 1000), timezone);
  const tomorrowStart = startOfDay(addDays(today, 1), timezone);
  const sharedSince = sinceOf(since, now);
  const weekStart = addDays(today, 1 - WEEK_MOMENT_DAYS);
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
    // Newest day first (lib/cam lists by when they were added; a photo's day may be older).
    moments: recentMoments
      .filter((moment) => moment.day >= weekStart)
      .sort((a, b) => b.day.localeCompare(a.day) || b.createdAt - a.createdAt),
    concealPhotos,
    shared: shared.slice(0, MAX_SHARED_LISTED),
    sharedMore: Math.max(0, shared.length - MAX_SHARED_LISTED),
    sharedSince,
    firstVisit: since === null,
    goals,
  };
}

/** Since when Today lists what the circle shared: the visit's marker, or FIRST_VISIT_DAYS back on a first visit. */
const sinceOf = (marker: Date | null, now: Date) => marker ?? new Date(now.getTime() - FIRST_VISIT_DAYS * 86_400_000);

/**
 * The shares that reach `viewerId` by the sharing rule (lib/circles/sharing/rule.ts), from someone else, made
 * after `since`: one per item (a share with the viewer and with their circle is one thing shared),
 * newest first, each titled as this viewer may see it (the page lists MAX_SHARED_LISTED and counts the rest).
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
  // Three reads for every title, whatever was shared: the habits', the events' (as this viewer may see
  // each: the code word, "Busy") and the moments', not one per item.
  const idsOf = (type: string) => rows.filter((row) => row.itemType === type).map((row) => row.itemId);
  const [habitTitles, eventTitles, momentTitles] = await Promise.all([
    habitKind.listTitlesOf!(idsOf("habit"), db),
    eventListTitles(viewerId, idsOf("event"), { db }),
    titlesOfMoments(idsOf("moment"), db),
  ]);
  const titlesByType: Record<string, Map<string, string>> = {
    habit: habitTitles,
    event: eventTitles,
    moment: momentTitles,
  };
  const listed: SharedSince[] = [];
  for (const row of rows) {
    const title = titlesByType[row.itemType]?.get(row.itemId);
    // An item deleted (or no longer shared with them) since is no longer there to see.
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

/** What lists call each moment (Cam's kind, through lib/features.ts); a deleted one is missing. */
async function titlesOfMoments(momentIds: string[], db: Db): Promise<Map<string, string>> {
  if (momentIds.length === 0) return new Map();
  const kind = itemKinds.moment;
  if (kind?.listTitlesOf) return kind.listTitlesOf(momentIds, db);
  return new Map(momentIds.map((id) => [id, "A moment"]));
}
