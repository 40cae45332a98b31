import { draftMode } from "next/headers";
import { getConfig } from "@/lib/config";
import { checkEnableRequest, previewSecretForm, sameSitePath } from "@/lib/content/draft-mode";
import { payloadTooLarge, readLimitedBody } from "@/lib/request/limited-body";

export const dynamic = "force-dynamic";

const FORM_MAX_BYTES = 4096;
const noStore = { "cache-control": "no-store" };

/**
 * Turns on draft mode for an editor, secret-checked, then opens the page (never another site).
 * GET with `secret`: a preview link. GET without it (the Studio's "Open preview"): the form to type it.
 * POST: that form.
 */
async function enable(params: URLSearchParams): Promise<Response> {
  const decision = checkEnableRequest(params, getConfig().previewSecret);
  if (!decision.ok) {
    if (decision.status === 401) return form(params.get("redirect"), true);
    return new Response(decision.message, {
      status: decision.status,
      headers: { ...noStore, "content-type": "text/plain; charset=utf-8" },
    });
  }
  (await draftMode()).enable();
  // The secret is in this request only: the redirect drops it before any page (or its Referer) sees it.
  // 303, so the form's POST becomes a GET of the page; a relative Location stays on this site.
  return new Response(null, {
    status: 303,
    headers: { ...noStore, location: decision.redirectTo, "referrer-policy": "no-referrer" },
  });
}

function form(redirectTo: string | null, refused: boolean): Response {
  return new Response(previewSecretForm(redirectTo ?? "/", refused), {
    status: refused ? 401 : 200,
    headers: { ...noStore, "content-type": "text/html; charset=utf-8", "referrer-policy": "no-referrer" },
  });
}

export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  if (!params.has("secret")) {
    // Previews off: the Studio's "Open preview" shows the published page, as it would without drafts.
    if (!getConfig().previewSecret)
      return new Response(null, {
        status: 303,
        headers: { ...noStore, location: sameSitePath(params.get("redirect")) },
      });
    return form(params.get("redirect"), false);
  }
  return enable(params);
}

export async function POST(request: Request): Promise<Response> {
  const body = await readLimitedBody(request, FORM_MAX_BYTES);
  if (!body.ok) return payloadTooLarge(FORM_MAX_BYTES);
  return enable(new URLSearchParams(body.bytes.toString("utf8")));
}
