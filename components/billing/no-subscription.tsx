import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

/** What the account and manage pages show a member without a plan: a word and the way to the plans. */
export function NoSubscription({ message, className = "mt-4 grid gap-3" }: { message: string; className?: string }) {
  return (
    <div className={className}>
      <p className="text-muted">{message}</p>
      <p>
        <Link href="/pricing" className={buttonClass()}>
          See plans
        </Link>
      </p>
    </div>
  );
}
