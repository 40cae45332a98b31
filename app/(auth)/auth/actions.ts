"use server";

import { otpauthQrCode } from "@/lib/identity/qr";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import {
  abandonSignIn,
  associateSoftwareTokenForChallenge,
  deviceNameFromUserAgent,
  respondToChallenge,
  signIn,
  type SignInResult,
  AUTO_SIGN_IN_LIFETIME_MS,
  CHALLENGE_LIFETIME_MS,
} from "@/lib/identity/builtin";
import { accountFlowsFor, isIdentityError } from "@/lib/identity";
import { messages } from "@/lib/messages";
import { getConfig } from "@/lib/config";
import { safeContinuePath } from "@/lib/auth/continue";
import { assertCurrentChallenge, beginPasswordSignIn, recordSignInStep } from "@/lib/auth/pending-challenge";
import { failureState, type AuthFormState } from "@/lib/auth/forms";
import { formText } from "@/lib/forms";
import { publicAction } from "@/lib/request/public-action";
import {
  challengeJar,
  clearAuthCookie,
  finishSignIn,
  identityContext,
  readAuthCookie,
  setAuthCookie,
} from "@/lib/auth/browser";

/**
 * Signed in: the browser continues with a full page load (not a server-action redirect, whose
 * same-origin target Next would fetch as a React payload, losing the issuer's cookies on the way).
 */
function signedInState(redirectTo: string, values: AuthFormState["values"]): AuthFormState {
  return { status: "redirect", redirectTo, message: "", fieldErrors: {}, values };
}

/** A step's answer: the challenge to show next, or, signed in, the way there. */
function answerOf(next: AuthFormState | string, values: AuthFormState["values"]): AuthFormState {
  return typeof next === "string" ? signedInState(next, values) : next;
}

/** A challenge to show next, or where to go now that the member is signed in. */
async function nextStep(
  result: SignInResult,
  formData: FormData,
  values: AuthFormState["values"],
): Promise<AuthFormState | string> {
  await recordSignInStep(challengeJar, result, new Date(Date.now() + CHALLENGE_LIFETIME_MS));
  if (result.signedIn) {
    return finishSignIn(result.accountId, {
      continuePath: formText(formData, "continue") || undefined,
      device: result.device,
    });
  }
  const challenge: NonNullable<AuthFormState["challenge"]> = {
    name: result.challenge,
    session: result.session,
    parameters: result.parameters,
  };
  if (result.challenge === "MFA_SETUP") {
    const setup = await associateSoftwareTokenForChallenge({ session: result.session }, await identityContext());
    challenge.setup = {
      secretCode: setup.secretCode,
      qrDataUrl: await otpauthQrCode(setup.otpauthUri),
    };
  }
  return { status: "challenge", message: "", fieldErrors: {}, values, challenge };
}

export const signInAction = publicAction(
  ["email"],
  async (values, formData): Promise<AuthFormState> => {
    // One pending password sign-in per browser: this one replaces any challenge left open before.
    await beginPasswordSignIn(challengeJar, async (session) => abandonSignIn(session, await identityContext()));
    const result = await signIn(
      { email: values.email, password: formText(formData, "password"), deviceKey: await readAuthCookie("device") },
      await identityContext(),
    );
    return answerOf(await nextStep(result, formData, values), values);
  },
  (error, values) => failureState(error, values),
);

/** The step after the password: what was typed is the sign-in's, kept in the state the step started from. */
export const challengeAction = publicAction(
  [],
  async (_values, formData, previous: AuthFormState): Promise<AuthFormState> => {
    const challenge = previous.challenge;
    if (!challenge) return { ...previous, status: "error", message: messages.sessionExpired };
    await assertCurrentChallenge(challengeJar, challenge.session);
    const result = await respondToChallenge(
      {
        session: challenge.session,
        challenge: challenge.name,
        answer: formText(formData, "answer"),
        rememberDevice: formData.get("rememberDevice") === "on",
        deviceKey: await readAuthCookie("device"),
        deviceName: deviceNameFromUserAgent((await headers()).get("user-agent")),
      },
      await identityContext(),
    );
    return answerOf(await nextStep(result, formData, previous.values), previous.values);
  },
  (error, _values, previous) => {
    const failed = failureState(error, previous.values, { passwordField: "answer" });
    // A wrong code keeps the step open; a refused, expired or locked challenge starts sign-in again.
    return endsChallenge(error) ? { ...failed, challenge: undefined } : { ...failed, challenge: previous.challenge };
  },
);

/** By code: the challenge's session is refused or expired, or too many wrong answers locked it. */
function endsChallenge(error: unknown): boolean {
  if (!isIdentityError(error)) return false;
  return (
    ["NotAuthorizedException", "TooManyFailedAttemptsException", "LimitExceededException"].includes(error.code) ||
    error.field === "session"
  );
}

/** Sign-up, confirmation and recovery: on the provider the configuration names (lib/identity/account-flows.ts). */
async function accountFlows() {
  return accountFlowsFor({ clientAddress: (await identityContext()).clientAddress });
}

export const signUpAction = publicAction(
  ["email", "givenName", "familyName"],
  async (values, formData): Promise<AuthFormState> => {
    const result = await (await accountFlows()).signUp({ ...values, password: formText(formData, "password") });
    if (result.autoSignInSession)
      await setAuthCookie("autoSignIn", result.autoSignInSession, new Date(Date.now() + AUTO_SIGN_IN_LIFETIME_MS));
    const query = new URLSearchParams({ email: values.email.trim() });
    if (formText(formData, "continue")) query.set("continue", formText(formData, "continue"));
    redirect(`/auth/confirm?${query}`);
  },
  (error, values) => failureState(error, values),
);

export const confirmAction = publicAction(
  ["email"],
  async (values, formData): Promise<AuthFormState> => {
    const outcome = await (
      await accountFlows()
    ).confirmSignUp({
      email: values.email,
      code: formText(formData, "code"),
      autoSignInSession: await readAuthCookie("autoSignIn"),
    });
    await clearAuthCookie("autoSignIn");
    if (outcome.next === "signed-in") return answerOf(await nextStep(outcome.signIn, formData, values), values);
    // Cognito: its hosted sign-in, then back where the member was going (absolute: a full page load).
    if (outcome.next === "hosted-sign-in")
      return signedInState(
        `${getConfig().siteUrl}/auth/start?continue=${encodeURIComponent(safeContinuePath(formText(formData, "continue") || undefined))}`,
        values,
      );
    // Confirmed elsewhere or after the hour: the member signs in with their password.
    return {
      status: "sent",
      message: `Your account is confirmed. ${messages.useCredentials}`,
      fieldErrors: {},
      values,
    };
  },
  (error, values) => failureState(error, values),
);

export const resendCodeAction = publicAction(
  ["email"],
  async (values): Promise<AuthFormState> => {
    const { codeDelivery } = await (await accountFlows()).resendConfirmationCode({ email: values.email });
    return { status: "sent", message: `We sent a new code to ${codeDelivery.destination}.`, fieldErrors: {}, values };
  },
  (error, values) => failureState(error, values),
);

export const forgotPasswordAction = publicAction(
  ["email"],
  async (values): Promise<AuthFormState> => {
    await (await accountFlows()).forgotPassword({ email: values.email });
    redirect(`/auth/reset-password?email=${encodeURIComponent(values.email.trim())}`);
  },
  (error, values) => failureState(error, values),
);

export const resetPasswordAction = publicAction(
  ["email"],
  async (values, formData): Promise<AuthFormState> => {
    await (
      await accountFlows()
    ).confirmForgotPassword({
      email: values.email,
      code: formText(formData, "code"),
      password: formText(formData, "password"),
    });
    return {
      status: "sent",
      message: "Your password has been changed. Sign in with your new password.",
      fieldErrors: {},
      values,
    };
  },
  (error, values) => failureState(error, values),
);
