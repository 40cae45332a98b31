import "server-only";
import { unstable_cache } from "next/cache";
import { dateTimeFormat } from "../format/intl";
import { moderationReportMonths, monthlyModerationCounts, type MonthlyModerationReport } from "./moderation";

/**
 * The public monthly moderation report's data (/moderation-report, issue 42 point 8): the counts of
 * `monthlyModerationCounts`, read from the tables at most once every REPORT_REVALIDATE_SECONDS per
 * month and instance (Next's data cache; shared through Redis when REDIS_URL is set). No session is
 * needed and nothing on it names a member, a Lounge name or a post.
 */
export const REPORT_REVALIDATE_SECONDS = 600;

const cachedMonths = unstable_cache(() => moderationReportMonths(), ["lounge-moderation-report-months"], {
  revalidate: REPORT_REVALIDATE_SECONDS,
});
const cachedCounts = unstable_cache(
  (month: string) => monthlyModerationCounts(month),
  ["lounge-moderation-report-counts"],
  { revalidate: REPORT_REVALIDATE_SECONDS },
);

export type ModerationReportPage = {
  month: string;
  /** "March 2026". */
  monthName: string;
  /** The month in progress: its counts are so far. */
  current: boolean;
  /** Every month the report covers, newest first: the pages to link. */
  months: { month: string; monthName: string }[];
  counts: MonthlyModerationReport;
};

/** "2026-03" -> "March 2026". */
export const monthName = (month: string) =>
  dateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * A month's report (the current month when none is given), or null for a month the report does not
 * cover (before the Lounge's first post, in the future, or not a month at all): the page is a 404.
 */
export async function loadModerationReport(month?: string): Promise<ModerationReportPage | null> {
  const months = await cachedMonths();
  const chosen = month ?? months[0]!;
  if (!months.includes(chosen)) return null;
  return {
    month: chosen,
    monthName: monthName(chosen),
    current: chosen === months[0],
    months: months.map((entry) => ({ month: entry, monthName: monthName(entry) })),
    counts: await cachedCounts(chosen),
  };
}
