import "server-only";
import { circlesOf } from "@/lib/circles";
import { getDb } from "@/lib/db/client";
import { calendarPeople, repeatOptions } from "@/lib/calendar/store";
import type { SeriesStart } from "@/lib/calendar";
import type { EventFormProps } from "@/components/calendar/event-form";

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
  } satisfies Pick<EventFormProps, "circles" | "people" | "calendars">;
}

export function repeatFor(start: SeriesStart, rrule: string | null) {
  return repeatOptions(start, rrule);
}
