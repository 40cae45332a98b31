import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Session } from "next-auth";
import { cache } from "react";
import { DomainError } from "../errors";
import { messages } from "../messages";
import { currentSessionToken } from "./config";
import { signInPath } from "./continue";
import { readSessionToken } from "./sign-out";

/**
 * The signed-in member, the one shape every part of the app acts for: the account id, email and name
 * from the session; on the site's own session also (Cognito) the access token the user-pool calls are
 * authorised with and when they last signed in at the identity provider (account changes skip the
 * password shortly after).
 */
export type Member = {
  memberId: string;
  email: string;
  name: string | null;
  accessToken?: string;
  authenticatedAtMs?: number;
};

/** An action or route called without a signed-in member: a 401 saying so. */
export class MemberRequiredError extends DomainError<"NotAuthenticated", 401> {
  constructor() {
    super("NotAuthenticated", 401, messages.notAuthenticated);
    this.name = "MemberRequiredError";
  }
}

/** The member of an Auth.js session (already checked against revocation and refreshed by the jwt callback). */
export function memberOfSession(session: Session | null): Member | null {
  const user = session?.user;
  if (!user?.id || !user.email) return null;
  return { memberId: user.id, email: user.email, name: user.name || null };
}

/**
 * Who is signed in on this request, or null for a visitor (once per request). The cookie is decrypted
 * once, then checked by the same rules as auth()'s jwt callback (revocation, refresh): auth() would
 * decrypt it a second time, and the access token and sign-in time need the decoded cookie anyway.
 */
export const getMember = cache(async (): Promise<Member | null> => {
  const decoded = await readSessionToken(await headers());
  const token = decoded && (await currentSessionToken(decoded));
  if (!token?.sub || !token.email) return null;
  return {
    memberId: token.sub,
    email: token.email,
    name: token.name || null,
    accessToken: token.accessToken,
    authenticatedAtMs: token.authenticatedAtMs,
  };
});

/**
 * The signed-in member. A page passes its own path: a visitor goes to sign-in and comes back there.
 * An action or route passes nothing: a visitor gets a MemberRequiredError (401).
 */
export async function requireMember(continuePath?: string): Promise<Member> {
  const member = await getMember();
  if (member) return member;
  if (continuePath !== undefined) redirect(signInPath(continuePath));
  throw new MemberRequiredError();
}
