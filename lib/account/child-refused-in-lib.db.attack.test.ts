import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import { childConsents, circleMemberships, identityAccounts, memberProfiles, outbox } from "@/lib/db/schema";
import { makeCircle } from "@/lib/circles/testing";
import { CHILD_LIMITS, createChildAccount } from "@/lib/circles";
import { createBuiltinIdentity } from "@/lib/identity/builtin/identity";
import { setPasswordHashParamsForTests } from "@/lib/identity/password";
import type { BillingService } from "@/lib/billing/service";
import { deleteMemberAccount } from "@/lib/member-data";
import { safetyReset } from "./safety-reset";

/**
 * Attack (issue 37 point 2): a door that forgets to ask the child-limits table (a new server action,
 * a resolver, a job) calls the safety reset or the account's deletion for a child's account, with the
 * child's own password. The lib functions ask the table themselves: 403 with its message, and nothing
 * is written (the password, the account, the circle, the consent stay; the payment provider is never
 * reached; no message is queued).
 */
const database = useTestDatabase();
const PASSWORD = "Purple-Otter-Lantern-9";
let families = 0;

async function aChild() {
  setPasswordHashParamsForTests({ logN: 10, r: 8, p: 1 });
  const owner = `olga-${(families += 1)}`;
  const circleId = await makeCircle(database.db, owner, {});
  const made = await createChildAccount(
    { memberId: owner, name: "Olga" },
    { circleId, firstName: "Maya", birthMonth: "2018-06", credential: { password: PASSWORD }, consent: true },
    { familyPlan: async () => ({ family: true, currentPeriodEnd: null }), db: database.db },
  );
  const identity = createBuiltinIdentity({ accountId: made.childId, email: made.signInName }, { db: database.db });
  return { ...made, identity, member: { memberId: made.childId, email: made.signInName, name: "Maya" } };
}

async function everything(childId: string) {
  const db = database.db;
  return {
    account: await db.select().from(identityAccounts).where(eq(identityAccounts.id, childId)),
    profile: await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, childId)),
    memberships: await db.select().from(circleMemberships).where(eq(circleMemberships.memberId, childId)),
    consent: await db.select().from(childConsents).where(eq(childConsents.childId, childId)),
    outbox: await db.select().from(outbox),
  };
}

describe("attack: a child's account reaches the safety reset or the deletion by a door that does not ask", () => {
  it("safetyReset refuses the child with 403 and writes nothing", async () => {
    const child = await aChild();
    const before = await everything(child.childId);
    expect(before.account).toHaveLength(1);
    await expect(
      safetyReset(
        child.childId,
        { currentPassword: PASSWORD, newPassword: "Green-Kite-River-31" },
        { identity: child.identity, db: database.db },
      ),
    ).rejects.toMatchObject({ status: 403, message: CHILD_LIMITS.safetyReset });
    expect(await everything(child.childId)).toEqual(before);
    // The old password still works: it was not changed.
    await expect(child.identity.confirmPassword(PASSWORD)).resolves.not.toThrow();
  });

  it("deleteMemberAccount refuses the child with 403, never reaches the payment provider, and writes nothing", async () => {
    const child = await aChild();
    const before = await everything(child.childId);
    const closed: string[] = [];
    const billing = {
      closeMemberAccount: async (member: { memberId: string }) => void closed.push(member.memberId),
    } as unknown as BillingService;
    await expect(
      deleteMemberAccount(child.member, PASSWORD, { security: child.identity, billing, db: database.db }),
    ).rejects.toMatchObject({ status: 403, message: CHILD_LIMITS.deleteAccount });
    expect(closed).toEqual([]);
    expect(await everything(child.childId)).toEqual(before);
  });
});
