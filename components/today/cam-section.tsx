import Link from "next/link";
import { Panel } from "@/components/ui/panel";
import { momentCardData } from "@/components/cam/moment-card";
import { MomentGrid } from "@/components/cam/moment-cards";
import type { MomentView } from "@/lib/cam";

/** Cam on Today: this week's moments (the member's own and those shared with them), each opening its page. */
export function TodayMoments({ moments, concealed }: { moments: MomentView[]; concealed: boolean }) {
  return (
    <Panel aria-labelledby="today-moments" compact className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-moments" className="text-xl font-semibold text-ink">
          This week&rsquo;s moments
        </h2>
        <Link href="/cam" className="text-sm font-semibold text-brand-700 underline">
          Open Cam
        </Link>
      </div>
      {moments.length === 0 ? (
        <p className="mt-2 text-base text-muted">No moments this week.</p>
      ) : (
        <MomentGrid moments={moments.map(momentCardData)} concealed={concealed} headingLevel={3} className="mt-3" />
      )}
    </Panel>
  );
}
