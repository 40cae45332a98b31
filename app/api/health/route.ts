import { isDatabaseReady } from "@/lib/db/health";

export const dynamic = "force-dynamic";

/** Readiness: 200 once the database is open and migrated. */
export async function GET() {
  const ready = await isDatabaseReady();
  return Response.json({ status: ready ? "ok" : "unavailable" }, { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
