import type { Metadata } from "next";
import { confirmAction } from "../actions";
import { WaitlistLinkForm } from "@/components/site/waitlist-link-form";

export const metadata: Metadata = { title: "Confirm your email", robots: { index: false } };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function ConfirmWaitlistPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Confirm your place on the waitlist</h1>
      <p className="mt-4 text-muted">One click and we&apos;ll know this address is yours.</p>
      <WaitlistLinkForm
        token={typeof token === "string" ? token : ""}
        label="Confirm my email"
        action={confirmAction}
      />
    </section>
  );
}
