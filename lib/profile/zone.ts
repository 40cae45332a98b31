import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { memberProfiles } from "../db/schema/profile";
import { canonicalTimeZone } from "../calendar/time";

/** Asked on every habits and agenda request: prepared (lib/db/prepared.ts). */
const zoneRead = preparedPerDatabase((db) =>
  db
    .select({ timezone: memberProfiles.timezone })
    .from(memberProfiles)
    .where(eq(memberProfiles.memberId, sql.placeholder("memberId")))
    .prepare("member_time_zone"),
);

/**
 * A member's time zone (their profile's), UTC when unset or not an IANA zone. The one place the
 * features that work in the member's days (habits, the calendar, reminders) read it.
 */
export async function memberTimeZone(db: Db, memberId: string): Promise<string> {
  const [row] = await zoneRead(db).execute({ memberId });
  return (row?.timezone && canonicalTimeZone(row.timezone)) || "UTC";
}
