"use client";

import { useEffect } from "react";
import { saveInvitationState } from "@/lib/invitations/session-state";

/**
 * On the sign-up page opened from an invitation link: remembers the invitation in this tab's session
 * state (accepted on /my-account once signed in) and takes the token out of the address bar, so it
 * is not left in history or shared by copying the URL.
 */
export function InvitationSignUp({ token, phone, email }: { token: string; phone?: string; email?: string }) {
  useEffect(() => {
    saveInvitationState({ token, phone, email });
    const url = new URL(window.location.href);
    url.searchParams.delete("invitation");
    window.history.replaceState(window.history.state, "", url.toString());
  }, [token, phone, email]);
  return null;
}
