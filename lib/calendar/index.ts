// My Calendar's core: the event model and its validation, recurrence expansion, edit scopes, plain
// words and form choices, iCalendar import and export. Pure functions: no database, no request.
export { CalendarError, isCalendarError, type CalendarErrorCode } from "./errors";
export { checkCalendarEvent, eventDetailsSchema, eventInputSchema, LIMITS, newEvent, parseEventInput } from "./model";
export {
  type AllDayEvent,
  type AllDayOverride,
  type CalendarEvent,
  type EventDetails,
  type EventFields,
  type TimedEvent,
  type TimedOverride,
} from "./event";
export {
  formatRrule,
  MAX_COUNT,
  MAX_INTERVAL,
  normaliseRrule,
  parseRrule,
  type RecurrenceRule,
  type SeriesStart,
} from "./rrule";
export {
  checkAgendaRange,
  expandAgenda,
  expandEvent,
  findOccurrence,
  MAX_AGENDA_DAYS,
  MAX_OCCURRENCES,
  type AgendaItem,
  type AgendaOccurrence,
  type AgendaRange,
  type Expansion,
  type Occurrence,
} from "./expand";
export { applyEventDeletion, applyEventUpdate, type EditOutcome, type EditScope, type EditTarget } from "./edit";
export {
  choiceToRrule,
  describeRecurrence,
  monthlyChoicesFor,
  NO_REPEAT,
  repeatPresets,
  rruleToChoice,
  type MonthlyBy,
  type RepeatChoice,
  type RepeatEnd,
  type RepeatFrequency,
  type RepeatPreset,
} from "./recurrence-text";
export {
  MAX_ICS_BYTES,
  MAX_IMPORT_EVENTS,
  parseICalendar,
  type ImportedEvent,
  type ImportOptions,
  type ImportReport,
  type SkippedItem,
} from "./ics/import";
export { NEUTRAL_TITLE, writeICalendar, type FeedEvent, type FeedOptions } from "./ics/export";
