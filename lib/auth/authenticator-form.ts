import { z } from "zod";
import { isIdentityError } from "../identity/errors";
import { messages } from "../messages";
import type { AuthenticatorChanges } from "../identity/account-changes";
import { CURRENT_PASSWORD_FIELD } from "../identity/reauthentication";
import { codeField } from "../identity/validation";
import type { FormState } from "../forms";
import { logError } from "../log";

/**
 * The authenticator-app part of the security centre (/my-account/security) as one small state
 * machine, so the server action stays a line: "start" shows a new secret and its QR code, "verify"
 * checks the app's first code and turns MFA on, "cancel" goes back, "disable" turns it off. "start" (also with an app on: a replacement) and
 * "disable" need the current password or a recent sign-in. The secret waits on the provider's side
 * (the pending secret of the built-in issuer, Cognito's association), never in the browser's form state.
 */
export type AuthenticatorFormState = FormState<
  Partial<Record<"code" | typeof CURRENT_PASSWORD_FIELD, never>>,
  "off" | "setup" | "on",
  {
    /** Whether the message is a notice after a step (role=status) or a failure (role=alert). */
    tone: "info" | "error";
    deviceLabel: string | null;
    setup?: { secretCode: string; qrDataUrl: string };
    /** Setting up a new app while one is on: cancelling keeps the current one. */
    replacing?: boolean;
  }
>;

const intentSchema = z.enum(["start", "verify", "cancel", "disable"], { message: "Unknown authenticator step" });
const verifySchema = z.object({
  code: codeField.pipe(z.string().regex(/^\d{6}$/, "Code must be the 6 digits your authenticator app shows")),
});

// A step's fresh answer: no message, no field errors, nothing typed kept.
const fresh = { message: "", tone: "info", fieldErrors: {}, values: {} } as const;

/** How the QR code is drawn (qrcode in the app; tests pass something cheap and checkable). */
export type RenderQr = (otpauthUri: string) => Promise<string>;

export async function initialAuthenticatorState(
  security: Pick<AuthenticatorChanges, "authenticatorStatus">,
): Promise<AuthenticatorFormState> {
  const status = await security.authenticatorStatus();
  return {
    status: status.enabled ? "on" : "off",
    message: "",
    tone: "info",
    fieldErrors: {},
    values: {},
    deviceLabel: status.deviceLabel,
  };
}

export async function runAuthenticatorStep(
  security: AuthenticatorChanges,
  previous: AuthenticatorFormState,
  formData: FormData,
  renderQr: RenderQr,
): Promise<AuthenticatorFormState> {
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return { ...previous, message: intent.error.issues[0]!.message, tone: "error", fieldErrors: {} };
  const password = formData.get(CURRENT_PASSWORD_FIELD);
  const currentPassword = typeof password === "string" ? password : "";
  try {
    switch (intent.data) {
      case "start": {
        const { secretCode, otpauthUri } = await security.startAuthenticatorSetup(currentPassword);
        const replacing = previous.status === "on";
        return {
          ...fresh,
          status: "setup",
          deviceLabel: previous.deviceLabel,
          replacing,
          setup: { secretCode, qrDataUrl: await renderQr(otpauthUri) },
        };
      }
      case "verify": {
        const parsed = verifySchema.safeParse({ code: formData.get("code") ?? "" });
        if (!parsed.success)
          return { ...previous, message: "", tone: "error", fieldErrors: { code: parsed.error.issues[0]!.message } };
        await security.finishAuthenticatorSetup(parsed.data.code);
        const status = await security.authenticatorStatus();
        const message = previous.replacing
          ? "Your new authenticator app is on: the old one no longer works."
          : "Authenticator app is on. You'll be asked for a code when you sign in.";
        return { ...fresh, status: "on", message, deviceLabel: status.deviceLabel };
      }
      case "cancel":
        return previous.replacing
          ? { ...fresh, status: "on", deviceLabel: previous.deviceLabel }
          : { ...fresh, status: "off", deviceLabel: null };
      case "disable":
        await security.disableAuthenticator(currentPassword);
        return { ...fresh, status: "off", message: "Authenticator app is off.", deviceLabel: null };
    }
  } catch (error) {
    if (isIdentityError(error)) {
      if (error.field === CURRENT_PASSWORD_FIELD)
        return { ...previous, message: "", tone: "error", fieldErrors: { [CURRENT_PASSWORD_FIELD]: error.message } };
      // A wrong first code stays on the setup step, next to its field.
      if (
        previous.status === "setup" &&
        ["EnableSoftwareTokenMFAException", "CodeMismatchException"].includes(error.code)
      ) {
        return {
          ...previous,
          message: "",
          tone: "error",
          fieldErrors: { code: "That code didn't match. Enter the newest code from your authenticator app." },
        };
      }
      return { ...previous, message: error.message, tone: "error", fieldErrors: {} };
    }
    logError("[account] authenticator step failed", error);
    return { ...previous, message: messages.networkError, tone: "error", fieldErrors: {} };
  }
}
