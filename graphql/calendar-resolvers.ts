import {
  acknowledgeEvent,
  createEvent,
  deleteEvent,
  feedUrl,
  getAgenda,
  rotateFeed,
  updateEvent,
  type EventView,
} from "@/lib/calendar/store";
import type { EventVisibility, EventInput, Resolvers } from "./generated/resolvers-types";
import { forMemberId } from "./resolvers";

/** Thin resolvers for My Calendar: the rules are in lib/calendar/store (and the core, lib/calendar). */

// The API's enums are the lib's values in capitals.
const inputOf = (input: EventInput) => ({ ...input, visibility: input.visibility.toLowerCase() });

const eventOf = (event: EventView) => ({
  id: event.id,
  ownerId: event.ownerId,
  title: event.title,
  notes: event.notes,
  location: event.location,
  allDay: event.allDay,
  start: event.start,
  end: event.end,
  timezone: event.timezone,
  startDate: event.startDate,
  endDate: event.endDate,
  rrule: event.rrule,
  visibility: event.visibility.toUpperCase() as EventVisibility,
  people: event.people,
  requiresAcknowledgement: event.requiresAcknowledgement,
});

export const calendarResolvers: Resolvers = {
  Query: {
    getMyAgenda: forMemberId({ occurrences: [] }, async (member, args) => {
      const agenda = await getAgenda(member.memberId, { from: args.from, to: args.to });
      return {
        statusCode: 200,
        message: agenda.truncated ? "The range holds too many occurrences: the first 5000 are listed" : "OK",
        // AgendaEntry's fields carry the contract's names: the executor reads the ones it asks for.
        occurrences: agenda.occurrences,
      };
    }),
  },
  Mutation: {
    createEvent: forMemberId({ event: null }, async (member, args) => ({
      statusCode: 201,
      message: "Event created",
      event: eventOf(await createEvent(member.memberId, inputOf(args.input))),
    })),
    updateEvent: forMemberId({ event: null }, async (member, args) => ({
      statusCode: 200,
      message: "Event updated",
      event: eventOf(
        await updateEvent(member.memberId, args.eventId, inputOf(args.input), {
          scope: args.scope,
          occurrenceStart: args.occurrenceStart,
        }),
      ),
    })),
    deleteEvent: forMemberId({}, async (member, args) => {
      await deleteEvent(member.memberId, args.eventId, { scope: args.scope, occurrenceStart: args.occurrenceStart });
      return { statusCode: 200, message: "Event deleted" };
    }),
    acknowledgeEvent: forMemberId({}, async (member, args) => {
      await acknowledgeEvent(member.memberId, args.eventId, args.occurrenceStart);
      return { statusCode: 200, message: "Got it" };
    }),
    rotateCalendarFeed: forMemberId({ url: null }, async (member, args, context) => {
      const { token } = await rotateFeed(member.memberId, args.neutralTitles);
      return {
        statusCode: 201,
        message: "A new feed link: keep it private. The old link has stopped working.",
        url: feedUrl(context.siteUrl, token),
      };
    }),
  },
};
