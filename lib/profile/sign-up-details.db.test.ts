import { signUpNew } from "@/lib/identity/builtin/test-helpers";
import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/open";
import { confirmSignUp } from "@/lib/identity/builtin/accounts";
import { useMemberTestDatabase } from "@/lib/identity/builtin/testing";
import { lastCodeSentTo } from "@/lib/identity/builtin/test-helpers";
import { createTestServer, ops } from "@/graphql/test-helpers";

/**
 * A member who signs up with the built-in issuer as Ada Lovelace reads Ada Lovelace back from the
 * API the native apps use (getUserProfile), from the moment the account is confirmed.
 */
let db: Db;
useMemberTestDatabase((opened) => (db = opened));
const context = { now: new Date("2026-03-01T09:00:00.000Z"), mfa: "optional" as const, clientAddress: "198.51.100.7" };

describe("built-in sign-up", () => {
  it("getUserProfile answers the names given at sign-up; a later edit is the profile's own", async () => {
    const email = "ada.sign-up@example.com";
    const { accountId } = await signUpNew(
      { email, password: "Sunny-Day-42", givenName: "Ada", familyName: "Lovelace" },
      context,
    );
    const members = { ada: { memberId: accountId, email, name: "Ada Lovelace" } };
    const { gql } = createTestServer({ members, billing: () => Promise.reject(new Error("unused")) });
    const profile = async () => (await gql(ops.getUserProfile, {}, "ada")).body.data?.getUserProfile;

    // Not before the email is confirmed: an unconfirmed sign-up can still be replaced.
    expect((await profile()).user).toMatchObject({ firstName: null, lastName: null });
    await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, context);
    expect(await profile()).toMatchObject({
      statusCode: 200,
      user: { firstName: "Ada", lastName: "Lovelace", phone: null },
    });

    const updated = (await gql(ops.updateUserProfile, { request: { lastName: "King" } }, "ada")).body.data
      ?.updateUserProfile;
    expect(updated.user).toMatchObject({ firstName: "Ada", lastName: "King" });
    expect((await profile()).user).toMatchObject({ firstName: "Ada", lastName: "King" });
  });
});
