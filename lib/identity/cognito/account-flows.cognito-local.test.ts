import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "@/lib/db/testing";
import { rateLimitCounters } from "@/lib/db/schema";
import { messages } from "../../messages";
import { createCognitoAccountFlows } from "./account-flows";
import { useCognitoLocal } from "./cognito-local-testing";

/**
 * The Cognito account flows against cognito-local for the calls it supports: SignUp, ConfirmSignUp,
 * ForgotPassword, ConfirmForgotPassword (checked with AdminGetUser and InitiateAuth). It has no
 * ResendConfirmationCode and no GlobalSignOut: account-flows.test.ts covers those with recorded
 * requests. The outsider limits count in a test database, as in the app.
 */
const local = useCognitoLocal();
const database = useTestDatabase([rateLimitCounters]);
let client: CognitoIdentityProviderClient;
beforeAll(() => {
  client = new CognitoIdentityProviderClient({
    region: "us-east-1",
    endpoint: local.endpoint,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
});

const password = "Sunny-Day-42!";
let count = 0;
const newEmail = () => `flow${++count}.${process.pid}@example.com`;
const flows = (clientAddress = "203.0.113.7") =>
  createCognitoAccountFlows(
    { clientAddress },
    { region: "us-east-1", clientId: local.clientId, client, db: database.db },
  );

const userSchema = z.object({
  UserStatus: z.string(),
  UserAttributes: z.array(z.object({ Name: z.string(), Value: z.string().optional() })),
});
const poolUser = (email: string) =>
  local.call("AdminGetUser", { UserPoolId: local.poolId, Username: email }, userSchema);
const attribute = (user: z.infer<typeof userSchema>, name: string) =>
  user.UserAttributes.find((entry) => entry.Name === name)?.Value;
const signsIn = (email: string, secret: string) =>
  local
    .call(
      "InitiateAuth",
      {
        AuthFlow: "USER_PASSWORD_AUTH",
        ClientId: local.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: secret },
      },
      z.object({ AuthenticationResult: z.object({ AccessToken: z.string() }) }),
    )
    .then(
      () => true,
      () => false,
    );

describe("Cognito account flows against cognito-local", () => {
  // First in the file: after other sign-ups in the same pool, cognito-local accepts ForgotPassword
  // but prints no code for it (its console delivery), so the journey of a reset would wait in vain.
  it("resets a password with the emailed code; an unknown email gets the same answer and no code", async () => {
    const email = newEmail();
    await flows().signUp({ email, password, givenName: "Alan", familyName: "Turing" });
    await local.call("AdminConfirmSignUp", { UserPoolId: local.poolId, Username: email }, z.object({}).passthrough());

    const unknown = newEmail();
    const quiet = local.output().length;
    expect(await flows().forgotPassword({ email: unknown })).toEqual({
      codeDelivery: { deliveryMedium: "EMAIL", destination: expect.stringMatching(/^f\*\*\*@e\*\*\*\.com$/) },
    });
    expect(local.output().slice(quiet)).not.toContain(unknown);
    await expect(
      flows().confirmForgotPassword({ email: unknown, code: "123456", password: "New-Pass-word-88" }),
    ).rejects.toMatchObject({ code: "CodeMismatchException", message: messages.codeMismatch });

    const before = local.output().length;
    const answer = await flows().forgotPassword({ email });
    expect(answer.codeDelivery.destination).toMatch(/^f\*\*\*@e\*\*\*\.com$/);
    const code = await local.lastCode(email, before);
    await expect(
      flows().confirmForgotPassword({ email, code: "000000", password: "New-Pass-word-88" }),
    ).rejects.toMatchObject({ code: "CodeMismatchException", message: messages.codeMismatch });
    await flows().confirmForgotPassword({ email, code, password: "New-Pass-word-88" });
    expect(await signsIn(email, "New-Pass-word-88")).toBe(true);
    expect(await signsIn(email, password)).toBe(false);
  });

  it("signs up in the pool with the names, confirms with the emailed code, then hands over to the hosted sign-in", async () => {
    const email = newEmail();
    const before = local.output().length;
    const answer = await flows().signUp({ email, password, givenName: "Ada", familyName: "Lovelace" });
    expect(answer.codeDelivery.deliveryMedium).toBe("EMAIL");
    expect(answer.autoSignInSession).toBeUndefined();
    const user = await poolUser(email);
    expect(user.UserStatus).toBe("UNCONFIRMED");
    expect(attribute(user, "given_name")).toBe("Ada");
    expect(attribute(user, "family_name")).toBe("Lovelace");
    expect(attribute(user, "email")).toBe(email);

    await expect(flows().confirmSignUp({ email, code: "000000" })).rejects.toMatchObject({
      code: "CodeMismatchException",
      message: messages.codeMismatch,
    });
    const code = await local.lastCode(email, before);
    expect(await flows().confirmSignUp({ email, code })).toEqual({ next: "hosted-sign-in" });
    expect((await poolUser(email)).UserStatus).toBe("CONFIRMED");
    expect(await signsIn(email, password)).toBe(true);
  });

  it("answers a sign-up with a taken email like a new one, and changes nothing about that account", async () => {
    const email = newEmail();
    await flows().signUp({ email, password, givenName: "Grace", familyName: "Hopper" });
    const again = await flows("198.51.100.9").signUp({
      email,
      password: "Other-Pass-77?",
      givenName: "Mallory",
      familyName: "Intruder",
    });
    expect(again.codeDelivery.deliveryMedium).toBe("EMAIL");
    expect(attribute(await poolUser(email), "given_name")).toBe("Grace");
  });

  it("refuses a weak password and a bad email before the pool is asked, naming the field", async () => {
    const email = newEmail();
    await expect(
      flows().signUp({ email, password: "password", givenName: "A", familyName: "B" }),
    ).rejects.toMatchObject({ code: "InvalidPasswordException" });
    await expect(
      flows().signUp({ email: "not-an-email", password, givenName: "A", familyName: "B" }),
    ).rejects.toMatchObject({ code: "InvalidParameterException", field: "email" });
    await expect(poolUser(email)).rejects.toMatchObject({ code: "UserNotFoundException" });
  });

  it("confirming an unknown email answers like a wrong code", async () => {
    await expect(flows().confirmSignUp({ email: newEmail(), code: "123456" })).rejects.toMatchObject({
      code: "CodeMismatchException",
      message: messages.codeMismatch,
    });
  });

  it("counts sign-ups per email in the database and refuses the sixth within the hour without asking the pool", async () => {
    const email = newEmail();
    for (let attempt = 0; attempt < 5; attempt++) {
      await flows(`192.0.2.${attempt}`).signUp({ email, password, givenName: "Eve", familyName: "Repeat" });
    }
    // Gone from the pool: a sign-up that reached it would create the user again.
    await local.call("AdminDeleteUser", { UserPoolId: local.poolId, Username: email }, z.object({}).passthrough());
    await expect(
      flows("192.0.2.99").signUp({ email, password, givenName: "Eve", familyName: "Repeat" }),
    ).rejects.toMatchObject({
      code: "LimitExceededException",
      message: expect.stringMatching(/^Too many attempts\. /),
    });
    await expect(poolUser(email)).rejects.toMatchObject({ code: "UserNotFoundException" });
  });
});
