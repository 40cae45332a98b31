import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { memberProfiles } from "../db/schema/profile";
import { canonicalTimeZone } from "../time";

/** Asked on every habits and agenda request: prepared (lib/db/prepared.ts). */
const zoneRead = preparedPerDatabase((db) =>
  db
    .select({ timezone: memberProfiles.timezone })
    .from(memberProfiles)
    .where(eq(memberProfiles.memberId, sql.placeholder("memberId")))
    .prepare("member_time_zone"),
);

/** The zone a profile's stored value names: UTC when unset or not an IANA zone. */
export const zoneFrom = (stored: string | null | undefined): string => (stored && canonicalTimeZone(stored)) || "UTC";

/**
 * A member's time zone (their profile's), UTC when unset or not an IANA zone. The one place the
 * features that work in the member's days (habits, the calendar, reminders) read it; a query that
 * needs it beside other rows selects `storedZoneOf(member)` and passes the value to `zoneFrom`.
 */
export async function memberTimeZone(db: Db, memberId: string): Promise<string> {
  const [row] = await zoneRead(db).execute({ memberId });
  return zoneFrom(row?.timezone);
}

/** The member's stored zone as an SQL scalar subquery (read with `zoneFrom`). */
export const storedZoneOf = (memberId: unknown) =>
  sql<
    string | null
  >`(select ${memberProfiles.timezone} from ${memberProfiles} where ${memberProfiles.memberId} = ${memberId})`;
