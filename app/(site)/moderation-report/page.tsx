import type { Metadata } from "next";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { loadModerationReport } from "@/lib/lounge/report";
import { pageMetadata } from "@/lib/seo";
import { ModerationReport, REPORT_INTRO, REPORT_PATH } from "@/components/lounge/moderation-report";

export async function generateMetadata(): Promise<Metadata> {
  return pageMetadata({ seo: { title: "Lounge moderation report", description: REPORT_INTRO }, path: REPORT_PATH });
}

/**
 * The public moderation report, this month so far (issue 42 point 8). Rendered per request, never at
 * build time (the build has no database); the counts come from a data cache of a few minutes
 * (lib/lounge/report.ts), so a busy page reads the tables rarely.
 */
export default async function ModerationReportPage() {
  await connection();
  const report = await loadModerationReport();
  if (!report) notFound();
  return <ModerationReport report={report} />;
}
