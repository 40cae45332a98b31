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
import { zipDownload } from "@/lib/member-data/zip";
import { askableDownloads, askedFeatureDownloads } from "@/lib/features";

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
  // Discreet mode: a feature's asked-for sections (Happr Cam's moments and photos) only when ticked.
  const asked = form.getAll("include").filter((name): name is string => askableDownloads.includes(String(name)));
  let data: unknown;
  let files: Awaited<ReturnType<typeof askedFeatureDownloads>>["files"] = [];
  try {
    const changes = await accountChangesOf(member);
    data = await changes.exportData(formText(form, CURRENT_PASSWORD_FIELD), async (security) => {
      const extra = await askedFeatureDownloads(member.memberId, asked);
      files = extra.files;
      return exportMemberData(member, { security, asked: extra.sections });
    });
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
  if (files.length > 0)
    return new NextResponse(zipDownload(JSON.stringify(data, null, 2), files), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="happr-data-${day}.zip"`,
        "cache-control": "no-store",
      },
    });
  return new NextResponse(JSON.stringify(data, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="happr-data-${day}.json"`,
      "cache-control": "no-store",
    },
  });
}
