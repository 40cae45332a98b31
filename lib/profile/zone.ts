import { eq } from "drizzle-orm";
import type { Db } from "../db/open";
import { memberProfiles } from "../db/schema/profile";
import { canonicalTimeZone } from "../calendar/time";

/**
 * A member's time zone (their profile's), UTC when unset or not an IANA zone. The one place the
 * features that work in the member's days (habits, the calendar, reminders) read it.
 */
export async function memberTimeZone(db: Db, memberId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: memberProfiles.timezone })
    .from(memberProfiles)
    .where(eq(memberProfiles.memberId, memberId));
  return (row?.timezone && canonicalTimeZone(row.timezone)) || "UTC";
}
