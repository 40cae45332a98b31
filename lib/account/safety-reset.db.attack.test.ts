import { describe, expect, it } from "vitest";
import { subscribeInSandbox, useSandboxBilling } from "@/lib/billing/sandbox/testing";
import type { SandboxBillingProvider } from "@/lib/billing/sandbox/sandbox-provider";
import { addressee, invitationTokenSentTo } from "@/lib/invitations/testing";
import type { BillingService } from "@/lib/billing/service";
import { getDb } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema/jobs";
import { acceptInvitation, inviteToCircle, type CircleOptions } from "@/lib/invitations";
import { familyPlanFrom } from "@/lib/circles";
import { getMyCircles } from "@/lib/circles";
import { sharesOf } from "@/lib/circles/sharing";
import { createBuiltinIdentity } from "@/lib/identity/builtin/identity";
import { signUpConfirmed } from "@/lib/identity/builtin/test-helpers";
import {
  createEvent,
  EVENT_REMINDER_JOB,
  eventInputFromForm,
  getAgenda,
  getEvent,
  readFeed,
  rotateFeed,
  updateEvent,
  type EventView,
} from "@/lib/calendar/store";
import { localDateOf } from "@/lib/time";
import { and, eq } from "drizzle-orm";
import { safetyReset } from "./safety-reset";

/**
 * Attack: the member fears someone in the circle they own. After the safety reset, they edit an old
 * "Circle" event the way /calendar/event/[eventId] does (its form starts from what is stored) and
 * save it: before, the event kept visibility CIRCLE, its circle and its people, so the save shared
 * it with that circle again. Now every event they own is private, so nothing is shared again.
 */
const SITE = "http://localhost:3000";
const PASSWORD = "Sunny-Day-42!";
const NEW_PASSWORD = "Quiet-River-97?";
let provider: SandboxBillingProvider;
let billing: BillingService;
let options: CircleOptions;

useSandboxBilling(async (fixture) => {
  ({ provider, billing } = fixture);
  options = { familyPlan: familyPlanFrom(async () => billing), siteUrl: SITE };
});

let people = 0;
async function person(name: string) {
  people += 1;
  const email = `${name.toLowerCase()}${people}@example.com`;
  const memberId = await signUpConfirmed(
    await getDb(),
    { email, password: PASSWORD, givenName: name, familyName: "Test" },
    {},
  );
  return { memberId, email, name };
}

const clock = (instant: number) => new Date(instant * 1000).toISOString().slice(11, 16);

/** The edit page's form as it is filled from the stored event (page.tsx), saved unchanged but for a note. */
function formOf(event: EventView, circleIds: string[]): Record<string, string> {
  const form: Record<string, string> = {
    title: event.title,
    privateTitle: event.privateTitle ?? "",
    notes: "moved to the afternoon",
    startDate: localDateOf(event.start!, "UTC"),
    startTime: clock(event.start!),
    endDate: localDateOf(event.end!, "UTC"),
    endTime: clock(event.end!),
    visibility: event.visibility,
  };
  // The circle picker shows with more than one circle; its default is the event's circle, else the first.
  if ((event.visibility === "circle" || event.visibility === "busy") && circleIds.length > 1)
    form.circleId = event.circleId ?? circleIds[0]!;
  if (event.visibility !== "private") for (const id of event.people) form[`person:${id}`] = "on";
  return form;
}

describe("attack: the safety reset leaves nothing set to share again", () => {
  it("after the reset, editing an old Circle or People event through the edit page's path shares it with nobody", async () => {
    const db = await getDb();
    const ria = await person("Ria");
    await subscribeInSandbox({ provider, billing }, ria);
    const pat = await person("Pat");
    await inviteToCircle(ria, { email: pat.email }, options);
    await acceptInvitation(addressee(pat), await invitationTokenSentTo(pat.email), options);
    const circleId = (await getMyCircles(ria.memberId))[0]!.circleId;

    const start = Date.UTC(2027, 0, 5, 18) / 1000;
    const day = { from: start - 86400, to: start + 86400 };
    const input = { start, end: start + 3600, timezone: "UTC" };
    const circleEvent = await createEvent(ria.memberId, {
      ...input,
      title: "Ria's shift",
      visibility: "circle",
      circleId,
    });
    const peopleEvent = await createEvent(ria.memberId, {
      ...input,
      title: "Ria's lunch",
      visibility: "people",
      people: [pat.memberId],
      requiresAcknowledgement: true,
    });
    const { token } = await rotateFeed(ria.memberId, false);
    expect((await getAgenda(pat.memberId, day)).occurrences).toHaveLength(2);

    const identity = createBuiltinIdentity({ accountId: ria.memberId, email: ria.email }, { db });
    await safetyReset(ria.memberId, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, { identity, db });

    // Every event she owns is private now: no circle, no people, no "got it" asked of anyone.
    for (const { id } of [circleEvent, peopleEvent])
      expect(await getEvent(ria.memberId, id)).toMatchObject({
        visibility: "private",
        circleId: null,
        people: [],
        requiresAcknowledgement: false,
      });
    // Their reminders are written again from the private events: Ria's alone (the job is hers, and
    // the event it reads has no attendee left to remind).
    const reminderJobs = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, EVENT_REMINDER_JOB), eq(jobs.key, peopleEvent.id)));
    expect(reminderJobs).toMatchObject([{ memberId: ria.memberId }]);

    // The next edit, through the edit page's own path, starts from what is stored and shares nothing.
    const circleIds = (await getMyCircles(ria.memberId)).map((circle) => circle.circleId);
    for (const { id } of [circleEvent, peopleEvent]) {
      const stored = await getEvent(ria.memberId, id);
      await updateEvent(ria.memberId, id, eventInputFromForm(formOf(stored, circleIds), "UTC"), { scope: "ALL" });
      expect(await getEvent(ria.memberId, id)).toMatchObject({ visibility: "private", circleId: null, people: [] });
    }
    expect(await sharesOf(ria.memberId)).toEqual([]);
    expect((await getAgenda(pat.memberId, day)).occurrences).toEqual([]);
    await expect(getEvent(pat.memberId, circleEvent.id)).rejects.toMatchObject({ status: 404 });
    // The old subscription link answers nothing.
    expect(await readFeed(token, { host: "test" })).toBeNull();
  });
});
