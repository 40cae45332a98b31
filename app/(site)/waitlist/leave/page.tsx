import type { Metadata } from "next";
import { leaveAction } from "../actions";
import { WaitlistLinkForm } from "@/components/site/waitlist-link-form";

export const metadata: Metadata = { title: "Leave the waitlist", robots: { index: false } };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function LeaveWaitlistPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Leave the Happr waitlist</h1>
      <p className="mt-4 text-muted">We&apos;ll delete your address and won&apos;t email you again.</p>
      <WaitlistLinkForm
        token={typeof token === "string" ? token : ""}
        label="Leave the waitlist"
        action={leaveAction}
      />
    </section>
  );
}
