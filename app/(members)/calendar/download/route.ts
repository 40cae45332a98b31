import { getConfig } from "@/lib/config";
import { getMember } from "@/lib/auth/member";
import { downloadCalendar } from "@/lib/calendar/store";

export const dynamic = "force-dynamic";

/** The one-off .ics download of the member's calendar as they see it (guarded like /calendar). */
export async function GET() {
  const member = await getMember();
  if (!member) return new Response("Sign in to download your calendar", { status: 401 });
  const file = await downloadCalendar(member.memberId, { host: new URL(getConfig().siteUrl).host });
  return new Response(file, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="happr-calendar.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
