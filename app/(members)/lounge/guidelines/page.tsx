import type { Metadata } from "next";
import Link from "next/link";
import { getMember } from "@/lib/auth/member";
import { loadLoungePage, loungeTitle } from "@/lib/lounge/page";
import { Panel } from "@/components/ui/panel";
import { LeaveNow } from "@/components/discreet/leave-now";
import { HouseRules } from "@/components/lounge/house-rules";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await loungeTitle((await getMember())?.memberId, "House rules") };
}

/** The house rules on a page of their own: linked from the rooms and from every report. */
export default async function LoungeGuidelinesPage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const page = await loadLoungePage(member.memberId);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <p>
        <Link href="/lounge" className="text-sm underline">
          Back to the rooms
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-ink">The Lounge&apos;s rules</h1>
      <Panel aria-labelledby="rules-heading" className="mt-6">
        <HouseRules rules={page.rules} headingId="rules-heading" />
      </Panel>
      {page.discreet ? null : <LeaveNow />}
    </div>
  );
}
