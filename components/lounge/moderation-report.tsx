import Link from "next/link";
import type { ModerationReportPage } from "@/lib/lounge/report";
import { PageIntro } from "@/components/site/page-intro";
import { ModerationCounts } from "./moderation-counts";

export const REPORT_PATH = "/moderation-report";
export const REPORT_INTRO =
  "What the Happr Lounge's moderators did each month, counted from the Lounge's own records: posts the automatic checks held for a person, reports from members, the decisions people made and the appeals against them. Numbers only: no member, Lounge name or post appears here.";

/** The public moderation report for one month, with links to the others (app/(site)/moderation-report). */
export function ModerationReport({ report }: { report: ModerationReportPage }) {
  return (
    <article>
      <PageIntro heading="Lounge moderation report" intro={REPORT_INTRO} />
      <div className="mx-auto grid max-w-3xl gap-10 px-4 pb-16">
        <section aria-labelledby="report-month-heading" className="grid gap-6">
          <h2 id="report-month-heading" className="text-2xl font-bold tracking-tight text-ink">
            {report.monthName}
            {report.current ? " so far" : ""}
          </h2>
          <p className="text-base leading-7 text-muted">
            Automation in the Lounge only holds a post: a trained person decides every held and reported post.
            {report.current ? " The figures for this month are updated every few minutes." : ""} Times are in UTC.{" "}
            <Link href="/blog/how-we-moderate-happr-lounge-mini" className="underline">
              How we moderate the Lounge
            </Link>
            .
          </p>
          <ModerationCounts counts={report.counts} />
        </section>
        {report.months.length > 1 ? (
          <nav aria-labelledby="report-months-heading">
            <h2 id="report-months-heading" className="text-xl font-semibold text-ink">
              Other months
            </h2>
            <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
              {report.months
                .filter((entry) => entry.month !== report.month)
                .map((entry) => (
                  <li key={entry.month}>
                    <Link href={`${REPORT_PATH}/${entry.month}`} className="underline">
                      {entry.monthName}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </article>
  );
}
