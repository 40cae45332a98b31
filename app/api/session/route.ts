import { getSessionState } from "@/lib/auth/session-state";

// Read by the header and footer from the browser, so public pages stay static.
export const dynamic = "force-dynamic";

export async function GET() {
  const state = await getSessionState();
  return Response.json(state, { headers: { "Cache-Control": "private, no-store" } });
}
