import { redirect } from "next/navigation";
import type { NextRequest } from "next/server";

/**
 * Where the built-in issuer sends a browser to sign in (lib/identity/builtin/issuer/provider.ts). Its signed
 * interaction cookie takes this URL's path, "/auth", so every sign-in page can read it; the
 * sign-in form itself lives at /auth/sign-in.
 */
export function GET(request: NextRequest) {
  const interaction = request.nextUrl.searchParams.get("interaction");
  redirect(
    interaction && /^[\w-]{1,128}$/.test(interaction) ? `/auth/sign-in?interaction=${interaction}` : "/auth/sign-in",
  );
}
