import type { Metadata } from "next";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { loadModerationReport, monthName } from "@/lib/lounge/report";
import { pageMetadata } from "@/lib/seo";
import { ModerationReport, REPORT_INTRO, REPORT_PATH } from "@/components/lounge/moderation-report";

type Params = Promise<{ month: string }>;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { month } = await params;
  if (!MONTH.test(month)) return {};
  return pageMetadata({
    seo: { title: `Lounge moderation report, ${monthName(month)}`, description: REPORT_INTRO },
    path: `${REPORT_PATH}/${month}`,
  });
}

/** One month of the public moderation report; a month it does not cover is a 404. */
export default async function ModerationReportMonthPage({ params }: { params: Params }) {
  await connection();
  const { month } = await params;
  const report = MONTH.test(month) ? await loadModerationReport(month) : null;
  if (!report) notFound();
  return <ModerationReport report={report} />;
}
