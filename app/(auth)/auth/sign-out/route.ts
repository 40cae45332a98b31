import type { NextRequest } from "next/server";
import { refuseCrossSitePost, signOutResponse } from "@/lib/auth/sign-out";

/**
 * Log Out (the footer's, the account page's, and the page a GET of this URL shows: see proxy.ts):
 * a form post from the site's own pages signs this browser out (see signOutResponse). There is no
 * GET handler: a link or an image on any site could otherwise sign a member out.
 */
export async function POST(request: NextRequest) {
  return refuseCrossSitePost(request) ?? signOutResponse(request);
}
