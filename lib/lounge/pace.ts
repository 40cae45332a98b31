import { Temporal } from "temporal-polyfill";
import { instantOf, zonedDateTime, type UnixSeconds } from "../time";

/**
 * The Lounge's pace (issue 42, point 4), pure: rooms open by the member's own clock, and slow mode that
 * turns itself on when a table heats up.
 */

/** Posts in the last minute at one table that turn slow mode on. */
export const HEAT_POSTS_PER_MINUTE = 6;
/** Once on, slow mode lasts this long after the last heat, and a member waits this long between posts. */
export const SLOW_MODE_MINUTES = 10;
export const SLOW_MODE_SECONDS = 60;

export type Opening = { open: boolean; opensAt: UnixSeconds | null };

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** Whether a room open from opensAtMinute to closesAtMinute (local) is open now in `zone`; when closed, when it opens. */
export function openingOf(
  room: { opensAtMinute: number; closesAtMinute: number },
  zone: string,
  now: UnixSeconds,
): Opening {
  const local = zonedDateTime(now, zone);
  const minute = local.hour * 60 + local.minute;
  const { opensAtMinute: opens, closesAtMinute: closes } = room;
  const open = opens <= closes ? minute >= opens && minute < closes : minute >= opens || minute < closes;
  if (open) return { open, opensAt: null };
  const day = minute >= opens ? local.toPlainDate().add({ days: 1 }) : local.toPlainDate();
  const at = Temporal.PlainDateTime.from({
    year: day.year,
    month: day.month,
    day: day.day,
    hour: Math.floor(opens / 60),
    minute: opens % 60,
  });
  return { open, opensAt: instantOf(at, zone) };
}

/** The message a closed room answers: when it opens, by the member's clock. */
export function closedMessage(room: { name: string; opensAtMinute: number; closesAtMinute: number }): string {
  return `${room.name} is closed for the night: it opens at ${clock(room.opensAtMinute)} and closes at ${clock(room.closesAtMinute)}, your time.`;
}

export type SlowMode = { seconds: number; reason: string; until: Date };

/** Slow mode for a table that just had `recentPosts` posts in a minute, or null when it is calm. */
export function heatOf(recentPosts: number, now: Date): SlowMode | null {
  if (recentPosts < HEAT_POSTS_PER_MINUTE) return null;
  return {
    seconds: SLOW_MODE_SECONDS,
    reason: `Slow mode: ${recentPosts} posts in one minute at this table, so everyone waits a minute between posts for ${SLOW_MODE_MINUTES} minutes.`,
    until: new Date(now.getTime() + SLOW_MODE_MINUTES * 60_000),
  };
}
