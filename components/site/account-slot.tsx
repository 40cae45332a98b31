"use client";

import Link from "next/link";
import { useSession } from "@/components/session/session-provider";
import { Spinner } from "@/components/ui/spinner";
import type { FormAction } from "@/lib/forms";
import type { WaitlistFormState } from "@/lib/waitlist/schema";
import { WaitlistDialog } from "./waitlist-dialog";

/**
 * The header's right slot: "My Account" when signed in, "Join the waitlist" when signed out, and a
 * spinner of the same size while the session check is under way, so nothing shifts when it answers.
 */
export function AccountSlot({ joinWaitlist }: { joinWaitlist: FormAction<WaitlistFormState> }) {
  const { isAuthenticated } = useSession();
  return (
    <div className="flex h-10 min-w-[10.5rem] items-center justify-end">
      {isAuthenticated === null ? (
        <Spinner label="Checking your session" />
      ) : isAuthenticated ? (
        <Link
          href="/my-account"
          className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          My Account
        </Link>
      ) : (
        <WaitlistDialog action={joinWaitlist} />
      )}
    </div>
  );
}
