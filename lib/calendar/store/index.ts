// My Calendar's storage and rules over the database (the pure core is lib/calendar): events, who
// sees them (through lib/circles/sharing's rule), acknowledgements, feeds and import.
export {
  acknowledgeEvent,
  acknowledgementsOf,
  createEvent,
  deleteEvent,
  EVENT_ITEM_TYPE,
  eventSeenBy,
  eventKind,
  getAgenda,
  getEvent,
  guardsChild,
  makeEventsPrivate,
  MAX_EVENTS_PER_CALENDAR,
  rowSeenBy,
  updateEvent,
  visibleEventRows,
  type EventView,
  type Visibility,
} from "./events";
export { type AgendaEntry } from "./rows";
export { downloadCalendar, feedStatusOf, feedUrl, readFeed, revokeFeed, rotateFeed, type FeedStatus } from "./feeds";
export { exportCalendar, forgetCalendar } from "./member-data";
export { IMPORTS_PER_HOUR, importCalendar, type ImportResult } from "./import";
export {
  calendarJobHandlers,
  EVENT_REMINDER_JOB,
  MAX_REMINDERS_PER_PAIR_PER_DAY,
  NEUTRAL_REMINDER_SUBJECT,
  scheduleEventReminder,
} from "./reminders";
export { eventInputFromForm, FORM_FIELDS, presetKey, repeatOptions, type RepeatOption } from "./form";
