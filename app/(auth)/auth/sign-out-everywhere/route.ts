import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/config";
import { identityFor } from "@/lib/identity";
import { readSessionToken, refuseCrossSitePost, signOutResponse } from "@/lib/auth/sign-out";
import { logError } from "@/lib/log";

/**
 * "Sign out everywhere" from /my-account: every session of this member ends on its next request, and
 * this browser leaves with a real redirect (a full page load, so the header and footer forget the
 * session too). A plain form post, so it is checked for coming from the site's own pages.
 */
export async function POST(request: NextRequest) {
  const refused = refuseCrossSitePost(request);
  if (refused) return refused;
  const token = await readSessionToken(request.headers);
  if (!token?.sub)
    return NextResponse.redirect(new URL("/auth/sign-in?continue=/my-account", getConfig().siteUrl), 303);
  try {
    await identityFor({
      accountId: token.sub,
      email: token.email ?? "",
      accessToken: token.accessToken,
    }).signOutEverywhere();
  } catch (error) {
    logError("[account] sign out everywhere failed", error);
    // Nothing was signed out: say so rather than pretend (this browser stays signed in).
    return new NextResponse("We couldn't sign you out everywhere just now. Go back and try again.", {
      status: 502,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  return signOutResponse(request, token);
}
