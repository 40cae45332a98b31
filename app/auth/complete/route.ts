import { redirect } from "next/navigation";
import type { NextRequest } from "next/server";
import { clearAuthCookie, pendingSignIn } from "@/lib/auth/browser";
import { completeInteraction } from "@/lib/auth/issuer";

/** Attaches this browser's pending sign-in (see lib/auth/browser.ts finishSignIn) to the issuer's interaction. */
export async function GET(request: NextRequest) {
  const uid = request.nextUrl.searchParams.get("interaction");
  const accountId = await pendingSignIn();
  await clearAuthCookie("pending");
  const returnTo = uid && accountId ? await completeInteraction(uid, accountId) : undefined;
  redirect(returnTo ?? "/auth/sign-in");
}
