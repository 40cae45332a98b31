import { calendarJobHandlers } from "./calendar/store/reminders";
import { circleJobHandlers } from "./circles/growing-up";
import { habitJobHandlers } from "./habits/reminders";
import type { JobHandler } from "./jobs";

/**
 * Every kind of scheduled job and its handler, for the one job timer (instrumentation.ts). A kind
 * missing here would never run: its jobs would wait in the table for ever.
 */
export const jobHandlers: Record<string, JobHandler> = {
  ...habitJobHandlers,
  ...calendarJobHandlers,
  ...circleJobHandlers,
};
