import { draftMode } from "next/headers";
import { redirect } from "next/navigation";
import { getConfig } from "@/lib/config";
import { checkEnableRequest } from "@/lib/content/draft-mode";

export const dynamic = "force-dynamic";

/** An editor's preview link: turns on draft mode (secret-checked) and opens the page, never another site. */
export async function GET(request: Request): Promise<Response> {
  const decision = checkEnableRequest(new URL(request.url), getConfig().previewSecret);
  if (!decision.ok) {
    return new Response(decision.message, { status: decision.status, headers: { "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" } });
  }
  (await draftMode()).enable();
  // The secret is in this URL only: the redirect drops it before any page (or its Referer) sees it.
  redirect(decision.redirectTo);
}
