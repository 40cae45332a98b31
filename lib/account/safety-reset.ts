import "server-only";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { assertChildMay, circlesOf, endMembership, membershipOf } from "../circles";
import { endSharesOf } from "../circles/sharing";
import { revokeFeed } from "../calendar/store/feeds";
import { makeEventsPrivate } from "../calendar/store/events";
import type { IdentityPort } from "../identity/port";

export type SafetyResetInput = { currentPassword: string; newPassword: string };

/**
 * Discreet mode's safety reset: one flow for someone who fears another person has access, telling
 * nobody. A child's account is refused (403, lib/circles child-limits.ts) before anything is read or
 * written, whichever door calls. In order:
 * 1. the current password is checked (a wrong one changes nothing);
 * 2. the password changes, which ends every session, on every device (this browser signs in again,
 *    or is renewed at once with the built-in provider);
 * 3. every remembered device is forgotten;
 * 4. in one transaction: every event they own becomes private (no circle, no people, so editing an
 *    old "Circle" event later cannot share it again) and its reminders are written again from that,
 *    so they remind the member alone; every share of the member's items ends; they leave every circle
 *    they do not own; their calendar feed link stops (it answers 404; a new one is a new link). The
 *    circle they own stays (ownership comes with the Family plan), but nothing of theirs reaches
 *    anyone in it. No message goes to anyone: a departure is silent.
 * What it cannot do for them: a recovery channel (email, phone, sign-in verification) someone else
 * set up. The reset's page lists them with the security centre's steps to replace each.
 * A failure part-way is finished by running it again (with the new password as the current one).
 */
export async function safetyReset(
  memberId: string,
  input: SafetyResetInput,
  deps: { identity: IdentityPort; db?: Db },
): Promise<void> {
  const { identity } = deps;
  const db = deps.db ?? (await getDb());
  await assertChildMay(memberId, "safetyReset", { db });
  await identity.confirmPassword(input.currentPassword);
  await identity.changePassword(input.currentPassword, input.newPassword);
  await forgetEveryDevice(identity);
  await db.transaction(async (tx) => {
    await makeEventsPrivate(tx, memberId);
    await endSharesOf(tx, memberId);
    await revokeFeed(tx, memberId);
    for (const circle of await circlesOf(tx, memberId)) {
      const membership = circle.role === "owner" ? undefined : await membershipOf(tx, circle.circleId, memberId);
      if (membership) await endMembership(tx, membership);
    }
  });
}

/** Forgets the first page of devices until none is left (a page token would not survive the deletions). */
async function forgetEveryDevice(identity: IdentityPort): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    const { devices } = await identity.listDevices();
    if (devices.length === 0) return;
    for (const device of devices) await identity.forgetDevice(device.deviceKey);
  }
}
