"use client";

import Link from "next/link";
import { useId, type ReactNode } from "react";
import type { AuthField, AuthFormState } from "@/lib/auth/forms";
import type { FormAction } from "@/lib/forms";
import { FormMessage, HiddenFields, NewPasswordField, SubmitButton, TextField, useForm } from "@/components/forms";
import { buttonClass } from "@/components/ui/button";
import { Panel } from "@/components/ui/panel";

const idle: AuthFormState = { status: "idle", message: "", fieldErrors: {}, values: {} };

/** An auth page's server action, handed to its form by the page. */
export type AuthAction = FormAction<AuthFormState>;
/** A password sign-in and the challenge steps after it (a challenge that ends starts sign-in again). */
export type SignInActions = { signIn: AuthAction; challenge: AuthAction };

/**
 * The kit's form hook with this form's field ids (`<id>-<field>`): after an answer it follows a
 * completed sign-in to the issuer with a full page load, or focuses the first field in `order` with
 * an error, or the form's message.
 */
function useAuthForm(action: AuthAction, initial: AuthFormState, order: AuthField[]) {
  const id = useId();
  const fieldId = (field: AuthField) => `${id}-${field}`;
  const form = useForm(action, Object.fromEntries(order.map((field) => [field, fieldId(field)])), initial);
  return { ...form, fieldId };
}

function Redirecting() {
  return (
    <p role="status" className="rounded-xl bg-brand-50 px-4 py-3 text-sm font-medium text-ink">
      Signing you in…
    </p>
  );
}

/**
 * Where to go after signing in. The issuer's interaction is never a form field: the server reads it
 * from this browser's own cookie (see lib/identity/builtin/issuer/provider.ts finishLoginInteraction).
 */
type FlowProps = { continuePath?: string };

/** Sign-in with email and password, then whatever challenge the account needs (MFA, new password). */
export function SignInForm({
  actions,
  continuePath,
  email = "",
  notice,
}: FlowProps & { actions: SignInActions; email?: string; notice?: string }) {
  const {
    state,
    formAction: action,
    pending,
    messageRef,
    fieldId,
  } = useAuthForm(actions.signIn, idle, ["email", "password"]);
  if (state.status === "redirect") return <Redirecting />;
  if (state.status === "challenge" && state.challenge)
    return <ChallengeForm actions={actions} initial={state} continuePath={continuePath} />;
  return (
    <form action={action} noValidate aria-label="Sign in" className="grid gap-5">
      {notice && state.status === "idle" ? (
        <p role="status" className="rounded-xl bg-brand-50 px-4 py-3 text-sm font-medium text-ink">
          {notice}
        </p>
      ) : null}
      <FormMessage state={state} messageRef={messageRef} />
      <HiddenFields fields={{ continue: continuePath }} />
      <TextField
        id={fieldId("email")}
        name="email"
        type="text"
        label="Email or sign-in name"
        hint="Children sign in with the sign-in name their grown-up gave them."
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        aria-required="true"
        maxLength={254}
        defaultValue={state.values.email ?? email}
        error={state.fieldErrors.email}
      />
      <TextField
        id={fieldId("password")}
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        required
        aria-required="true"
        maxLength={256}
        error={state.fieldErrors.password}
      />
      <SubmitButton pending={pending} pendingLabel="Signing in…">
        Sign in
      </SubmitButton>
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <Link
          className="font-semibold text-brand-700 underline"
          href={withFlow("/auth/forgot-password", { continuePath })}
        >
          Forgot your password?
        </Link>
        <Link className="font-semibold text-brand-700 underline" href={withFlow("/auth/sign-up", { continuePath })}>
          Create an account
        </Link>
      </p>
    </form>
  );
}

function withFlow(path: string, { continuePath }: FlowProps) {
  const query = new URLSearchParams();
  if (continuePath) query.set("continue", continuePath);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

const CHALLENGE_TITLES: Record<string, string> = {
  SOFTWARE_TOKEN_MFA: "Enter the code from your authenticator app",
  SMS_MFA: "Enter the code we texted you",
  SELECT_MFA_TYPE: "Choose how to verify it's you",
  NEW_PASSWORD_REQUIRED: "Choose a new password",
  MFA_SETUP: "Set up your authenticator app",
};

const MFA_LABELS: Record<string, string> = { SOFTWARE_TOKEN_MFA: "Authenticator app", SMS_MFA: "Text message (SMS)" };

/** One challenge step after the password; answers until the member is signed in. */
function ChallengeForm({
  actions,
  initial,
  continuePath,
}: FlowProps & { actions: SignInActions; initial: AuthFormState }) {
  const {
    state,
    formAction: action,
    pending,
    messageRef,
    fieldId,
  } = useAuthForm(actions.challenge, initial, ["answer"]);
  const challenge = state.challenge;
  if (state.status === "redirect") return <Redirecting />;
  if (!challenge) {
    // The challenge ended (expired or too many tries): start again from the password.
    return (
      <SignInForm
        actions={actions}
        continuePath={continuePath}
        email={state.values.email}
        notice={state.message || undefined}
      />
    );
  }
  const title = CHALLENGE_TITLES[challenge.name] ?? "Verify it's you";
  const canRemember =
    challenge.name === "SOFTWARE_TOKEN_MFA" || challenge.name === "SMS_MFA" || challenge.name === "MFA_SETUP";
  let choices: string[] = [];
  if (challenge.name === "SELECT_MFA_TYPE") {
    try {
      choices = JSON.parse(challenge.parameters.MFAS_CAN_CHOOSE ?? "[]") as string[];
    } catch {
      choices = [];
    }
  }
  return (
    <form
      action={action}
      noValidate
      aria-label={title}
      className="grid gap-5"
      key={`${challenge.name}-${challenge.session}`}
    >
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      <FormMessage state={state} messageRef={messageRef} />
      <HiddenFields fields={{ continue: continuePath }} />
      {challenge.name === "MFA_SETUP" && challenge.setup ? (
        <div className="grid gap-3 text-sm text-ink">
          <p>
            Scan this QR code with your authenticator app, or enter the key by hand, then type the 6-digit code it
            shows.
          </p>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={challenge.setup.qrDataUrl}
            width={200}
            height={200}
            alt="QR code for your authenticator app"
            className="rounded-xl border border-slate-200"
          />
          <p>
            Key: <code className="break-all font-mono">{challenge.setup.secretCode}</code>
          </p>
        </div>
      ) : null}
      {challenge.name === "SELECT_MFA_TYPE" ? (
        <fieldset
          className="grid gap-2"
          aria-describedby={state.fieldErrors.answer ? `${fieldId("answer")}-error` : undefined}
        >
          <legend className="text-sm font-semibold text-ink">Verification method</legend>
          {choices.map((choice, index) => (
            <label key={choice} className="flex items-center gap-2 text-base text-ink">
              <input
                id={index === 0 ? fieldId("answer") : undefined}
                type="radio"
                name="answer"
                value={choice}
                defaultChecked={index === 0}
              />
              {MFA_LABELS[choice] ?? choice}
            </label>
          ))}
          {state.fieldErrors.answer ? (
            <p id={`${fieldId("answer")}-error`} className="text-sm font-medium text-red-700">
              {state.fieldErrors.answer}
            </p>
          ) : null}
        </fieldset>
      ) : challenge.name === "NEW_PASSWORD_REQUIRED" ? (
        <NewPasswordField id={fieldId("answer")} name="answer" error={state.fieldErrors.answer} />
      ) : (
        <TextField
          id={fieldId("answer")}
          name="answer"
          label="Code"
          hint={
            challenge.name === "SMS_MFA" && challenge.parameters.CODE_DELIVERY_DESTINATION
              ? `We sent it to ${challenge.parameters.CODE_DELIVERY_DESTINATION}.`
              : undefined
          }
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          aria-required="true"
          maxLength={10}
          error={state.fieldErrors.answer}
        />
      )}
      {canRemember ? (
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" name="rememberDevice" /> Remember this device for 30 days
        </label>
      ) : null}
      <SubmitButton pending={pending} pendingLabel="Checking…">
        Continue
      </SubmitButton>
    </form>
  );
}

export function SignUpForm({ action: signUp, continuePath }: FlowProps & { action: AuthAction }) {
  const {
    state,
    formAction: action,
    pending,
    messageRef,
    fieldId,
  } = useAuthForm(signUp, idle, ["givenName", "familyName", "email", "password"]);
  return (
    <form action={action} noValidate aria-label="Create your account" className="grid gap-5">
      <FormMessage state={state} messageRef={messageRef} />
      <HiddenFields fields={{ continue: continuePath }} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={fieldId("givenName")}
          name="givenName"
          label="First name"
          autoComplete="given-name"
          required
          aria-required="true"
          maxLength={100}
          defaultValue={state.values.givenName}
          error={state.fieldErrors.givenName}
        />
        <TextField
          id={fieldId("familyName")}
          name="familyName"
          label="Last name"
          autoComplete="family-name"
          required
          aria-required="true"
          maxLength={100}
          defaultValue={state.values.familyName}
          error={state.fieldErrors.familyName}
        />
      </div>
      <EmailField id={fieldId("email")} defaultValue={state.values.email} error={state.fieldErrors.email} />
      <NewPasswordField id={fieldId("password")} name="password" label="Password" error={state.fieldErrors.password} />
      <SubmitButton pending={pending} pendingLabel="Creating your account…">
        Create account
      </SubmitButton>
      <p className="text-sm">
        Already have an account?{" "}
        <Link className="font-semibold text-brand-700 underline" href={withFlow("/auth/sign-in", { continuePath })}>
          Sign in
        </Link>
      </p>
    </form>
  );
}

export function ConfirmForm({
  actions,
  email,
  continuePath,
}: FlowProps & { actions: SignInActions & { confirm: AuthAction; resend: AuthAction }; email: string }) {
  const {
    state,
    formAction: action,
    pending,
    messageRef,
    fieldId,
  } = useAuthForm(actions.confirm, { ...idle, values: { email } }, ["email", "code"]);
  const {
    state: resendState,
    formAction: resend,
    pending: resending,
    messageRef: resendRef,
  } = useForm(actions.resend, {}, { ...idle, values: { email } });
  if (state.status === "redirect") return <Redirecting />;
  if (state.status === "challenge" && state.challenge)
    return <ChallengeForm actions={actions} initial={state} continuePath={continuePath} />;
  if (state.status === "sent") return <Done state={state} messageRef={messageRef} continuePath={continuePath} />;
  return (
    <div className="grid gap-6">
      <form action={action} noValidate aria-label="Confirm your account" className="grid gap-5">
        <FormMessage state={state} messageRef={messageRef} />
        <HiddenFields fields={{ continue: continuePath }} />
        <EmailField id={fieldId("email")} defaultValue={state.values.email ?? email} error={state.fieldErrors.email} />
        <EmailedCodeField id={fieldId("code")} label="Confirmation code" error={state.fieldErrors.code} />
        <SubmitButton pending={pending} pendingLabel="Confirming…">
          Confirm
        </SubmitButton>
      </form>
      <form action={resend} className="grid gap-3">
        <input type="hidden" name="email" value={state.values.email ?? email} />
        <FormMessage state={resendState} messageRef={resendRef} />
        <SubmitButton variant="secondary" pending={resending} pendingLabel="Sending…">
          Resend code
        </SubmitButton>
      </form>
    </div>
  );
}

export function ForgotPasswordForm({ action: forgotPassword }: { action: AuthAction }) {
  const { state, formAction: action, pending, messageRef, fieldId } = useAuthForm(forgotPassword, idle, ["email"]);
  return (
    <form action={action} noValidate aria-label="Reset your password" className="grid gap-5">
      <FormMessage state={state} messageRef={messageRef} />
      <EmailField id={fieldId("email")} defaultValue={state.values.email} error={state.fieldErrors.email} />
      <SubmitButton pending={pending} pendingLabel="Sending…">
        Send reset code
      </SubmitButton>
    </form>
  );
}

export function ResetPasswordForm({ action: resetPassword, email }: { action: AuthAction; email: string }) {
  const {
    state,
    formAction: action,
    pending,
    messageRef,
    fieldId,
  } = useAuthForm(resetPassword, { ...idle, values: { email } }, ["email", "code", "password"]);
  if (state.status === "sent") return <Done state={state} messageRef={messageRef} />;
  return (
    <form action={action} noValidate aria-label="Choose a new password" className="grid gap-5">
      <FormMessage state={state} messageRef={messageRef} />
      <EmailField id={fieldId("email")} defaultValue={state.values.email ?? email} error={state.fieldErrors.email} />
      <EmailedCodeField id={fieldId("code")} label="Reset code" error={state.fieldErrors.code} />
      <NewPasswordField id={fieldId("password")} name="password" error={state.fieldErrors.password} />
      <SubmitButton pending={pending} pendingLabel="Saving…">
        Set new password
      </SubmitButton>
    </form>
  );
}

/** A finished step: its message, and the way on to sign in. */
function Done({
  state,
  messageRef,
  continuePath,
}: {
  state: AuthFormState;
  messageRef: React.RefObject<HTMLParagraphElement | null>;
  continuePath?: string;
}) {
  return (
    <div className="grid gap-5">
      <FormMessage state={state} messageRef={messageRef} />
      <Link href={withFlow("/auth/sign-in", { continuePath })} prefetch={false} className={buttonClass()}>
        Sign in
      </Link>
    </div>
  );
}

/** The card every auth page sits in. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Panel as="div" className="sm:p-8">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-muted">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </Panel>
    </div>
  );
}

/** The email field of the sign-up, confirm and recovery forms. */
function EmailField({ id, defaultValue, error }: { id: string; defaultValue?: string; error?: string }) {
  return (
    <TextField
      id={id}
      name="email"
      type="email"
      label="Email"
      autoComplete="email"
      inputMode="email"
      required
      aria-required="true"
      maxLength={254}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** The field for a 6-digit code sent by email (confirming an account, resetting a password). */
function EmailedCodeField({ id, label, error }: { id: string; label: string; error?: string }) {
  return (
    <TextField
      id={id}
      name="code"
      label={label}
      hint="The 6-digit code we emailed you."
      autoComplete="one-time-code"
      inputMode="numeric"
      required
      aria-required="true"
      maxLength={10}
      error={error}
    />
  );
}
