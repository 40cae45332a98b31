import { draftMode } from "next/headers";
import { redirect } from "next/navigation";
import { sameSitePath } from "@/lib/content/draft-mode";

export const dynamic = "force-dynamic";

/**
 * "Exit preview": back to the published page the editor was on: `redirect` when given, else the
 * path of the page the link was on (Referer). Only a path on this site is ever followed.
 */
export async function GET(request: Request): Promise<Response> {
  (await draftMode()).disable();
  redirect(sameSitePath(new URL(request.url).searchParams.get("redirect") ?? refererPath(request)));
}

function refererPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer || !URL.canParse(referer)) return null;
  const { pathname, search } = new URL(referer);
  return pathname + search;
}
