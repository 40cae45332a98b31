import { draftMode } from "next/headers";
import { redirect } from "next/navigation";
import { sameSitePath } from "@/lib/content/draft-mode";

export const dynamic = "force-dynamic";

/** "Exit preview": back to the published page the editor was on (a same-site path only). */
export async function GET(request: Request): Promise<Response> {
  (await draftMode()).disable();
  redirect(sameSitePath(new URL(request.url).searchParams.get("redirect")));
}
