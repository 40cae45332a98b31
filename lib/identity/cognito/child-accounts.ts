import "server-only";
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { logError } from "../../log";
import type { ChildAccounts, ChildCredential } from "../child-accounts";
import { IdentityError } from "../errors";
import { recordSessionCutoff } from "../session-cutoffs";
import { clientFor, cognitoCode, mapped } from "./account-flows";

/**
 * Child accounts in a Cognito user pool, through its admin calls (AdminCreateUser,
 * AdminSetUserPassword, AdminUserGlobalSignOut, AdminDeleteUser). Unlike the member's own calls these
 * need AWS credentials (the SDK finds them: environment, profile or role) allowed those four actions on
 * the pool, and a pool whose users sign in with a user name (not "email as username"): the child's
 * sign-in name is the Cognito username. Nothing is emailed (MessageAction SUPPRESS): the guardian
 * hands the sign-in name and the password or one-time code over. A one-time code is Cognito's
 * temporary password: the hosted sign-in asks the child to choose a password with it (NEW_PASSWORD_REQUIRED),
 * within the pool's TemporaryPasswordValidityDays.
 */
export type CognitoChildAccountsOptions = {
  region: string;
  userPoolId: string;
  /** Tests: a client pointed at cognito-local, or one aws-sdk-client-mock stands in for. */
  client?: CognitoIdentityProviderClient;
};

/** What the guardian's form shows for the pool's own refusals; anything else is mapped as in the account flows. */
function refused(error: unknown, action: string): IdentityError {
  const code = cognitoCode(error);
  if (code === "UsernameExistsException")
    return new IdentityError("UsernameExistsException", "This sign-in name is taken", { cause: error });
  if (code === "InvalidPasswordException")
    return new IdentityError("InvalidPasswordException", (error as Error).message, {
      cause: error,
      field: "password",
      namesField: true,
    });
  if (code === "UserNotFoundException")
    return new IdentityError("UserNotFoundException", "User does not exist.", { cause: error });
  return mapped(error, action);
}

export function createCognitoChildAccounts(options: CognitoChildAccountsOptions): ChildAccounts {
  const client = options.client ?? clientFor(options.region);
  const UserPoolId = options.userPoolId;
  const send = async <T>(action: string, run: () => Promise<T>) => {
    try {
      return await run();
    } catch (error) {
      throw refused(error, action);
    }
  };
  const setPassword = (Username: string, credential: ChildCredential) =>
    send("AdminSetUserPassword", () =>
      client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId,
          Username,
          ...("temporaryPassword" in credential
            ? { Password: credential.temporaryPassword, Permanent: false }
            : { Password: credential.password, Permanent: true }),
        }),
      ),
    );
  const deleteUser = async (Username: string) => {
    try {
      await client.send(new AdminDeleteUserCommand({ UserPoolId, Username }));
    } catch (error) {
      if (cognitoCode(error) !== "UserNotFoundException") throw refused(error, "AdminDeleteUser");
    }
  };

  return {
    provider: "cognito",
    accountsInDatabase: false,

    async create(_db, { signInName, givenName, credential }) {
      const created = await send("AdminCreateUser", () =>
        client.send(
          new AdminCreateUserCommand({
            UserPoolId,
            Username: signInName,
            // The one-time code; with a first password, the pool's own throwaway one until it is set just below.
            ...("temporaryPassword" in credential ? { TemporaryPassword: credential.temporaryPassword } : {}),
            MessageAction: "SUPPRESS",
            UserAttributes: [{ Name: "given_name", Value: givenName }],
          }),
        ),
      );
      const accountId = created.User?.Attributes?.find((attribute) => attribute.Name === "sub")?.Value;
      if (!accountId) {
        await deleteUser(signInName);
        throw new IdentityError("NetworkError", "The user pool answered without the new user's id");
      }
      if ("password" in credential) {
        try {
          await setPassword(signInName, credential);
        } catch (error) {
          await deleteUser(signInName);
          throw error;
        }
      }
      return { accountId };
    },

    async undoCreate({ signInName }) {
      await deleteUser(signInName);
    },

    async setCredential(db, { accountId, signInName }, credential, now) {
      await setPassword(signInName, credential);
      // The app's own sessions of the child end on their next request, on every instance.
      await recordSessionCutoff(accountId, { db, now });
      try {
        // Revokes the refresh tokens; the access tokens out there stay valid until they expire.
        await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: signInName }));
      } catch (error) {
        logError("[identity] ending a child's Cognito sessions failed; they end with their tokens", error);
      }
    },

    async remove(_db, { signInName }) {
      await deleteUser(signInName);
    },
  };
}
