import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getMember } from "@/lib/auth/member";
import { loadChildLounge } from "@/lib/lounge/page";
import { ChildLounge } from "@/components/lounge/child-lounge";
import { childLoungeAction } from "../../lounge-actions";

export const metadata: Metadata = { title: "A child's Lounge" };

/**
 * A carer's page for one child's Lounge (issue 42, point 6): the switch (off until a carer turns it
 * on) and the child's own posts with their room and status, read-only. Only the child's carers
 * (lib/circles/carers.ts): anyone else, or a child who has turned 13, is a 404.
 */
export default async function ChildLoungePage({ params }: { params: Promise<{ childId: string }> }) {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const page = await loadChildLounge(member.memberId, decodeURIComponent((await params).childId));
  if (!page) notFound();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <p>
        <Link href="/circle" className="text-sm underline">
          Back to My Safe Circle
        </Link>
      </p>
      <ChildLounge page={page} action={childLoungeAction} />
    </div>
  );
}
