"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { formField, memberAction } from "@/lib/account/member-action";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { done, type FormState, type FormStateWith } from "@/lib/forms";
import { MAX_ICS_BYTES } from "@/lib/calendar";
import {
  acknowledgeEvent,
  createEvent,
  deleteEvent,
  eventInputFromForm,
  feedUrl,
  FORM_FIELDS,
  importCalendar,
  revokeFeed,
  rotateFeed,
  updateEvent,
  type ImportResult,
} from "@/lib/calendar/store";
import { memberTimeZone } from "@/lib/profile/zone";

/** /calendar's server actions: thin, the rules are in lib/calendar/store. */

/** Which occurrences a change or deletion of a repeating event is about: all of them unless it says. */
const scope = formField.transform((value) => (value === "THIS" || value === "FOLLOWING" ? value : "ALL"));
/** The occurrence the member acted on (its start, epoch ms), or null for the event as a whole. */
const occurrenceStart = formField.transform((value) =>
  value && Number.isSafeInteger(Number(value)) ? Number(value) : null,
);
/** The event form (lib/calendar/store/form.ts reads it); the people boxes are `person:<memberId>`, "on" when ticked. */
const eventForm = z
  .object({
    eventId: formField,
    scope,
    occurrenceStart,
    calendarOf: formField,
    title: formField,
    privateTitle: formField,
    notes: formField,
    location: formField,
    allDay: formField,
    startDate: formField,
    endDate: formField,
    startTime: formField,
    endTime: formField,
    repeat: formField,
    currentRrule: formField,
    repeatEnd: formField,
    repeatCount: formField,
    repeatUntil: formField,
    visibility: formField,
    circleId: formField,
    requiresAcknowledgement: formField,
  })
  .catchall(formField);
const occurrenceForm = z.object({ eventId: formField, scope, occurrenceStart });
const importForm = z.object({
  file: z.unknown().transform((value, context) => {
    if (!(value instanceof File) || value.size === 0)
      context.addIssue({ code: "custom", message: "Choose an .ics file" });
    else if (value.size > MAX_ICS_BYTES)
      context.addIssue({ code: "custom", message: "The file is over 1 MB, the limit" });
    else return value;
    return z.NEVER;
  }),
  calendarOf: formField,
  visibility: formField,
  circleId: formField,
});
const calendarChanged = () => revalidatePath("/calendar", "layout");

/** Creates an event, or changes one (this, this and following, or all occurrences). */
export const saveEventAction = memberAction(
  eventForm,
  async (member, form): Promise<FormState> => {
    const timezone = await memberTimeZone(await getDb(), member.memberId);
    const input = eventInputFromForm(form, timezone);
    const { eventId } = form;
    if (eventId)
      await updateEvent(member.memberId, eventId, input, { scope: form.scope, occurrenceStart: form.occurrenceStart });
    else await createEvent(member.memberId, input, { calendarOf: form.calendarOf || undefined });
    calendarChanged();
    return {
      status: "redirect",
      message: eventId ? "Event saved" : "Event added",
      fieldErrors: {},
      values: {},
      redirectTo: `/calendar?date=${form.startDate}`,
    };
  },
  { fields: FORM_FIELDS, revalidate: false },
);

export const deleteEventAction = memberAction(
  occurrenceForm,
  async (member, form): Promise<FormState> => {
    await deleteEvent(member.memberId, form.eventId, { scope: form.scope, occurrenceStart: form.occurrenceStart });
    calendarChanged();
    return { status: "redirect", message: "Event deleted", fieldErrors: {}, values: {}, redirectTo: "/calendar" };
  },
  { revalidate: false },
);

/** An attendee's "got it" for one occurrence. */
export const acknowledgeAction = memberAction(
  occurrenceForm,
  async (member, form) => {
    await acknowledgeEvent(member.memberId, form.eventId, form.occurrenceStart);
    calendarChanged();
    return done("Got it: the organiser can see you have seen it.");
  },
  { revalidate: false },
);

export type FeedFormState = FormStateWith<{ url?: string }>;

/** A new private feed link, shown this once; the old one stops. */
export const rotateFeedAction = memberAction(
  z.object({ neutralTitles: formField }),
  async (member, form): Promise<FeedFormState> => {
    const { token } = await rotateFeed(member.memberId, form.neutralTitles === "on");
    calendarChanged();
    return {
      ...done("Your new link is below. Copy it now: it is shown only this once."),
      url: feedUrl(getConfig().siteUrl, token),
    };
  },
  { revalidate: false },
);

export const revokeFeedAction = memberAction(
  z.object({}),
  async (member) => {
    await revokeFeed(await getDb(), member.memberId);
    calendarChanged();
    return done("The feed link is turned off: it no longer works anywhere.");
  },
  { revalidate: false },
);

export type ImportFormState = FormStateWith<{ report?: ImportResult }>;

/** Imports an .ics file into the chosen calendar; the answer is the report of what came in and what did not. */
export const importAction = memberAction(
  importForm,
  async (member, { file, calendarOf, visibility, circleId }): Promise<ImportFormState> => {
    const report = await importCalendar(member.memberId, new Uint8Array(await file.arrayBuffer()), {
      calendarOf: calendarOf || undefined,
      fileName: file.name,
      sharing: { visibility: visibility || "private", circleId: circleId || null },
    });
    calendarChanged();
    return {
      ...done(`Imported ${report.created.length + report.updated.length}, skipped ${report.skipped.length}.`),
      report,
    };
  },
  {
    fields: { file: "file", calendarOf: "calendarOf", visibility: "visibility", circleId: "visibility" },
    revalidate: false,
  },
);
