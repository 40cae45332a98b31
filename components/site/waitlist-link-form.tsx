"use client";

import { useActionState } from "react";
import type { WaitlistLinkState } from "@/lib/waitlist/schema";

const outcomes: Record<Exclude<WaitlistLinkState["status"], "idle">, string> = {
  confirmed: "Thank you: your place on the waitlist is confirmed. We'll email you when Happr opens its doors.",
  "already-confirmed": "Your place on the waitlist was already confirmed.",
  left: "You've left the waitlist and we've deleted your address. We won't email you again.",
  invalid: "This link isn't valid. Copy the whole link from the email, or join the waitlist again.",
  gone: "This address is no longer on the waitlist. Join again from any page if you'd like to.",
};

/**
 * The button behind a waitlist email's link. The link itself changes nothing: mail scanners open
 * links, and only a person pressing the button should confirm or leave.
 */
export function WaitlistLinkForm({
  token,
  label,
  action,
}: {
  token: string;
  label: string;
  action: (previous: WaitlistLinkState, formData: FormData) => Promise<WaitlistLinkState>;
}) {
  const [state, formAction, pending] = useActionState<WaitlistLinkState, FormData>(action, { status: "idle" });
  if (state.status !== "idle") {
    return (
      <p role="status" className="mt-6 text-lg text-ink">
        {outcomes[state.status]}
      </p>
    );
  }
  return (
    <form action={formAction} className="mt-8">
      <input type="hidden" name="token" value={token} />
      <button
        type="submit"
        disabled={pending}
        className="rounded-full bg-brand-600 px-5 py-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {label}
      </button>
    </form>
  );
}
