"use client";

import { useActionState, useEffect, useId, useRef } from "react";
import type { AuthenticatorFormState } from "@/lib/auth/authenticator-form";
import type { FormAction } from "@/lib/forms";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/forms/field";
import { CurrentPasswordField, FormMessage, PasswordHint, SubmitButton } from "@/components/forms";

/**
 * Turn the authenticator app on (QR code, key, first code), replace it or turn it off; one form, one
 * step at a time. Starting and turning off ask for the current password (or a recent sign-in).
 */
export function AuthenticatorForm({
  action,
  initial,
  passwordHint,
}: {
  action: FormAction<AuthenticatorFormState>;
  initial: AuthenticatorFormState;
  passwordHint: string;
}) {
  return (
    <PasswordHint value={passwordHint}>
      <AuthenticatorSteps action={action} initial={initial} />
    </PasswordHint>
  );
}

function AuthenticatorSteps({
  action: step,
  initial,
}: {
  action: FormAction<AuthenticatorFormState>;
  initial: AuthenticatorFormState;
}) {
  const [state, action, pending] = useActionState(step, initial);
  const id = useId();
  const codeId = `${id}-code`;
  const passwordId = `${id}-password`;
  const messageRef = useRef<HTMLParagraphElement>(null);
  const first = useRef(true);

  // After each answer, focus goes where the member must look: the code field while setting up, else the
  // message. On first render only for the setup step (a step answered before the page was interactive).
  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (state.status === "setup") document.getElementById(codeId)?.focus();
    else if (state.fieldErrors.currentPassword) document.getElementById(passwordId)?.focus();
    else if (!isFirst) messageRef.current?.focus();
  }, [state, codeId, passwordId]);

  const message = <FormMessage state={state} good={state.tone !== "error"} messageRef={messageRef} />;

  if (state.status === "setup" && state.setup) {
    return (
      <form action={action} noValidate aria-label="Set up your authenticator app" className="mt-4 grid gap-4">
        {message}
        <ol className="grid list-decimal gap-3 pl-5 text-sm text-ink">
          <li>Scan this QR code with your authenticator app, or type the key into it by hand.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={state.setup.qrDataUrl}
          width={200}
          height={200}
          alt="QR code to add Happr to your authenticator app"
          className="rounded-xl border border-slate-200"
        />
        <p className="text-sm text-ink">
          Key:{" "}
          <code className="break-all font-mono" data-testid="authenticator-secret">
            {state.setup.secretCode}
          </code>
        </p>
        <TextField
          id={codeId}
          name="code"
          label="Code from your app"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          aria-required="true"
          maxLength={6}
          error={state.fieldErrors.code}
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton name="intent" value="verify" pending={pending} pendingLabel="Checking…">
            Verify and turn on
          </SubmitButton>
          <Button type="submit" name="intent" value="cancel" variant="secondary" disabled={pending}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form action={action} noValidate aria-label="Authenticator app" className="mt-4 grid gap-4">
      {message}
      <p className="text-base text-ink">
        {state.status === "on" ? (
          <>
            <span className="font-semibold">On</span> for <span className="font-medium">{state.deviceLabel}</span>.
          </>
        ) : (
          <>
            <span className="font-semibold">Off.</span> Signing in needs only your password.
          </>
        )}
      </p>
      <CurrentPasswordField id={passwordId} error={state.fieldErrors.currentPassword} />
      <div className="flex flex-wrap gap-3">
        {state.status === "on" ? (
          <>
            <Button type="submit" name="intent" value="start" variant="secondary" disabled={pending}>
              Replace authenticator app
            </Button>
            <SubmitButton
              name="intent"
              value="disable"
              variant="secondary"
              pending={pending}
              pendingLabel="Turning off…"
            >
              Turn off authenticator app
            </SubmitButton>
          </>
        ) : (
          <SubmitButton name="intent" value="start" pending={pending} pendingLabel="Preparing…">
            Turn on authenticator app
          </SubmitButton>
        )}
      </div>
    </form>
  );
}
