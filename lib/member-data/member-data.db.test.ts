import { signUpNew } from "@/lib/identity/builtin/test-helpers";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { freezeClockAt } from "@/lib/billing/sandbox/clock";
import { subscribeInSandbox } from "@/lib/billing/sandbox/testing";
import { SandboxBillingProvider, sandboxPriceId } from "@/lib/billing/sandbox/sandbox-provider";
import { createBillingService, type BillingService } from "@/lib/billing/service";
import { confirmSignUp } from "@/lib/identity/builtin/accounts";
import { createBuiltinIdentity } from "@/lib/identity/builtin/identity";
import { signIn } from "@/lib/identity/builtin/sign-in";
import { useMemberTestDatabase } from "@/lib/identity/builtin/test-database";
import { lastCodeSentTo } from "@/lib/identity/builtin/test-helpers";
import { getUserProfile, updateUserProfile } from "@/lib/profile";
import { deleteMemberAccount, exportMemberData } from ".";

const SITE = "http://localhost:3000";
const context = { mfa: "optional" as const };
let provider: SandboxBillingProvider;
let billing: BillingService;

useMemberTestDatabase(async (db) => {
  provider = new SandboxBillingProvider({ getDb, siteUrl: SITE });
  billing = createBillingService(provider, { siteUrl: SITE });
  await freezeClockAt(db, Date.UTC(2026, 3, 1) / 1000);
}, 120_000);

describe("a member's data and account deletion", () => {
  it("downloads profile, subscription history, transactions and circle; deleting cancels the plan at once and removes everything", async () => {
    const email = "leaving@example.com";
    const password = "Sunny-Day-42";
    const { accountId } = await signUpNew({ email, password, givenName: "Lee", familyName: "Ving" }, context);
    await confirmSignUp({ email, code: await lastCodeSentTo(await getDb(), email) }, context);
    const member = { memberId: accountId, email, name: "Lee Ving" };
    await updateUserProfile(accountId, { firstName: "Lee", timezone: "Europe/London" });
    await subscribeInSandbox({ provider, billing }, member, "happr_family_monthly", SITE);
    const security = createBuiltinIdentity({ accountId, email }, context);

    const data = await exportMemberData(member, { security });
    expect(data.account).toMatchObject({ memberId: accountId, email, emailVerified: true, phoneNumber: null });
    expect(data.profile).toMatchObject({ firstName: "Lee", timezone: "Europe/London" });
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ status: "active", priceId: sandboxPriceId("happr_family_monthly") }),
    ]);
    expect(data.transactions.length).toBeGreaterThan(0);
    expect(data.transactions[0]).toMatchObject({ amount: 999, currency: "usd" });
    expect(data.circle).toEqual({ memberOf: null, circles: [], members: [], invitations: [] });
    expect(data.shares).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/password|secret|hash/i);

    await expect(deleteMemberAccount(member, "Wrong-Pass-1!", { security, billing })).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
    expect((await billing.getMySubscriptions(accountId))[0]!.status).toBe("active");

    const subscriptionId = data.subscriptions[0]!.subscriptionId;
    await deleteMemberAccount(member, password, { security, billing });
    expect(await billing.getMySubscriptions(accountId)).toEqual([]);
    // Ended at once with the provider, whose customer is deleted.
    expect((await provider.getSubscription(subscriptionId)).status).toBe("canceled");
    const after = await exportMemberData(member, {
      security: {
        ...security,
        overview: async () => ({
          email,
          emailVerified: false,
          phoneNumber: null,
          phoneNumberVerified: false,
          mfa: { enabled: [], preferred: null },
          textCodes: true,
        }),
      },
    });
    expect(after).toMatchObject({
      subscriptions: [],
      transactions: [],
      circle: { memberOf: null, circles: [], members: [], invitations: [] },
      shares: [],
    });
    expect(await getUserProfile(accountId)).toEqual({
      firstName: null,
      lastName: null,
      dob: null,
      phone: null,
      timezone: null,
    });
    await expect(signIn({ email, password }, context)).rejects.toMatchObject({ code: "NotAuthorizedException" });
  });
});
