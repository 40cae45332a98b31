import "server-only";
import { headers } from "next/headers";
import { auth } from "@/auth";
import { identityFor, type IdentityPort } from "../identity";
import { readSessionToken } from "./sign-out";

/**
 * The identity port for the member making this request (built-in issuer: their account id;
 * Cognito: their access token from the session cookie), or null for a visitor who is not signed in.
 */
export async function currentMemberSecurity(): Promise<IdentityPort | null> {
  const session = await auth();
  if (!session?.user?.id) return null;
  const token = await readSessionToken(await headers());
  return identityFor({ accountId: session.user.id, email: session.user.email ?? "", accessToken: token?.accessToken });
}
