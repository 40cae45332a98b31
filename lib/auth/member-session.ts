import "server-only";
import { headers } from "next/headers";
import { auth } from "@/auth";
import { identityFor } from "../identity";
import { createAccountChanges, type AccountChanges } from "../identity/account-changes";
import { readSessionToken } from "./sign-out";

/**
 * The signed-in member of this request, as the account pages act for them: the member id, email and
 * name from the session, (Cognito) the access token the user-pool calls are authorised with, and when
 * they last signed in at the identity provider (account changes skip the password shortly after).
 */
export type CurrentMember = { memberId: string; email: string; name: string | null; accessToken?: string; authenticatedAtMs?: number };

export async function currentMember(): Promise<CurrentMember | null> {
  const session = await auth();
  if (!session?.user?.id) return null;
  const token = await readSessionToken(await headers());
  return {
    memberId: session.user.id,
    email: session.user.email ?? "",
    name: session.user.name || null,
    accessToken: token?.accessToken,
    authenticatedAtMs: token?.authenticatedAtMs,
  };
}

/** The security-centre caller for a member. */
export const securityCallerOf = (member: CurrentMember) => ({ accountId: member.memberId, email: member.email, accessToken: member.accessToken });

/** The guarded account changes (password or recent sign-in, then a notice) for a member, on the configured identity provider. */
export async function accountChangesOf(member: CurrentMember): Promise<AccountChanges> {
  const caller = securityCallerOf(member);
  return createAccountChanges(member, { identity: identityFor(caller) });
}
