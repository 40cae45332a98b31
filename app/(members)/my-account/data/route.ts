import { NextResponse, type NextRequest } from "next/server";
import { formError, formText, type FormState } from "@/lib/forms";
import { accountChangesOf } from "@/lib/account/member-identity";
import { getMember } from "@/lib/auth/member";
import { isSameOriginPost } from "@/lib/auth/same-origin";
import { getConfig } from "@/lib/config";
import { isIdentityError } from "@/lib/identity";
import { messages } from "@/lib/messages";
import { CURRENT_PASSWORD_FIELD } from "@/lib/identity/reauthentication";
import { logError } from "@/lib/log";
import { exportMemberData } from "@/lib/member-data";

const answer = (status: number, state: FormState, headers: Record<string, string> = {}) =>
  NextResponse.json(state, { status, headers: { "cache-control": "no-store", ...headers } });

/**
 * The member's own data as a JSON download (profile, subscription history, transactions, circle): a
 * POST from the account page with the current password (or within minutes of signing in), never a
 * link a session alone can follow. Failures answer the form's state as JSON.
 */
export async function POST(request: NextRequest) {
  if (!isSameOriginPost(request.headers, getConfig().siteUrl))
    return answer(403, formError("This form must be sent from the Happr website."));
  const member = await getMember();
  if (!member) return answer(401, formError(messages.notAuthenticated));
  const form = await request.formData().catch(() => new FormData());
  let data: unknown;
  try {
    const changes = await accountChangesOf(member);
    data = await changes.exportData(formText(form, CURRENT_PASSWORD_FIELD), (security) =>
      exportMemberData(member, { security }),
    );
  } catch (error) {
    if (!isIdentityError(error)) {
      logError("[account] data download failed", error);
      return answer(502, formError(messages.networkError));
    }
    const retry: Record<string, string> = error.retryAfterSeconds
      ? { "retry-after": String(error.retryAfterSeconds) }
      : {};
    return answer(error.status, formError(error.message, error.field), retry);
  }
  const day = new Date().toISOString().slice(0, 10);
  return new NextResponse(JSON.stringify(data, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="happr-data-${day}.json"`,
      "cache-control": "no-store",
    },
  });
}
