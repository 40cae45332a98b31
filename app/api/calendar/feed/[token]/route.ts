import { getConfig } from "@/lib/config";
import { readFeed } from "@/lib/calendar/store";

export const dynamic = "force-dynamic";

const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/**
 * A member's private calendar feed (lib/calendar/store/feeds.ts): the link is the credential, so an
 * unknown, rotated or revoked token answers 404 like any missing page.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const file = await readFeed(token.replace(/\.ics$/, ""), { host: new URL(getConfig().siteUrl).host });
  if (file === null) return new Response("Not found", { status: 404, headers: PRIVATE });
  return new Response(file, {
    headers: { ...PRIVATE, "Content-Type": "text/calendar; charset=utf-8" },
  });
}
