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
    <div className="account-slot">
      {isAuthenticated === null ? (
        <Spinner label="Checking your session" />
      ) : isAuthenticated ? (
        <Link href="/my-account">My Account</Link>
      ) : (
        <WaitlistDialog action={joinWaitlist} />
      )}
    </div>
  );
}
