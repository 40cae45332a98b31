import { z } from "zod";
import { isIdentityError, messages, type AccountSecurity } from "../identity";
import { codeField } from "../identity/validation";

/**
 * The authenticator-app part of /my-account as one small state machine, so the server action stays a
 * line: "start" shows a new secret and its QR code, "verify" checks the app's first code and turns MFA
 * on, "cancel" goes back, "disable" turns it off. The secret waits on the provider's side (the pending
 * secret of the built-in issuer, Cognito's association), never in the browser's form state.
 */
export type AuthenticatorFormState = {
  status: "off" | "setup" | "on";
  /** A notice after a step (role=status) or a failure (role=alert). */
  message: string;
  tone: "info" | "error";
  /** The code field's own error while setting up. */
  codeError?: string;
  deviceLabel: string | null;
  setup?: { secretCode: string; qrDataUrl: string };
};

const intentSchema = z.enum(["start", "verify", "cancel", "disable"], { message: "Unknown authenticator step" });
const verifySchema = z.object({
  code: codeField.pipe(z.string().regex(/^\d{6}$/, "Code must be the 6 digits your authenticator app shows")),
});

/** How the QR code is drawn (qrcode in the app; tests pass something cheap and checkable). */
export type RenderQr = (otpauthUri: string) => Promise<string>;

export async function initialAuthenticatorState(security: AccountSecurity): Promise<AuthenticatorFormState> {
  const status = await security.authenticatorStatus();
  return { status: status.enabled ? "on" : "off", message: "", tone: "info", deviceLabel: status.deviceLabel };
}

export async function runAuthenticatorStep(
  security: AccountSecurity,
  previous: AuthenticatorFormState,
  formData: FormData,
  renderQr: RenderQr,
): Promise<AuthenticatorFormState> {
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return { ...previous, message: intent.error.issues[0]!.message, tone: "error", codeError: undefined };
  try {
    switch (intent.data) {
      case "start": {
        const { secretCode, otpauthUri } = await security.startAuthenticatorSetup();
        return { status: "setup", message: "", tone: "info", deviceLabel: null, setup: { secretCode, qrDataUrl: await renderQr(otpauthUri) } };
      }
      case "verify": {
        const parsed = verifySchema.safeParse({ code: formData.get("code") ?? "" });
        if (!parsed.success) return { ...previous, message: "", tone: "error", codeError: parsed.error.issues[0]!.message };
        await security.finishAuthenticatorSetup(parsed.data.code);
        const status = await security.authenticatorStatus();
        return { status: "on", message: "Authenticator app is on. You'll be asked for a code when you sign in.", tone: "info", deviceLabel: status.deviceLabel };
      }
      case "cancel":
        return { status: "off", message: "", tone: "info", deviceLabel: null };
      case "disable":
        await security.disableAuthenticator();
        return { status: "off", message: "Authenticator app is off.", tone: "info", deviceLabel: null };
    }
  } catch (error) {
    if (isIdentityError(error)) {
      // A wrong first code stays on the setup step, next to its field.
      if (previous.status === "setup" && ["EnableSoftwareTokenMFAException", "CodeMismatchException"].includes(error.code)) {
        return { ...previous, message: "", tone: "error", codeError: "That code didn't match. Enter the newest code from your authenticator app." };
      }
      return { ...previous, message: error.message, tone: "error", codeError: undefined };
    }
    console.error("[account] authenticator step failed", error);
    return { ...previous, message: messages.networkError, tone: "error", codeError: undefined };
  }
}
