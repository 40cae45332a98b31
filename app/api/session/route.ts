import { getMember } from "@/lib/auth/member";

// Read by the header and footer from the browser, so public pages stay static.
export const dynamic = "force-dynamic";

/** What the browser may know about its own session: enough for the header and footer. */
export async function GET() {
  const member = await getMember();
  const state = member
    ? { isAuthenticated: true, user: { name: member.name ?? "", email: member.email } }
    : { isAuthenticated: false, user: null };
  return Response.json(state, { headers: { "Cache-Control": "private, no-store" } });
}
