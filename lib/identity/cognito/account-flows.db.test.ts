import { createHmac } from "node:crypto";
import {
  CodeDeliveryFailureException,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ExpiredCodeException,
  ForgotPasswordCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  InvalidParameterException,
  InvalidPasswordException,
  LimitExceededException,
  NotAuthorizedException,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  TooManyFailedAttemptsException,
  UserNotFoundException,
  UsernameExistsException,
} from "@aws-sdk/client-cognito-identity-provider";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import { identitySessionCutoffs, rateLimitCounters } from "@/lib/db/schema";
import { messages } from "../../messages";
import { isAfterSessionCutoff } from "../session-cutoffs";
import { createCognitoAccountFlows } from "./account-flows";

/**
 * The Cognito account flows against recorded user-pool answers (aws-sdk-client-mock), for what
 * cognito-local does not do (ResendConfirmationCode, GlobalSignOut, throttling, a client secret) and
 * for each exception Cognito documents: the exact request sent, and the message a visitor sees,
 * which never tells whether an account exists.
 */
const database = useTestDatabase([rateLimitCounters, identitySessionCutoffs]);
const cognito = mockClient(CognitoIdentityProviderClient);
beforeEach(() => cognito.reset());

const client = new CognitoIdentityProviderClient({ region: "us-east-1" });
const flows = (options: { clientSecret?: string } = {}) =>
  createCognitoAccountFlows(
    { clientAddress: "203.0.113.20" },
    { region: "us-east-1", clientId: "client-1", client, db: database.db, ...options },
  );
const meta = { $metadata: {} };
const email = "ada@example.com";
const password = "Sunny-Day-42!";
const masked = { deliveryMedium: "EMAIL", destination: "a***@e***.com" };

/** An access token as Cognito hands it out (only its `sub` is read, never trusted for more). */
const accessToken = (sub: string) =>
  [{ alg: "RS256" }, { sub, token_use: "access" }]
    .map((part) => Buffer.from(JSON.stringify(part)).toString("base64url"))
    .concat("signature")
    .join(".");

describe("Cognito sign-up", () => {
  it("sends SignUp with the email as the username, the names as attributes, ValidationData and the SECRET_HASH", async () => {
    cognito.on(SignUpCommand).resolves({
      UserConfirmed: false,
      UserSub: "sub-1",
      CodeDeliveryDetails: { DeliveryMedium: "EMAIL", Destination: "a***@e***", AttributeName: "email" },
    });
    const answer = await flows({ clientSecret: "shh" }).signUp({
      email: ` ${email} `,
      password,
      givenName: "Ada",
      familyName: "Lovelace",
    });
    expect(answer).toEqual({ codeDelivery: { deliveryMedium: "EMAIL", destination: "a***@e***" } });
    expect(cognito.commandCalls(SignUpCommand)[0]!.args[0].input).toEqual({
      ClientId: "client-1",
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: "email", Value: email },
        { Name: "given_name", Value: "Ada" },
        { Name: "family_name", Value: "Lovelace" },
      ],
      ValidationData: [{ Name: "email", Value: email }],
      SecretHash: createHmac("sha256", "shh").update(`${email}client-1`).digest("base64"),
    });
  });

  it("answers a taken email exactly like a new one", async () => {
    cognito.on(SignUpCommand).rejects(new UsernameExistsException({ message: "User already exists", ...meta }));
    expect(await flows().signUp({ email, password, givenName: "Ada", familyName: "Lovelace" })).toEqual({
      codeDelivery: masked,
    });
  });

  it("shows the pool's password policy refusal by the password, and a throttle as the app's 'Too many attempts'", async () => {
    cognito
      .on(SignUpCommand)
      .rejectsOnce(
        new InvalidPasswordException({
          message: "Password did not conform with policy: Password not long enough",
          ...meta,
        }),
      )
      .rejectsOnce(new LimitExceededException({ message: "Attempt limit exceeded", ...meta }));
    const input = { email, password, givenName: "Ada", familyName: "Lovelace" };
    await expect(flows().signUp(input)).rejects.toMatchObject({
      code: "InvalidPasswordException",
      field: "password",
      message: "Password did not conform with policy: Password not long enough",
    });
    await expect(flows().signUp(input)).rejects.toMatchObject({
      code: "LimitExceededException",
      message: "Too many attempts. Please try again later.",
    });
  });

  it("says 'Network Error' when the pool cannot deliver the code or cannot be reached", async () => {
    cognito
      .on(SignUpCommand)
      .rejectsOnce(new CodeDeliveryFailureException({ message: "Unable to deliver", ...meta }))
      .rejectsOnce(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    const input = { email, password, givenName: "Ada", familyName: "Lovelace" };
    await expect(flows().signUp(input)).rejects.toMatchObject({ code: "NetworkError", message: messages.networkError });
    await expect(flows().signUp(input)).rejects.toMatchObject({ code: "NetworkError", message: messages.networkError });
  });
});

describe("Cognito confirmation", () => {
  it("confirms with ConfirmSignUp and hands over to the hosted sign-in", async () => {
    cognito.on(ConfirmSignUpCommand).resolves({});
    expect(await flows().confirmSignUp({ email, code: " 123456 " })).toEqual({ next: "hosted-sign-in" });
    expect(cognito.commandCalls(ConfirmSignUpCommand)[0]!.args[0].input).toEqual({
      ClientId: "client-1",
      Username: email,
      ConfirmationCode: "123456",
    });
  });

  it.each([
    ["a wrong code", new CodeMismatchException({ message: "Invalid verification code provided", ...meta })],
    ["an unknown email", new UserNotFoundException({ message: "Username/client id combination not found.", ...meta })],
    [
      "an account already confirmed",
      new NotAuthorizedException({ message: "User cannot be confirmed. Current status is CONFIRMED", ...meta }),
    ],
  ])("answers %s with the one wrong-code message", async (_case, error) => {
    cognito.on(ConfirmSignUpCommand).rejects(error);
    await expect(flows().confirmSignUp({ email, code: "123456" })).rejects.toMatchObject({
      code: "CodeMismatchException",
      message: messages.codeMismatch,
    });
  });

  it("an expired code asks for a new one; too many wrong codes is 'Too many attempts'", async () => {
    cognito
      .on(ConfirmSignUpCommand)
      .rejectsOnce(new ExpiredCodeException({ message: "expired", ...meta }))
      .rejectsOnce(new TooManyFailedAttemptsException({ message: "too many", ...meta }));
    await expect(flows().confirmSignUp({ email, code: "123456" })).rejects.toMatchObject({
      code: "ExpiredCodeException",
      message: messages.codeExpired,
    });
    await expect(flows().confirmSignUp({ email, code: "123456" })).rejects.toMatchObject({
      code: "LimitExceededException",
    });
  });

  it("counts confirmation attempts per email in the database: the eleventh in the hour is refused without asking the pool", async () => {
    cognito.on(ConfirmSignUpCommand).rejects(new CodeMismatchException({ message: "wrong", ...meta }));
    for (let attempt = 0; attempt < 10; attempt++) {
      await expect(flows().confirmSignUp({ email, code: "000000" })).rejects.toMatchObject({
        code: "CodeMismatchException",
      });
    }
    // The count is kept in fixed windows: close to the end of one the wait is given in seconds.
    await expect(flows().confirmSignUp({ email, code: "000000" })).rejects.toMatchObject({
      code: "LimitExceededException",
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/),
    });
    expect(cognito.commandCalls(ConfirmSignUpCommand)).toHaveLength(10);
  });
});

describe("Cognito resend code and forgot password", () => {
  it("resends with ResendConfirmationCode; unknown or already confirmed accounts get the same answer", async () => {
    cognito
      .on(ResendConfirmationCodeCommand)
      .resolvesOnce({ CodeDeliveryDetails: { DeliveryMedium: "EMAIL", Destination: "a***@e***" } })
      .rejectsOnce(new UserNotFoundException({ message: "Username/client id combination not found.", ...meta }))
      .rejectsOnce(new InvalidParameterException({ message: "User is already confirmed.", ...meta }));
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await flows().resendConfirmationCode({ email })).toEqual({ codeDelivery: masked });
    }
    expect(cognito.commandCalls(ResendConfirmationCodeCommand)[0]!.args[0].input).toEqual({
      ClientId: "client-1",
      Username: email,
    });
  });

  it("forgot password: unknown, disabled and unverified accounts get the same answer as a real one", async () => {
    cognito
      .on(ForgotPasswordCommand)
      .resolvesOnce({ CodeDeliveryDetails: { DeliveryMedium: "EMAIL", Destination: "a***@e***" } })
      .rejectsOnce(new UserNotFoundException({ message: "Username/client id combination not found.", ...meta }))
      .rejectsOnce(
        new NotAuthorizedException({ message: "User password cannot be reset in the current state.", ...meta }),
      )
      .rejectsOnce(
        new InvalidParameterException({
          message: "Cannot reset password for the user as there is no registered/verified email or phone_number",
          ...meta,
        }),
      );
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(await flows().forgotPassword({ email: `person${attempt}@example.com` })).toMatchObject({
        codeDelivery: { deliveryMedium: "EMAIL" },
      });
    }
  });

  it("resend and forgot password share one count per email: the sixth code in the hour is refused", async () => {
    cognito.on(ResendConfirmationCodeCommand).resolves({});
    cognito.on(ForgotPasswordCommand).resolves({});
    for (let attempt = 0; attempt < 3; attempt++) await flows().resendConfirmationCode({ email });
    for (let attempt = 0; attempt < 2; attempt++) await flows().forgotPassword({ email });
    await expect(flows().forgotPassword({ email })).rejects.toMatchObject({ code: "LimitExceededException" });
    expect(cognito.commandCalls(ForgotPasswordCommand)).toHaveLength(2);
  });
});

describe("Cognito password reset", () => {
  it("sets the password with ConfirmForgotPassword, then ends every session: GlobalSignOut and the member's revocation point", async () => {
    const now = new Date("2026-05-01T10:00:00Z");
    cognito.on(ConfirmForgotPasswordCommand).resolves({});
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: { AccessToken: accessToken("sub-reset") } });
    cognito.on(GlobalSignOutCommand).resolves({});
    const reset = createCognitoAccountFlows(
      { clientAddress: "203.0.113.20" },
      { region: "us-east-1", clientId: "client-1", client, db: database.db, now },
    );
    await reset.confirmForgotPassword({ email, code: "123456", password: "New-Pass-word-88" });
    expect(cognito.commandCalls(ConfirmForgotPasswordCommand)[0]!.args[0].input).toEqual({
      ClientId: "client-1",
      Username: email,
      ConfirmationCode: "123456",
      Password: "New-Pass-word-88",
    });
    expect(cognito.commandCalls(GlobalSignOutCommand)[0]!.args[0].input).toEqual({
      AccessToken: accessToken("sub-reset"),
    });
    // A session from before the reset is refused; one begun after it stands.
    expect(await isAfterSessionCutoff("sub-reset", new Date(now.getTime() - 1), { db: database.db })).toBe(false);
    expect(await isAfterSessionCutoff("sub-reset", now, { db: database.db })).toBe(true);
  });

  it("a wrong or expired code, or an unknown email, changes nothing and signs nobody out", async () => {
    cognito
      .on(ConfirmForgotPasswordCommand)
      .rejectsOnce(new CodeMismatchException({ message: "wrong", ...meta }))
      .rejectsOnce(new UserNotFoundException({ message: "not found", ...meta }))
      .rejectsOnce(new ExpiredCodeException({ message: "expired", ...meta }));
    const input = { email, code: "123456", password: "New-Pass-word-88" };
    await expect(flows().confirmForgotPassword(input)).rejects.toMatchObject({ message: messages.codeMismatch });
    await expect(flows().confirmForgotPassword(input)).rejects.toMatchObject({ message: messages.codeMismatch });
    await expect(flows().confirmForgotPassword(input)).rejects.toMatchObject({ message: messages.codeExpired });
    expect(cognito.commandCalls(GlobalSignOutCommand)).toHaveLength(0);
    expect(await database.db.select().from(identitySessionCutoffs)).toEqual([]);
  });

  it("the new password stands when the account answers with an MFA step instead of tokens", async () => {
    cognito.on(ConfirmForgotPasswordCommand).resolves({});
    cognito.on(InitiateAuthCommand).resolves({ ChallengeName: "SOFTWARE_TOKEN_MFA", Session: "s" });
    await flows().confirmForgotPassword({ email, code: "123456", password: "New-Pass-word-88" });
    expect(cognito.commandCalls(GlobalSignOutCommand)).toHaveLength(0);
  });
});
