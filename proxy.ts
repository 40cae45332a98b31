import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { auth } from "@/auth";

/**
 * Members-only pages: a signed-out visitor goes to sign-in, and comes back afterwards. The matcher
 * names only these paths, so every public page stays static.
 */
const guard = auth((request) => {
  if (request.auth) return NextResponse.next();
  const signIn = new URL("/auth/sign-in", request.nextUrl.origin);
  signIn.searchParams.set("continue", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(signIn);
});

export async function proxy(request: NextRequest, event: NextFetchEvent) {
  // With a lazily built Auth.js configuration, the wrapped handler arrives as a promise.
  const handler = await guard;
  return handler(request, event as never);
}

export const config = {
  matcher: ["/my-account", "/my-account/:path*", "/pricing", "/pricing/:path*", "/manage-subscription", "/manage-subscription/:path*"],
};
