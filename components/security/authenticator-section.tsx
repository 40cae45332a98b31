import { initialAuthenticatorState, type AuthenticatorFormState } from "@/lib/auth/authenticator-form";
import { loadAuthenticatorStatus } from "@/lib/account/page";
import { getMember } from "@/lib/auth/member";
import { currentPasswordHint } from "@/lib/identity/reauthentication";
import { AuthenticatorForm } from "./authenticator-form";
import type { FormAction } from "@/lib/forms";
import { logError } from "@/lib/log";
import { Panel } from "@/components/ui/panel";

/** The security centre's "Authenticator app" card: its current state is read on the server for this member. */
export async function AuthenticatorSection({ action }: { action: FormAction<AuthenticatorFormState> }) {
  const member = await getMember();
  if (!member) return null;
  let initial: AuthenticatorFormState;
  try {
    initial = await initialAuthenticatorState({ authenticatorStatus: () => loadAuthenticatorStatus(member) });
  } catch (error) {
    logError("[account] reading the authenticator status failed", error);
    initial = {
      status: "off",
      deviceLabel: null,
      tone: "error",
      fieldErrors: {},
      values: {},
      message: "We couldn't check your authenticator app just now. Reload the page to try again.",
    };
  }
  return (
    <Panel aria-labelledby="authenticator" className="mt-6">
      <h2 id="authenticator" className="text-lg font-semibold text-ink">
        Authenticator app
      </h2>
      <p className="mt-2 text-sm text-muted">
        With an authenticator app (such as Google Authenticator or 1Password), signing in also asks for a 6-digit code
        from your phone.
      </p>
      <AuthenticatorForm action={action} initial={initial} passwordHint={currentPasswordHint()} />
    </Panel>
  );
}
