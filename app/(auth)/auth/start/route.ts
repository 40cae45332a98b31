import type { NextRequest } from "next/server";
import { signIn } from "@/auth";
import { safeContinuePath } from "@/lib/auth/continue";
import { activeProviderId } from "@/lib/secrets";

/** Starts a sign-in at the identity provider (code + PKCE + state + nonce), back to `continue` after. */
export async function GET(request: NextRequest) {
  const redirectTo = safeContinuePath(request.nextUrl.searchParams.get("continue"));
  await signIn(activeProviderId(), { redirectTo });
}
