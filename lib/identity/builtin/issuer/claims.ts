import type { IdentityContext } from "../context";
import { resolveContext } from "../context";
import { findAccountById } from "../accounts";

/**
 * The OpenID Connect claims of an account, for the built-in issuer's `findAccount` (ID token and
 * userinfo). Only usable accounts have claims: a disabled or unconfirmed one is "not found".
 */
export type AccountClaims = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  name: string;
  phone_number?: string;
  phone_number_verified?: boolean;
  updated_at: number;
};

export async function findAccountClaims(
  accountId: string,
  context?: IdentityContext,
): Promise<AccountClaims | undefined> {
  const { db } = await resolveContext(context);
  const account = await findAccountById(db, accountId);
  if (!account || account.status !== "CONFIRMED") return undefined;
  return {
    sub: account.id,
    email: account.email,
    email_verified: account.emailVerified,
    given_name: account.givenName,
    family_name: account.familyName,
    // A child's account has no family name: no trailing space.
    name: [account.givenName, account.familyName].filter(Boolean).join(" "),
    ...(account.phoneNumber
      ? { phone_number: account.phoneNumber, phone_number_verified: account.phoneNumberVerified }
      : {}),
    updated_at: Math.floor(account.updatedAt.getTime() / 1000),
  };
}
