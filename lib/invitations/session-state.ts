/**
 * The invitation a browser is signing up (or signing in) with, kept in sessionStorage from the link's
 * sign-up page until the invitation is accepted: `isInvited`, `invitedUserPhone`, `invitedUserToken`
 * (and the email for email invitations). Browser-only; this tab only; sign-out clears it.
 */
export type InvitationSessionState = {
  isInvited: boolean;
  invitedUserPhone: string | null;
  invitedUserEmail: string | null;
  invitedUserToken: string | null;
};

const KEY = "happr.invitation";

const empty: InvitationSessionState = {
  isInvited: false,
  invitedUserPhone: null,
  invitedUserEmail: null,
  invitedUserToken: null,
};

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    // Storage can be switched off; the invitation then works only in the page that opened the link.
    return undefined;
  }
}

export function readInvitationState(): InvitationSessionState {
  const raw = storage()?.getItem(KEY);
  if (!raw) return empty;
  try {
    const value = JSON.parse(raw) as Partial<InvitationSessionState>;
    if (value.isInvited !== true || typeof value.invitedUserToken !== "string") return empty;
    return {
      isInvited: true,
      invitedUserToken: value.invitedUserToken,
      invitedUserPhone: typeof value.invitedUserPhone === "string" ? value.invitedUserPhone : null,
      invitedUserEmail: typeof value.invitedUserEmail === "string" ? value.invitedUserEmail : null,
    };
  } catch {
    return empty;
  }
}

export function saveInvitationState(invitation: { token: string; phone?: string | null; email?: string | null }) {
  const state: InvitationSessionState = {
    isInvited: true,
    invitedUserToken: invitation.token,
    invitedUserPhone: invitation.phone ?? null,
    invitedUserEmail: invitation.email ?? null,
  };
  storage()?.setItem(KEY, JSON.stringify(state));
}

export function clearInvitationState() {
  storage()?.removeItem(KEY);
}
