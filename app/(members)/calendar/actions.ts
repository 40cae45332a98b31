"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { memberAction } from "@/lib/account/member-action";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { done, type FormState } from "@/lib/forms";
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

const anyForm = z.record(z.string(), z.unknown());
const field = (form: Record<string, unknown>, name: string) => (typeof form[name] === "string" ? form[name] : "");
const scopeOf = (form: Record<string, unknown>) => {
  const scope = field(form, "scope");
  return scope === "THIS" || scope === "FOLLOWING" ? scope : "ALL";
};
const occurrenceOf = (form: Record<string, unknown>) => {
  const value = Number(field(form, "occurrenceStart"));
  return field(form, "occurrenceStart") && Number.isSafeInteger(value) ? value : null;
};
const calendarChanged = () => revalidatePath("/calendar", "layout");

/** Creates an event, or changes one (this, this and following, or all occurrences). */
export const saveEventAction = memberAction(
  anyForm,
  async (member, form): Promise<FormState> => {
    const timezone = await memberTimeZone(await getDb(), member.memberId);
    const input = eventInputFromForm(form, timezone);
    const eventId = field(form, "eventId");
    if (eventId)
      await updateEvent(member.memberId, eventId, input, { scope: scopeOf(form), occurrenceStart: occurrenceOf(form) });
    else await createEvent(member.memberId, input, { calendarOf: field(form, "calendarOf") || undefined });
    calendarChanged();
    return {
      status: "redirect",
      message: eventId ? "Event saved" : "Event added",
      fieldErrors: {},
      values: {},
      redirectTo: `/calendar?date=${field(form, "startDate")}`,
    };
  },
  { fields: FORM_FIELDS, revalidate: false },
);

export const deleteEventAction = memberAction(
  anyForm,
  async (member, form): Promise<FormState> => {
    await deleteEvent(member.memberId, field(form, "eventId"), {
      scope: scopeOf(form),
      occurrenceStart: occurrenceOf(form),
    });
    calendarChanged();
    return { status: "redirect", message: "Event deleted", fieldErrors: {}, values: {}, redirectTo: "/calendar" };
  },
  { revalidate: false },
);

/** An attendee's "got it" for one occurrence. */
export const acknowledgeAction = memberAction(
  anyForm,
  async (member, form) => {
    await acknowledgeEvent(member.memberId, field(form, "eventId"), occurrenceOf(form));
    calendarChanged();
    return done("Got it: the organiser can see you have seen it.");
  },
  { revalidate: false },
);

export type FeedFormState = FormState & { url?: string };

/** A new private feed link, shown this once; the old one stops. */
export const rotateFeedAction = memberAction(
  anyForm,
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
  anyForm,
  async (member) => {
    await revokeFeed(await getDb(), member.memberId);
    calendarChanged();
    return done("The feed link is turned off: it no longer works anywhere.");
  },
  { revalidate: false },
);

export type ImportFormState = FormState & { report?: ImportResult };

/** Imports an .ics file into the chosen calendar; the answer is the report of what came in and what did not. */
export const importAction = memberAction(
  anyForm,
  async (member, form): Promise<ImportFormState> => {
    const file = form.file;
    if (!(file instanceof File) || file.size === 0)
      return { status: "error", message: "", fieldErrors: { file: "Choose an .ics file" }, values: {} };
    if (file.size > MAX_ICS_BYTES)
      return { status: "error", message: "", fieldErrors: { file: "The file is over 1 MB, the limit" }, values: {} };
    const report = await importCalendar(member.memberId, new Uint8Array(await file.arrayBuffer()), {
      calendarOf: field(form, "calendarOf") || undefined,
      fileName: file.name,
      sharing: { visibility: field(form, "visibility") || "private", circleId: field(form, "circleId") || null },
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
