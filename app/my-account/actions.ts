"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/auth";
import { accountSecurityFor } from "@/lib/identity";
import { ISSUER_SESSION_COOKIE } from "@/lib/auth/issuer";
import { afterSignOutUrl, clearSessionCookies, endProviderSession, readSessionToken } from "@/lib/auth/sign-out";

/** "Sign out everywhere": every session of this member ends on its next request, this one at once. */
export async function signOutEverywhereAction(): Promise<void> {
  const session = await auth();
  if (!session?.user?.id) redirect("/auth/sign-in?continue=/my-account");
  const token = await readSessionToken(await headers());
  await accountSecurityFor({ accountId: session.user.id, email: session.user.email ?? "", accessToken: token?.accessToken }).signOutEverywhere();
  const store = await cookies();
  await endProviderSession({ issuerSessionId: store.get(ISSUER_SESSION_COOKIE)?.value, token });
  clearSessionCookies(store, store, ISSUER_SESSION_COOKIE);
  redirect(afterSignOutUrl());
}
