import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "../../db/client";
import { useTestDatabase } from "../../db/testing";
import { SandboxBillingProvider } from "../../billing/sandbox/sandbox-provider";
import { createBillingService } from "../../billing/service";
import { readOutbox } from "../../mail";
import { deleteMemberAccount } from "../../member-data";
import { createAccountChanges } from "../account-changes";
import { useCognitoLocal } from "./cognito-local-testing";

/**
 * The same attack as account-changes.db.attack.test.ts with Cognito as the identity provider, against
 * cognito-local: a stolen session (its access token) without the password cannot change the email or
 * delete the account; the password is checked the way the pool allows, InitiateAuth with the member's
 * credentials (USER_PASSWORD_AUTH); notices go through the app's own outbox.
 */
const local = useCognitoLocal();
const password = "Sunny-Day-42!";
const TEN_MINUTES_AGO = () => Date.now() - 10 * 60_000;
const database = useTestDatabase();

async function stolenSession() {
  const { email, centre } = await local.signedInMember(password);
  const member = { memberId: email, email, name: "Ada Owner", authenticatedAtMs: TEN_MINUTES_AGO() };
  return { email, centre, member, changes: createAccountChanges(member, { identity: centre }) };
}

const emailInPool = async (username: string) =>
  (
    await local.call(
      "AdminGetUser",
      { UserPoolId: local.poolId, Username: username },
      z.object({ UserAttributes: z.array(z.object({ Name: z.string(), Value: z.string() })) }),
    )
  ).UserAttributes.find((attribute) => attribute.Name === "email")?.Value;

describe("Cognito: a session alone cannot change the account", () => {
  it("refuses an email change without the password or with a wrong one; with it the pool changes and both addresses are told", async () => {
    const { email, changes, centre } = await stolenSession();
    await expect(changes.changeEmail("thief@example.net", "")).rejects.toMatchObject({
      code: "ReauthenticationRequired",
      field: "currentPassword",
    });
    await expect(changes.changeEmail("thief@example.net", "Not-Her-Password-1")).rejects.toMatchObject({
      code: "NotAuthorizedException",
      message: "Current password is incorrect.",
    });
    expect(await emailInPool(email)).toBe(email);
    expect(await readOutbox(database.db, email)).toEqual([]);

    await changes.changeEmail("ada.moved@example.com", password);
    // The pool's own GetUser, with the member's access token.
    expect((await centre.overview()).email).toBe("ada.moved@example.com");
    expect((await readOutbox(database.db, email)).map((message) => message.subject)).toEqual([
      "Your Happr email address was changed",
    ]);
    expect((await readOutbox(database.db, "ada.moved@example.com")).map((message) => message.subject)).toEqual([
      "Your Happr email address was changed",
    ]);
  });

  it("refuses to delete the account without the password; with it, the pool's user is deleted after the app's records", async () => {
    const { email, centre, member } = await stolenSession();
    const billing = createBillingService(new SandboxBillingProvider({ getDb, siteUrl: "http://localhost:3000" }), {
      siteUrl: "http://localhost:3000",
    });
    await expect(deleteMemberAccount(member, "", { security: centre, billing })).rejects.toMatchObject({
      code: "ReauthenticationRequired",
    });
    expect(await emailInPool(email)).toBe(email);

    await deleteMemberAccount(member, password, { security: centre, billing });
    await expect(emailInPool(email)).rejects.toMatchObject({ code: "UserNotFoundException" });
    expect((await readOutbox(database.db, email)).map((message) => message.subject)).toEqual([
      "Your Happr account was deleted",
    ]);
  });
});
