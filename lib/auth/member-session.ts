import "server-only";
import { headers } from "next/headers";
import { auth } from "@/auth";
import { readSessionToken } from "./sign-out";

/**
 * The signed-in member of this request, as the account pages act for them: the member id, email and
 * name from the session, and (Cognito) the access token the user-pool calls are authorised with.
 */
export type CurrentMember = { memberId: string; email: string; name: string | null; accessToken?: string };

export async function currentMember(): Promise<CurrentMember | null> {
  const session = await auth();
  if (!session?.user?.id) return null;
  const token = await readSessionToken(await headers());
  return { memberId: session.user.id, email: session.user.email ?? "", name: session.user.name || null, accessToken: token?.accessToken };
}

/** The security-centre caller for a member. */
export const securityCallerOf = (member: CurrentMember) => ({ accountId: member.memberId, email: member.email, accessToken: member.accessToken });
