import { redirect } from "next/navigation";
import type { NextRequest } from "next/server";
import { clearAuthCookie, pendingSignIn } from "@/lib/auth/browser";
import { completeInteraction } from "@/lib/identity/builtin/issuer";

/**
 * Attaches this browser's pending sign-in (see lib/auth/browser.ts finishSignIn) to the interaction
 * this browser started: the issuer's cookie names it; the `interaction` parameter must agree.
 */
export async function GET(request: NextRequest) {
  const expected = request.nextUrl.searchParams.get("interaction") ?? undefined;
  const accountId = await pendingSignIn();
  await clearAuthCookie("pending");
  const completion = accountId
    ? await completeInteraction(request.headers.get("cookie"), accountId, expected)
    : undefined;
  redirect(completion && "returnTo" in completion ? completion.returnTo : "/auth/sign-in");
}
