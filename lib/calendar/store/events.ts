/**
 * My Calendar's service: events in members' calendars, who sees them, and attendees' "got it".
 *
 * Who sees an event is the sharing rule's (lib/circles/sharing/rule.ts): the owner chooses a visibility and
 * the event's shares are written from it in the same transaction: PRIVATE none; PEOPLE one share per
 * listed member; CIRCLE and BUSY one share with the circle (and, for BUSY, one per attendee). A BUSY
 * event's details reach only its owner and its attendees: everyone else it reaches sees "Busy" at
 * its times. An id the caller may not see answers 404, as one that does not exist.
 */
// Split by concern: who may see and change an event (event-access.ts), who it reaches (event-sharing.ts),
// how much a calendar holds (event-caps.ts), reads (event-reads.ts), writes (event-writes.ts), attendees'
// acknowledgements (event-acknowledgements.ts) and the sharing registry's entry (event-kind.ts).
export { EVENT_ITEM_TYPE } from "./rows";
export { calendarFor, eventSeenBy, guardsChild, rowSeenBy, type Visibility } from "./event-access";
export { checkSharing, parseSharing, type EventSharing } from "./event-sharing";
export { MAX_EVENTS_PER_CALENDAR } from "./event-caps";
export { eventListTitles, getAgenda, getEvent, visibleEventRows, type EventView } from "./event-reads";
export type { AgendaEntry } from "./rows";
export {
  createEvent,
  deleteEvent,
  insertEvent,
  makeEventsPrivate,
  updateEvent,
  type CreateOptions,
  type EditOptions,
} from "./event-writes";
export { acknowledgeEvent, acknowledgementsOf } from "./event-acknowledgements";
export { eventKind } from "./event-kind";
