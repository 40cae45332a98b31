"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { clearInvitationState, readInvitationState } from "@/lib/invitations/session-state";

const MUTATION = "mutation($token: String!) { invitationSignUpDone(token: $token) { statusCode message } }";

/**
 * After signing up (or in) from an invitation link, the invitation waiting in this tab's session
 * state is accepted once with the API's invitationSignUpDone, and the outcome is shown.
 */
export function InvitationAcceptor() {
  const router = useRouter();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const started = useRef(false);
  const messageRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { isInvited, invitedUserToken } = readInvitationState();
    if (!isInvited || !invitedUserToken) return;
    fetch("/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: MUTATION, variables: { token: invitedUserToken } }),
    })
      .then(
        (response) =>
          response.json() as Promise<{ data?: { invitationSignUpDone?: { statusCode: number; message: string } } }>,
      )
      .then((body) => {
        const result = body.data?.invitationSignUpDone;
        if (!result) throw new Error("no answer");
        // Accepted or refused for good (404/409/403): either way the link has done its work here.
        if (result.statusCode !== 401 && result.statusCode < 500) clearInvitationState();
        setOutcome({ ok: result.statusCode === 200, message: result.message });
        if (result.statusCode === 200) router.refresh();
      })
      .catch(() => setOutcome({ ok: false, message: "Network Error" }));
  }, [router]);

  useEffect(() => {
    if (outcome) messageRef.current?.focus();
  }, [outcome]);

  if (!outcome) return null;
  return (
    <p
      ref={messageRef}
      tabIndex={-1}
      role={outcome.ok ? "status" : "alert"}
      className={`mt-4 rounded-xl px-4 py-3 text-sm font-medium ${outcome.ok ? "bg-brand-50 text-ink" : "bg-red-50 text-red-800"}`}
    >
      {outcome.message}
    </p>
  );
}
