import "server-only";
import type { Member } from "../auth/member";
import { identityFor, type IdentityPort } from "../identity";
import { createAccountChanges, type AccountChanges } from "../identity/account-changes";

/** The identity port for a member, on the configured provider (built-in: their account id; Cognito: their access token). */
export const identityOf = (member: Member): IdentityPort =>
  identityFor({ accountId: member.memberId, email: member.email, accessToken: member.accessToken });

/** The guarded account changes (password or recent sign-in, then a notice) for a member. */
export function accountChangesOf(member: Member): AccountChanges {
  return createAccountChanges(member, { identity: identityOf(member) });
}
