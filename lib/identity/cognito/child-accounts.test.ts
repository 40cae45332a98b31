import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  InvalidPasswordException,
} from "@aws-sdk/client-cognito-identity-provider";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import { identitySessionCutoffs } from "@/lib/db/schema";
import { isAfterSessionCutoff } from "../session-cutoffs";
import { createCognitoChildAccounts } from "./child-accounts";

/**
 * The Cognito child accounts against recorded answers, for what cognito-local does not do
 * (AdminUserGlobalSignOut, a password policy): the exact requests, and the undo when the pool refuses
 * the first password after making the user.
 */
const database = useTestDatabase([identitySessionCutoffs]);
const cognito = mockClient(CognitoIdentityProviderClient);
beforeEach(() => cognito.reset());
const accounts = () =>
  createCognitoChildAccounts({
    region: "us-east-1",
    userPoolId: "us-east-1_pool",
    client: new CognitoIdentityProviderClient({ region: "us-east-1" }),
  });
const meta = { $metadata: {} };
const NOW = new Date("2026-04-15T12:00:00.000Z");

describe("Cognito child accounts (recorded)", () => {
  it("creates the user without a welcome message, then sets the first password permanent", async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Attributes: [{ Name: "sub", Value: "sub-9" }] } });
    cognito.on(AdminSetUserPasswordCommand).resolves({});
    const made = await accounts().create(database.db, {
      signInName: "maya.0042",
      givenName: "Maya",
      credential: { password: "Purple-Otter-Lantern-9" },
      now: NOW,
    });
    expect(made).toEqual({ accountId: "sub-9" });
    expect(cognito.commandCalls(AdminCreateUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: "us-east-1_pool",
      Username: "maya.0042",
      MessageAction: "SUPPRESS",
      UserAttributes: [{ Name: "given_name", Value: "Maya" }],
    });
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]!.args[0].input).toEqual({
      UserPoolId: "us-east-1_pool",
      Username: "maya.0042",
      Password: "Purple-Otter-Lantern-9",
      Permanent: true,
    });
  });

  it("a first password the pool's policy refuses: 400 naming password, and the user just made is deleted", async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Attributes: [{ Name: "sub", Value: "sub-9" }] } });
    cognito
      .on(AdminSetUserPasswordCommand)
      .rejects(new InvalidPasswordException({ message: "Password must have symbol characters", ...meta }));
    cognito.on(AdminDeleteUserCommand).resolves({});
    await expect(
      accounts().create(database.db, {
        signInName: "maya.0042",
        givenName: "Maya",
        credential: { password: "Purple Otter Lantern 9" },
        now: NOW,
      }),
    ).rejects.toMatchObject({ status: 400, field: "password" });
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: "us-east-1_pool",
      Username: "maya.0042",
    });
  });

  it("a new one-time code is a temporary password; the app's sessions end and the pool's refresh tokens are revoked", async () => {
    cognito.on(AdminSetUserPasswordCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    await accounts().setCredential(
      database.db,
      { accountId: "sub-9", signInName: "maya.0042" },
      { temporaryPassword: "KMPR-tqhx-4829" },
      NOW,
    );
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]!.args[0].input).toEqual({
      UserPoolId: "us-east-1_pool",
      Username: "maya.0042",
      Password: "KMPR-tqhx-4829",
      Permanent: false,
    });
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0]!.args[0].input).toEqual({
      UserPoolId: "us-east-1_pool",
      Username: "maya.0042",
    });
    expect(await isAfterSessionCutoff("sub-9", new Date(NOW.getTime() - 1), { db: database.db })).toBe(false);
  });
});
