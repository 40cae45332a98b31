import { resolveCaller } from "@/lib/auth/caller";
import { isSameOriginPost } from "@/lib/auth/same-origin";
import { getConfig } from "@/lib/config";
import { isDomainError } from "@/lib/errors";
import { logError } from "@/lib/log";
import { messages } from "@/lib/messages";

/** JSON errors as the API writes them: `{ statusCode, message }`, never cached. */
export const jsonAnswer = (status: number, body: object, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "cache-control": "private, no-store", ...headers } });

export const errorAnswer = (status: number, message: string, headers: Record<string, string> = {}) =>
  jsonAnswer(status, { statusCode: status, message }, headers);

/**
 * The member behind an image or upload request, as /graphql finds them (lib/auth/caller.ts): a bearer
 * token (the apps) or the session cookie (the site). A guest and a credential that does not verify
 * answer 401; a cookie request that changes something must come from the site's own pages.
 */
export async function requestMember(
  request: Request,
  options: { changes: boolean },
): Promise<{ memberId: string } | { refusal: Response }> {
  const caller = await resolveCaller(request);
  if (caller.kind === "unavailable")
    return {
      refusal: errorAnswer(503, messages.networkError, { "retry-after": String(caller.retryAfterSeconds) }),
    };
  if (caller.kind !== "member") return { refusal: errorAnswer(401, messages.notAuthenticated) };
  const byCookie = !request.headers.get("authorization");
  if (options.changes && byCookie && !isSameOriginPost(request.headers, getConfig().siteUrl))
    return { refusal: errorAnswer(403, "This request must come from the Happr website.") };
  return { memberId: caller.memberId };
}

/** A DomainError as its status and message; anything else is logged and answered 500. */
export function failureAnswer(error: unknown, what: string): Response {
  if (isDomainError(error) && error.shown) return errorAnswer(error.status, error.message);
  logError(`[uploads] ${what} failed`, error);
  return errorAnswer(500, messages.networkError);
}
