import "server-only";
import type { Member } from "../auth/member";
import { accountSecurityFor, securityCentreFor } from "../identity";
import { createAccountChanges, type AccountChanges } from "../identity/account-changes";

/** The identity ports for a member, on the configured identity provider (built-in: their account id; Cognito: their access token). */
const callerOf = (member: Member) => ({ accountId: member.memberId, email: member.email, accessToken: member.accessToken });

export const securityCentreOf = (member: Member) => securityCentreFor(callerOf(member));

export const accountSecurityOf = (member: Member) => accountSecurityFor(callerOf(member));

/** The guarded account changes (password or recent sign-in, then a notice) for a member. */
export async function accountChangesOf(member: Member): Promise<AccountChanges> {
  return createAccountChanges(member, { centre: await securityCentreOf(member), authenticator: accountSecurityOf(member) });
}
