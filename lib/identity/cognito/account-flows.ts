import "server-only";
import { createHmac } from "node:crypto";
import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { decodeJwt } from "jose";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { Db } from "../../db/open";
import { logError, logInfo } from "../../log";
import type { AccountFlows, FlowCaller } from "../account-flows";
import { IdentityError } from "../errors";
import { messages } from "../../messages";
import { limitOutsider, noSoonerThan, RECOVERY_ANSWER_FLOOR_MS } from "../outsider-limits";
import { assertPasswordPolicy } from "../password";
import type { CodeDelivery } from "../port";
import { recordSessionCutoff } from "../session-cutoffs";
import { codeField, emailField, maskEmail, nameField, parseInput, passwordField, usernameField } from "../validation";

/**
 * The account flows over a Cognito user pool's public calls (SignUp, ConfirmSignUp,
 * ResendConfirmationCode, ForgotPassword, ConfirmForgotPassword), made with the AWS SDK: these need
 * no AWS credentials, only the app client (and its secret, as SECRET_HASH). The SDK honours
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER, which points tests at cognito-local.
 *
 * Inputs are checked, and the outsider limits counted, before the pool is asked; Cognito's answers
 * are mapped to the built-in provider's messages, and those that would tell whether an account
 * exists (UsernameExistsException, UserNotFoundException...) answer like a success.
 */
export type CognitoAccountFlowsOptions = {
  region: string;
  clientId: string;
  clientSecret?: string;
  /** Tests: a client pointed at cognito-local, or one aws-sdk-client-mock stands in for. */
  client?: CognitoIdentityProviderClient;
  db?: Db;
  now?: Date;
};

const clients = new Map<string, CognitoIdentityProviderClient>();

/** One SDK client per region and process (it keeps its connections). */
export function clientFor(region: string): CognitoIdentityProviderClient {
  let client = clients.get(region);
  if (!client) {
    client = new CognitoIdentityProviderClient({ region, maxAttempts: 2 });
    clients.set(region, client);
  }
  return client;
}

const signUpSchema = z.object({
  email: emailField,
  password: passwordField,
  givenName: nameField("First name"),
  familyName: nameField("Last name"),
});
const confirmSchema = z.object({ email: usernameField, code: codeField });
const emailOnlySchema = z.object({ email: usernameField });
const resetSchema = z.object({ email: usernameField, code: codeField, password: passwordField });

/** The name Cognito gives a failure (the SDK's exception name), or undefined for anything else. */
export function cognitoCode(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const { name, $fault } = error as { name?: unknown; $fault?: unknown };
  return typeof name === "string" && ($fault === "client" || $fault === "server") ? name : undefined;
}

const TOO_MANY = "Too many attempts. Please try again later.";

/**
 * What the forms show for a failure the caller did not handle: Cognito's throttles are the app's
 * "Too many attempts"; a password the pool refuses shows its policy message by the password; the rest
 * (the pool unreachable or misconfigured) is "Network Error", logged.
 */
export function mapped(error: unknown, action: string): IdentityError {
  const code = cognitoCode(error);
  if (
    code === "LimitExceededException" ||
    code === "TooManyRequestsException" ||
    code === "TooManyFailedAttemptsException"
  )
    return new IdentityError("LimitExceededException", TOO_MANY, { cause: error });
  if (code === "InvalidPasswordException")
    return new IdentityError("InvalidPasswordException", (error as Error).message, { cause: error, field: "password" });
  logError(`[identity] Cognito ${action} failed`, error);
  return new IdentityError("NetworkError", messages.networkError, { cause: error });
}

export function createCognitoAccountFlows(caller: FlowCaller, options: CognitoAccountFlowsOptions): AccountFlows {
  const client = options.client ?? clientFor(options.region);
  const { clientId } = options;
  const secretHash = (username: string) =>
    options.clientSecret
      ? {
          SecretHash: createHmac("sha256", options.clientSecret)
            .update(username + clientId)
            .digest("base64"),
        }
      : {};
  const limit = async (action: "sign-up" | "code-send" | "confirm", email: string) =>
    limitOutsider(options.db ?? (await getDb()), action, email, caller.clientAddress, options.now ?? new Date());
  const sentTo = (email: string): { codeDelivery: CodeDelivery } => ({
    codeDelivery: { deliveryMedium: "EMAIL", destination: maskEmail(email) },
  });

  /** Runs a call; `quiet` codes answer `fallback` instead (they would tell whether an account exists). */
  async function send<T>(action: string, run: () => Promise<T>, quiet: Record<string, () => T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const code = cognitoCode(error);
      const fallback = code ? quiet[code] : undefined;
      if (fallback) return fallback();
      if (error instanceof IdentityError) throw error;
      throw mapped(error, action);
    }
  }
  const codeRefused = () => {
    throw new IdentityError("CodeMismatchException", messages.codeMismatch);
  };
  const codeExpired = () => {
    throw new IdentityError("ExpiredCodeException", messages.codeExpired);
  };

  /**
   * A password reset ends every session, as on the built-in provider: ConfirmForgotPassword alone
   * leaves the refresh tokens issued before it working. Signing in with the new password gives an
   * access token to call GlobalSignOut with, and the member's `sub` for the app's revocation point.
   * An account with MFA on answers a challenge instead: its sessions then end when their tokens do.
   */
  async function endSessionsAfterReset(email: string, password: string) {
    try {
      const auth = await client.send(
        new InitiateAuthCommand({
          AuthFlow: "USER_PASSWORD_AUTH",
          ClientId: clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password, ...secretHashParameter(email) },
        }),
      );
      const accessToken = auth.AuthenticationResult?.AccessToken;
      if (!accessToken) {
        logInfo(`[identity] password reset: sessions end with their tokens (${auth.ChallengeName ?? "no tokens"})`);
        return;
      }
      await client.send(new GlobalSignOutCommand({ AccessToken: accessToken }));
      const { sub } = decodeJwt(accessToken);
      if (typeof sub === "string") await recordSessionCutoff(sub, { db: options.db, now: options.now });
    } catch (error) {
      // The new password is set: the member is told so; the sessions end with their tokens.
      logError("[identity] ending sessions after a password reset failed", error);
    }
  }
  const secretHashParameter = (username: string): Record<string, string> => {
    const hash = secretHash(username).SecretHash;
    return hash ? { SECRET_HASH: hash } : {};
  };

  return {
    provider: "cognito",

    async signUp(input) {
      const data = parseInput(signUpSchema, input);
      assertPasswordPolicy(data.password, [data.email, data.givenName, data.familyName]);
      await limit("sign-up", data.email);
      return send(
        "SignUp",
        async () => {
          const answer = await client.send(
            new SignUpCommand({
              ClientId: clientId,
              Username: data.email,
              Password: data.password,
              UserAttributes: [
                { Name: "email", Value: data.email },
                { Name: "given_name", Value: data.givenName },
                { Name: "family_name", Value: data.familyName },
              ],
              // For the pool's pre sign-up trigger, if it has one: the address the code goes to.
              ValidationData: [{ Name: "email", Value: data.email }],
              ...secretHash(data.email),
            }),
          );
          return {
            codeDelivery: {
              deliveryMedium: answer.CodeDeliveryDetails?.DeliveryMedium === "SMS" ? "SMS" : "EMAIL",
              destination: answer.CodeDeliveryDetails?.Destination ?? maskEmail(data.email),
            },
          };
        },
        // Taken: the same answer as a new account (the owner can still sign in or reset).
        { UsernameExistsException: () => sentTo(data.email), AliasExistsException: () => sentTo(data.email) },
      );
    },

    async confirmSignUp(input) {
      const data = parseInput(confirmSchema, input);
      await limit("confirm", data.email);
      await send(
        "ConfirmSignUp",
        () =>
          client.send(
            new ConfirmSignUpCommand({
              ClientId: clientId,
              Username: data.email,
              ConfirmationCode: data.code,
              ...secretHash(data.email),
            }),
          ),
        {
          // No such account, or one already confirmed: the one answer a wrong code gets.
          CodeMismatchException: codeRefused,
          UserNotFoundException: codeRefused,
          NotAuthorizedException: codeRefused,
          AliasExistsException: codeRefused,
          ExpiredCodeException: codeExpired,
        },
      );
      return { next: "hosted-sign-in" };
    },

    async resendConfirmationCode(input) {
      const data = parseInput(emailOnlySchema, input);
      return noSoonerThan(RECOVERY_ANSWER_FLOOR_MS, async () => {
        await limit("code-send", data.email);
        await send(
          "ResendConfirmationCode",
          () =>
            client.send(
              new ResendConfirmationCodeCommand({
                ClientId: clientId,
                Username: data.email,
                ...secretHash(data.email),
              }),
            ),
          // Unknown, or already confirmed: answered like a code sent.
          {
            UserNotFoundException: () => undefined,
            InvalidParameterException: () => undefined,
            NotAuthorizedException: () => undefined,
          },
        );
        return sentTo(data.email);
      });
    },

    async forgotPassword(input) {
      const data = parseInput(emailOnlySchema, input);
      return noSoonerThan(RECOVERY_ANSWER_FLOOR_MS, async () => {
        await limit("code-send", data.email);
        await send(
          "ForgotPassword",
          () =>
            client.send(
              new ForgotPasswordCommand({ ClientId: clientId, Username: data.email, ...secretHash(data.email) }),
            ),
          // Unknown, disabled, or without a verified email: answered like a code sent.
          {
            UserNotFoundException: () => undefined,
            InvalidParameterException: () => undefined,
            NotAuthorizedException: () => undefined,
          },
        );
        return sentTo(data.email);
      });
    },

    async confirmForgotPassword(input) {
      const data = parseInput(resetSchema, input);
      assertPasswordPolicy(data.password, [data.email]);
      // A reset code is guessed like a confirmation code: the same count.
      await limit("confirm", data.email);
      await send(
        "ConfirmForgotPassword",
        () =>
          client.send(
            new ConfirmForgotPasswordCommand({
              ClientId: clientId,
              Username: data.email,
              ConfirmationCode: data.code,
              Password: data.password,
              ...secretHash(data.email),
            }),
          ),
        {
          CodeMismatchException: codeRefused,
          UserNotFoundException: codeRefused,
          NotAuthorizedException: codeRefused,
          ExpiredCodeException: codeExpired,
        },
      );
      await endSessionsAfterReset(data.email, data.password);
    },
  };
}
