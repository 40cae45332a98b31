import { describe, expect, it } from "vitest";
import { subscribeInSandbox, useSandboxBilling } from "@/lib/billing/sandbox/testing";
import type { SandboxBillingProvider } from "@/lib/billing/sandbox/sandbox-provider";
import { addressee, invitationTokenSentTo } from "@/lib/invitations/testing";
import type { BillingService } from "@/lib/billing/service";
import { getDb } from "@/lib/db/client";
import { readOutbox } from "@/lib/mail";
import { acceptInvitation, inviteToCircle, type CircleOptions } from "@/lib/invitations";
import { familyPlanFrom } from "@/lib/circles";
import { getMyCircles } from "@/lib/circles";
import { shareItem, sharesOf, type ItemKinds } from "@/lib/circles/sharing";
import { itemKinds } from "@/lib/features";
import { createBuiltinIdentity } from "@/lib/identity/builtin/identity";
import { rememberDevice } from "@/lib/identity/builtin/devices";
import { signIn } from "@/lib/identity/builtin";
import { signUpConfirmed } from "@/lib/identity/builtin/test-helpers";
import { createEvent, getAgenda, readFeed, rotateFeed } from "@/lib/calendar/store";
import { safetyReset } from "./safety-reset";

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
/** A member with a real built-in account (the reset checks and changes their password). */
async function person(name: string) {
  people += 1;
  const email = `${name.toLowerCase()}${people}@example.com`;
  const db = await getDb();
  const memberId = await signUpConfirmed(db, { email, password: PASSWORD, givenName: name, familyName: "Test" }, {});
  return { memberId, email, name };
}
type Person = Awaited<ReturnType<typeof person>>;

async function familyOwner(name: string) {
  const owner = await person(name);
  await subscribeInSandbox({ provider, billing }, owner);
  return owner;
}

async function join(owner: Person, who: Person) {
  await inviteToCircle(owner, { email: who.email }, options);
  await acceptInvitation(addressee(who), await invitationTokenSentTo(who.email), options);
}

// One kind of item for the test, owned by whoever's id starts its item id.
const notes: ItemKinds = { ...itemKinds, habit: { ownerOf: async (itemId: string) => itemId.split(":")[0]! } };

describe("the safety reset", () => {
  it("ends every share, leaves the circles quietly, revokes the calendar feed, forgets devices and changes the password; a wrong password changes nothing", async () => {
    const db = await getDb();
    const sam = await familyOwner("Sam");
    const kim = await familyOwner("Kim");
    const ria = await person("Ria");
    await join(sam, ria);
    await join(kim, ria);
    await shareItem(
      ria.memberId,
      { itemType: "habit", itemId: `${ria.memberId}:1`, memberId: sam.memberId, permission: "view" },
      { kinds: notes },
    );
    await shareItem(
      ria.memberId,
      {
        itemType: "habit",
        itemId: `${ria.memberId}:2`,
        circleId: (await getMyCircles(kim.memberId))[0]!.circleId,
        permission: "edit",
      },
      { kinds: notes },
    );
    // Her calendar: an event her circle with Sam sees, and a private feed link.
    const start = Date.UTC(2027, 0, 5, 18) / 1000;
    const week = { from: start - 86400, to: start + 86400 };
    await createEvent(ria.memberId, {
      title: "Ria's shift",
      start,
      end: start + 3600,
      timezone: "UTC",
      visibility: "circle",
      circleId: (await getMyCircles(sam.memberId))[0]!.circleId,
    });
    const { token } = await rotateFeed(ria.memberId, true);
    const feed = { host: "test" };
    await rememberDevice(db, ria.memberId, new Date(), "Kitchen laptop");
    const identity = createBuiltinIdentity({ accountId: ria.memberId, email: ria.email }, { db });
    const outboxBefore = (await readOutbox(db, sam.email)).length + (await readOutbox(db, kim.email)).length;

    await expect(
      safetyReset(ria.memberId, { currentPassword: "Wrong-Guess-1!", newPassword: NEW_PASSWORD }, { identity, db }),
    ).rejects.toMatchObject({ code: "NotAuthorizedException" });
    expect(await sharesOf(ria.memberId)).toHaveLength(3);
    expect(await getMyCircles(ria.memberId)).toHaveLength(2);
    expect((await identity.listDevices()).devices).toHaveLength(1);
    expect(await readFeed(token, feed)).toContain("BEGIN:VEVENT");
    expect((await getAgenda(sam.memberId, week)).occurrences).toHaveLength(1);

    await safetyReset(ria.memberId, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, { identity, db });
    expect(await sharesOf(ria.memberId)).toEqual([]);
    expect(await getMyCircles(ria.memberId)).toEqual([]);
    expect((await identity.listDevices()).devices).toEqual([]);
    // Her feed link is dead, and her events reach nobody.
    expect(await readFeed(token, feed)).toBeNull();
    expect((await getAgenda(sam.memberId, week)).occurrences).toEqual([]);
    // The new password signs in; the old one does not.
    await expect(signIn({ email: ria.email, password: PASSWORD }, { db })).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
    expect(await signIn({ email: ria.email, password: NEW_PASSWORD }, { db })).toBeTruthy();
    // Nobody in either circle was told.
    expect((await readOutbox(db, sam.email)).length + (await readOutbox(db, kim.email)).length).toBe(outboxBefore);
  });

  it("keeps the circle the member owns, with nothing of theirs shared in it", async () => {
    const db = await getDb();
    const owner = await familyOwner("Noor");
    const member = await person("Eli");
    await join(owner, member);
    const circleId = (await getMyCircles(owner.memberId))[0]!.circleId;
    await shareItem(
      owner.memberId,
      { itemType: "habit", itemId: `${owner.memberId}:1`, circleId, permission: "view" },
      { kinds: notes },
    );
    const identity = createBuiltinIdentity({ accountId: owner.memberId, email: owner.email }, { db });
    await safetyReset(owner.memberId, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, { identity, db });
    expect(await getMyCircles(owner.memberId)).toMatchObject([{ circleId, role: "owner" }]);
    expect(await sharesOf(owner.memberId)).toEqual([]);
  });
});
