import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/config";
import { invitationCookie } from "@/lib/invitations/invitation-cookie";

/**
 * The link in an invitation message: the token goes into this browser's invitation cookie (a link
 * that carries none makes it forget any earlier one) and the browser on to /invitation, which shows
 * it. Opening it joins nothing: only the page's Join does.
 */
export function GET(request: NextRequest) {
  const token = request.nextUrl.searchParams.get("invitation")?.trim();
  const response = NextResponse.redirect(new URL("/invitation", getConfig().siteUrl), 303);
  // A token is base64url; anything else is not one, and /invitation then says it is not found.
  response.cookies.set(invitationCookie(token && /^[\w-]{1,512}$/.test(token) ? token : undefined));
  return response;
}
