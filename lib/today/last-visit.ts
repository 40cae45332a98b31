import { sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { memberSettings } from "../db/schema/settings";

/** Views of Today less than this apart are one visit: coming back from the calendar keeps "since your last visit". */
export const VISIT_GAP_MINUTES = 30;

/**
 * Records that the member opened Today at `now`, and answers the "since your last visit" marker: the
 * last view of their previous visit (null on their first visit). A view more than VISIT_GAP_MINUTES
 * after the one before starts a new visit, which moves the marker to that earlier view; a view within
 * the gap keeps it, so what the circle shared stays listed while the member moves between pages.
 * One statement (an upsert on the settings row), so two tabs opening Today at once cannot lose a view.
 */
export async function recordTodayVisit(memberId: string, now = new Date(), db?: Db): Promise<{ since: Date | null }> {
  const database = db ?? (await getDb());
  const [row] = await visitUpsert(database).execute({ memberId, at: now.toISOString() });
  return { since: row?.since ?? null };
}

/**
 * The marker says what Today lists as new, it is not a record to keep through a crash: committed
 * without waiting for the disk flush (synchronous_commit off, for this statement's transaction alone,
 * set by `set_config(..., true)` inside it: PostgreSQL reads the setting when it commits). Waiting
 * held the member's row locked through a flush, so views of Today at once (tabs, the bench's ten
 * connections) queued on it, each holding a pooled connection the page's reads then waited for.
 * A crash may lose the last moment's markers (PostgreSQL: up to three WAL writer delays), no more.
 * One prepared statement, one round trip: a transaction around it took four (begin, set, upsert, commit).
 */
const visitUpsert = preparedPerDatabase((db) => {
  const at = sql`${sql.placeholder("at")}::timestamptz`;
  const gap = sql`make_interval(mins => ${sql.raw(String(VISIT_GAP_MINUTES))})`;
  return db
    .insert(memberSettings)
    .values({
      memberId: sql.placeholder("memberId"),
      todaySeenAt: at,
      // Null (a first visit has no marker), written so that the flush is skipped before commit.
      todaySinceAt: sql`nullif(set_config('synchronous_commit', 'off', true), 'off')::timestamptz`,
    })
    .onConflictDoUpdate({
      target: memberSettings.memberId,
      set: {
        todaySinceAt: sql`case
          when ${memberSettings.todaySeenAt} is null then ${memberSettings.todaySinceAt}
          when ${memberSettings.todaySeenAt} < ${at} - ${gap} then ${memberSettings.todaySeenAt}
          else ${memberSettings.todaySinceAt} end`,
        todaySeenAt: sql`greatest(${memberSettings.todaySeenAt}, ${at})`,
      },
    })
    .returning({ since: memberSettings.todaySinceAt })
    .prepare("today_visit");
});
