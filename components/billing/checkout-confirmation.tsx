"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { callApi, succeeded } from "@/lib/graphql-client";
import { buttonClass } from "@/components/ui/button";

type State = { phase: "checking" } | { phase: "done" } | { phase: "failed"; message: string };

/** After the return from checkout: validateSession confirms it (and syncs the subscription), then says so. */
export function CheckoutConfirmation({ sessionId }: { sessionId: string | null }) {
  const [state, setState] = useState<State>(
    sessionId ? { phase: "checking" } : { phase: "failed", message: "This page needs the checkout's session id." },
  );
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    void callApi("validateSession", { checkoutSessionId: sessionId }).then((result) => {
      if (!live) return;
      if (succeeded(result) && result.valid) setState({ phase: "done" });
      else
        setState({
          phase: "failed",
          message: succeeded(result)
            ? "Your payment has not completed yet. If you were charged, your plan appears in a few minutes."
            : result.message,
        });
    });
    return () => {
      live = false;
    };
  }, [sessionId]);

  useEffect(() => {
    if (state.phase !== "checking") headingRef.current?.focus();
  }, [state.phase]);

  if (state.phase === "checking") {
    return (
      <div className="flex min-h-40 items-center justify-center gap-3" aria-busy="true">
        <Spinner className="h-8 w-8" />
        <p role="status">Confirming your subscription…</p>
      </div>
    );
  }
  return (
    <div className="grid min-h-40 content-start gap-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-ink outline-none">
        {state.phase === "done" ? "You're subscribed. Welcome to Happr!" : "We could not confirm your subscription"}
      </h2>
      <p role={state.phase === "done" ? "status" : "alert"} className="text-muted">
        {state.phase === "done" ? "Your plan is active. A receipt is in your transaction history." : state.message}
      </p>
      <p className="flex flex-wrap gap-3">
        <Link href="/manage-subscription" className={buttonClass()}>
          Manage subscription
        </Link>
        <Link href="/my-account" className={buttonClass("secondary")}>
          My Account
        </Link>
      </p>
    </div>
  );
}
