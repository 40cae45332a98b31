import { Temporal } from "temporal-polyfill";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { circlesOf } from "../circles/membership";
import { childCirclesOf } from "../circles/children";
import { getCirclePeople } from "../circles/circles";
import { memberTimeZone } from "../profile/zone";
import { isCalendarError } from "./errors";
import type { SeriesStart } from "./rrule";
import { addDays, isoWeekday, localDateOf, parseLocalDate, startOfDay, type LocalDate } from "../time";
import { acknowledgementsOf, getAgenda, getEvent, guardsChild, type AgendaEntry } from "./store/events";
import { feedStatusOf } from "./store/feeds";
import { repeatOptions } from "./store/form";

/**
 * My Calendar's pages' data, in one place: what /calendar shows (the range a view covers, who is who
 * with names and colours, and the occurrences), what the event and import forms offer, and one event's
 * page.
 */

export type CalendarView = "agenda" | "week" | "month";
export const CALENDAR_VIEWS: CalendarView[] = ["agenda", "week", "month"];
const AGENDA_DAYS = 28;

/** Six colours, each with a name so colour is never the only cue (the person's name is shown too). */
export const PERSON_COLOURS = ["teal", "violet", "amber", "rose", "sky", "lime"] as const;
export type PersonColour = (typeof PERSON_COLOURS)[number];

export type CalendarPerson = {
  memberId: string;
  name: string;
  colour: PersonColour;
  isChild: boolean;
  canManage: boolean;
};

/** The days a view covers, from a date in the viewer's zone: 4 weeks from it, its week (Monday first), or its month's weeks. */
export function viewDays(view: CalendarView, date: LocalDate): { first: LocalDate; days: number } {
  if (view === "agenda") return { first: date, days: AGENDA_DAYS };
  if (view === "week") return { first: addDays(date, 1 - isoWeekday(date)), days: 7 };
  const firstOfMonth = `${date.slice(0, 8)}01`;
  const first = addDays(firstOfMonth, 1 - isoWeekday(firstOfMonth));
  const nextMonth = Temporal.PlainDate.from(firstOfMonth).add({ months: 1 }).toString();
  const days = Math.ceil(Temporal.PlainDate.from(first).until(nextMonth).days / 7) * 7;
  return { first, days };
}

/** Where the previous and next buttons go. */
export function stepDate(view: CalendarView, date: LocalDate, direction: 1 | -1): LocalDate {
  if (view === "month")
    return Temporal.PlainDate.from(`${date.slice(0, 8)}01`)
      .add({ months: direction })
      .toString();
  return addDays(date, direction * (view === "week" ? 7 : AGENDA_DAYS));
}

export const validDate = (value: string | undefined | null): value is LocalDate =>
  typeof value === "string" && parseLocalDate(value) !== null;

/**
 * Everyone in the member's circles with a name and a colour (the member first, "You"), and whether
 * the member may write into their calendar (their own, or a child's they look after).
 */
export async function calendarPeople(memberId: string, options: { db?: Db } = {}): Promise<CalendarPerson[]> {
  const db = options.db ?? (await getDb());
  const people = new Map<string, { name: string; isChild: boolean }>();
  for (const circle of await circlesOf(db, memberId)) {
    for (const person of await getCirclePeople(memberId, circle.circleId, { db })) {
      if (person.memberId === memberId || people.has(person.memberId)) continue;
      const name = person.name ?? (person.role === "owner" ? `${circle.name.replace(/'s circle$/, "")}` : "Someone");
      people.set(person.memberId, { name, isChild: person.role === "child" });
    }
  }
  const list: CalendarPerson[] = [
    { memberId, name: "You", colour: PERSON_COLOURS[0], isChild: false, canManage: true },
  ];
  for (const [id, person] of people) {
    list.push({
      memberId: id,
      name: person.name,
      colour: PERSON_COLOURS[list.length % PERSON_COLOURS.length]!,
      isChild: person.isChild,
      canManage: person.isChild && (await guardsChild(db, memberId, id)),
    });
  }
  return list;
}

export type CalendarDay = { date: LocalDate; occurrences: AgendaEntry[] };

/** The occurrences of a view, day by day in the viewer's zone (a multi-day event on each of its days). */
export async function calendarDays(
  memberId: string,
  first: LocalDate,
  days: number,
  options: { db?: Db } = {},
): Promise<{ timezone: string; days: CalendarDay[]; truncated: boolean }> {
  const db = options.db ?? (await getDb());
  const timezone = await memberTimeZone(db, memberId);
  const dates = Array.from({ length: days }, (_, index) => addDays(first, index));
  const from = startOfDay(first, timezone);
  const to = startOfDay(addDays(first, days), timezone);
  const agenda = await getAgenda(memberId, { from, to }, { db, timezone });
  const byDay = new Map<LocalDate, AgendaEntry[]>(dates.map((date) => [date, []]));
  for (const occurrence of agenda.occurrences) {
    const last = occurrence.allDay
      ? addDays(occurrence.endDate!, -1)
      : localDateOf(Math.max(occurrence.start, occurrence.end - 1), timezone);
    for (let date = occurrence.allDay ? occurrence.startDate! : localDateOf(occurrence.start, timezone); ;) {
      byDay.get(date)?.push(occurrence);
      if (date >= last || date >= dates[dates.length - 1]!) break;
      date = addDays(date, 1);
    }
  }
  return {
    timezone,
    truncated: agenda.truncated,
    days: dates.map((date) => ({ date, occurrences: byDay.get(date)! })),
  };
}

export const todayIn = (timezone: string) => localDateOf(Math.floor(Date.now() / 1000), timezone);

/** /calendar: the member's zone and today, the view asked for (agenda unless it names another), the people, the days and the feed. */
export async function loadCalendarPage(memberId: string, asked: { view?: string; date?: string }) {
  const timezone = await memberTimeZone(await getDb(), memberId);
  const today = todayIn(timezone);
  // A child gets today and tomorrow, whatever the address asks for.
  const isChild = (await childCirclesOf(memberId)) !== null;
  const view: CalendarView = CALENDAR_VIEWS.includes(asked.view as CalendarView)
    ? (asked.view as CalendarView)
    : "agenda";
  const date = validDate(asked.date) ? asked.date : today;
  const range = isChild ? { first: today, days: 2 } : viewDays(view, date);
  const [people, shown, feed] = await Promise.all([
    calendarPeople(memberId),
    calendarDays(memberId, range.first, range.days),
    feedStatusOf(memberId),
  ]);
  return { timezone, today, isChild, view, date, range, people, days: shown.days, truncated: shown.truncated, feed };
}

/** What the event and import forms offer a member: their circles, the people in them, the calendars they may write into. */
export async function formChoices(memberId: string) {
  const db = await getDb();
  const [circles, people] = await Promise.all([circlesOf(db, memberId), calendarPeople(memberId, { db })]);
  return {
    circles: circles.map(({ circleId, name }) => ({ circleId, name })),
    people: people.filter((person) => person.memberId !== memberId).map(({ memberId, name }) => ({ memberId, name })),
    calendars: people
      .filter((person) => person.canManage)
      .map(({ memberId: id, name }) => ({
        memberId: id,
        name: id === memberId ? "My calendar" : `${name}'s calendar`,
      })),
  };
}

/** The repeat choices of the event form for a series starting at `start` (with the event's rule kept when no preset fits). */
export function repeatFor(start: SeriesStart, rrule: string | null) {
  return repeatOptions(start, rrule);
}

/** /calendar/new: the member's zone, the day the form opens on (the one asked for, else today) and the form's choices. */
export async function loadNewEventPage(memberId: string, asked: string | undefined) {
  const timezone = await memberTimeZone(await getDb(), memberId);
  const date = validDate(asked) ? asked : todayIn(timezone);
  return { timezone, date, choices: await formChoices(memberId) };
}

/**
 * One event's page as the member may see it: the event, the member's zone and people, and, for whoever
 * may change it, who said "got it" and the form's choices. null for an event they may not see (404).
 */
export async function loadEventPage(memberId: string, eventId: string) {
  let event;
  try {
    event = await getEvent(memberId, eventId);
  } catch (error) {
    if (isCalendarError(error) && error.status === 404) return null;
    throw error;
  }
  const timezone = await memberTimeZone(await getDb(), memberId);
  const people = await calendarPeople(memberId);
  const acknowledged =
    event.canEdit && event.requiresAcknowledgement ? await acknowledgementsOf(memberId, eventId) : [];
  const choices = event.canEdit ? await formChoices(memberId) : null;
  return { event, timezone, people, acknowledged, choices };
}
