import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import { childConsents, circleMemberships, identityAccounts, outbox } from "@/lib/db/schema";
import { makeCircle } from "@/lib/circles/testing";
import { setPasswordHashParamsForTests } from "@/lib/identity/password";

/**
 * Issue 37 point 2, performed: a child's account, signed in with its own session and knowing its own
 * password, calls each server action a child may not use. Each answers the child-limits table's
 * message and writes nothing: the account row (sign-in name, password, sign-in codes), the circle and
 * the consent stay, and no message is queued.
 */
const database = useTestDatabase();
const signedIn = { member: null as null | { memberId: string; email: string; name: string | null } };
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/lib/auth/member", async () => {
  const { DomainError } = await import("@/lib/errors");
  class MemberRequiredError extends DomainError {
    constructor() {
      super("NotAuthenticated", 401, "User is not authenticated");
      this.name = "MemberRequiredError";
    }
  }
  const requireMember = async () => {
    if (!signedIn.member) throw new MemberRequiredError();
    return signedIn.member;
  };
  return { MemberRequiredError, requireMember, getMember: async () => signedIn.member };
});

const security = await import("./security-actions");
const { authenticatorAction } = await import("./mfa-actions");
const { safetyResetAction } = await import("./discreet-mode/actions");
const { CHILD_LIMITS, childMay, createChildAccount } = await import("@/lib/circles");

const PASSWORD = "Purple-Otter-Lantern-9";
const idle = { status: "idle" as const, message: "", fieldErrors: {}, values: {} };
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

async function aChild() {
  setPasswordHashParamsForTests({ logN: 10, r: 8, p: 1 });
  const circleId = await makeCircle(database.db, "olga", {});
  const made = await createChildAccount(
    { memberId: "olga", name: "Olga" },
    { circleId, firstName: "Maya", birthMonth: "2018-06", credential: { password: PASSWORD }, consent: true },
    // The circle is given: the Family plan is asked only to start one.
    { familyPlan: async () => ({ family: true, currentPeriodEnd: null }), db: database.db },
  );
  signedIn.member = { memberId: made.childId, email: made.signInName, name: "Maya" };
  return made;
}

async function everything(childId: string) {
  const db = database.db;
  return {
    account: await db.select().from(identityAccounts).where(eq(identityAccounts.id, childId)),
    memberships: await db.select().from(circleMemberships).where(eq(circleMemberships.memberId, childId)),
    consent: await db.select().from(childConsents).where(eq(childConsents.childId, childId)),
    outbox: await db.select().from(outbox),
  };
}

describe("a child's account calls the actions a child may not use", () => {
  it("each answers the table's message, and nothing is written", async () => {
    const { childId } = await aChild();
    const before = await everything(childId);
    expect(before.account).toHaveLength(1);
    const attempts = [
      [security.changeEmailAction, { email: "maya@example.com", currentPassword: PASSWORD }, CHILD_LIMITS.changeEmail],
      [security.changePhoneAction, { phone: "+447700900123", currentPassword: PASSWORD }, CHILD_LIMITS.changePhone],
      [security.removePhoneAction, { currentPassword: PASSWORD }, CHILD_LIMITS.changePhone],
      [security.sendCodeAction, { attribute: "email" }, CHILD_LIMITS.verifyContact],
      [security.verifyAttributeAction, { attribute: "email", code: "123456" }, CHILD_LIMITS.verifyContact],
      [
        security.setMfaAction,
        { sms: "on", preferred: "SMS_MFA", currentPassword: PASSWORD },
        CHILD_LIMITS.changeSignInVerification,
      ],
      [security.deleteAccountAction, { confirm: "on", currentPassword: PASSWORD }, CHILD_LIMITS.deleteAccount],
      [
        safetyResetAction,
        {
          currentPassword: PASSWORD,
          newPassword: "Green-Kite-River-31",
          confirmPassword: "Green-Kite-River-31",
          confirm: "on",
        },
        CHILD_LIMITS.safetyReset,
      ],
    ] as const;
    for (const [action, fields, message] of attempts) {
      expect(await action(idle, form(fields))).toMatchObject({ status: "error", message });
    }
    const authenticator = await authenticatorAction(
      { ...idle, status: "off", tone: "info", deviceLabel: null },
      form({ intent: "start", currentPassword: PASSWORD }),
    );
    expect(authenticator).toMatchObject({
      status: "off",
      tone: "error",
      message: CHILD_LIMITS.changeSignInVerification,
    });
    expect(authenticator.setup).toBeUndefined();
    expect(await everything(childId)).toEqual(before);
  });

  it("every message is plain and says who can help; only the password is the child's own to change", () => {
    for (const [action, message] of Object.entries(CHILD_LIMITS)) {
      if (childMay(action as keyof typeof CHILD_LIMITS)) expect(action).toBe("changePassword");
      else expect(message).toMatch(/^A child's account|^The safety reset|^Sign-in codes.*Ask one of your grown-ups\.$/);
    }
  });
});
