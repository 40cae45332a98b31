import { dateTimeFormat } from "../format/intl";
import { Temporal } from "temporal-polyfill";
import { expandEvent, type Occurrence } from "./expand";
import type { CalendarEvent } from "./event";
import { SECONDS_PER_DAY, type UnixSeconds, utcMidnight } from "../time";

/**
 * When an event reminds the people it is for. The contract has no reminder field, so there is one
 * fixed choice: a timed occurrence reminds everyone an hour before it starts; an all-day occurrence
 * reminds each person at 08:00 on its first day in their own zone (the date is the same for everyone,
 * the morning is theirs). Occurrences come from the expansion, so removed and moved occurrences,
 * UNTIL/COUNT and the series' own zone (an 18:15 London event reminds at 17:15 London time on both
 * sides of a clock change) are respected.
 */
export const REMINDER_LEAD_SECONDS = 3600;
export const ALL_DAY_REMINDER_TIME = "08:00";

/** How far ahead the next reminder is looked for before the job just looks again later. */
const HORIZON_DAYS = 4000;
/** The first window is short (the next occurrence is usually close), the rest as long as expansion allows. */
const WINDOW_DAYS = [8, 399];
const DAY = SECONDS_PER_DAY;

/** When `occurrence` reminds someone in `timezone`. */
export function reminderAt(occurrence: Occurrence, timezone: string): UnixSeconds {
  if (!occurrence.allDay) return occurrence.start - REMINDER_LEAD_SECONDS;
  const morning = Temporal.PlainDate.from(occurrence.startDate!).toZonedDateTime({
    timeZone: timezone,
    plainTime: Temporal.PlainTime.from(ALL_DAY_REMINDER_TIME),
  });
  return Math.floor(morning.epochMilliseconds / 1000);
}

/**
 * The first reminder after `after` for anyone in `zones` (timed events: the zone does not matter),
 * or, when there is none within the horizon, the horizon's end for a series without end (look again
 * then) and null for one that is over (`lastEnd`: the end of its last possible occurrence).
 */
export function nextReminderAfter(
  event: CalendarEvent,
  zones: readonly string[],
  after: UnixSeconds,
  lastEnd: UnixSeconds | null,
): UnixSeconds | null {
  const horizon = after + HORIZON_DAYS * DAY;
  let best: UnixSeconds | null = null;
  for (const zone of event.allDay ? zones : ["UTC"]) {
    // An occurrence reminds at most a day after it starts (all-day, 08:00): start a day early.
    let from = after - DAY;
    for (let window = 0; from < horizon && (lastEnd === null || from < lastEnd); window++) {
      const to = from + WINDOW_DAYS[Math.min(window, WINDOW_DAYS.length - 1)]! * DAY;
      const found = expandEvent(event, { from, to, timezone: zone })
        .occurrences.map((occurrence) => reminderAt(occurrence, zone))
        .filter((at) => at > after);
      // Reminders grow with starts, so the first window that has one holds this zone's next.
      if (found.length > 0) {
        const next = Math.min(...found);
        if (best === null || next < best) best = next;
        break;
      }
      from = to;
    }
  }
  if (best !== null) return best;
  return lastEnd === null ? horizon : null;
}

/**
 * The occurrences whose reminder for someone in `timezone` falls in (after, now], without those that
 * are over by `now` (the app was not running then: a late reminder of a finished event is noise).
 */
export function remindersDue(
  event: CalendarEvent,
  timezone: string,
  after: UnixSeconds,
  now: UnixSeconds,
): Occurrence[] {
  // An occurrence lasts at most 366 days and reminds at most a day after its start: nothing earlier is due.
  const from = Math.max(after - DAY, now - 368 * DAY);
  const to = now + REMINDER_LEAD_SECONDS + 1;
  if (to <= from) return [];
  return expandEvent(event, { from, to, timezone }).occurrences.filter((occurrence) => {
    const at = reminderAt(occurrence, timezone);
    return at > after && at <= now && occurrence.end > now;
  });
}

/** "18:15 on Tuesday 17 March" in the reader's zone, or "Tuesday 17 March" for an all-day occurrence. */
export function describeWhen(occurrence: Occurrence, timezone: string): string {
  if (occurrence.allDay) {
    const day = new Date(utcMidnight(occurrence.startDate!) * 1000);
    return dateTimeFormat("en-GB", { timeZone: "UTC", ...DATE }).format(day);
  }
  const start = new Date(occurrence.start * 1000);
  const time = dateTimeFormat("en-GB", { timeZone: timezone, ...TIME }).format(start);
  const date = dateTimeFormat("en-GB", { timeZone: timezone, ...DATE }).format(start);
  return `${time} on ${date}`;
}

const DATE = { weekday: "long", day: "numeric", month: "long" } as const;
const TIME = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
