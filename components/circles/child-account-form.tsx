"use client";

import { FormMessage, useForm } from "@/components/forms";
import { Button, buttonClass } from "@/components/ui/button";
import { CheckboxField, SelectField, TextField } from "@/components/forms/field";
import { CredentialChoice } from "./credential-choice";
import type { FormAction, FormStateWith } from "@/lib/forms";
import Link from "next/link";
import { BACK_TO_MY_CIRCLE } from "@/config/members-navigation";
import { useState } from "react";

/** The form's answer: after creating, the child's sign-in name (and one-time code), shown this once. */
export type ChildFormState = FormStateWith<{
  created?: { firstName: string; signInName: string; oneTimeCode?: string };
}>;

const firstSignIn = {
  legend: "How they sign in the first time",
  passwordChoice: "I choose a first password for them",
  codeChoice: "A one-time code: they choose their own password when they first sign in",
  passwordLabel: "First password",
};

const ids = {
  circleId: "child-circle",
  firstName: "child-first-name",
  birthMonth: "child-birth-month",
  password: "child-password",
  consent: "child-consent",
};

export function ChildAccountForm({
  circles,
  consentWording,
  action,
}: {
  circles: { circleId: string; name: string }[];
  consentWording: string;
  action: FormAction<ChildFormState>;
}) {
  const { state, formAction, pending, messageRef } = useForm(action, ids);
  const [credential, setCredential] = useState<"password" | "code">("password");
  // Kept in state: React empties a form after its action, and a refusal must not lose what was typed.
  // The consent box empties with it: a guardian agrees again at each attempt.
  const [firstName, setFirstName] = useState("");
  const [birthMonth, setBirthMonth] = useState("");
  const answer = state;
  if (answer.status === "ok" && answer.created) {
    const { signInName, oneTimeCode } = answer.created;
    const name = answer.created.firstName;
    return (
      <section aria-labelledby="child-ready" className="mt-6 grid gap-4">
        <h2 id="child-ready" className="text-xl font-semibold text-ink" tabIndex={-1}>
          {name}&rsquo;s account is ready
        </h2>
        <p className="text-base text-ink">
          Write these down now and give them to {name}: they are shown only this once.
        </p>
        <dl className="grid gap-3 rounded-xl bg-brand-50 px-4 py-3 text-base">
          <div>
            <dt className="font-semibold text-ink">Sign-in name</dt>
            <dd className="font-mono text-lg text-ink" data-testid="child-sign-in-name">
              {signInName}
            </dd>
          </div>
          {oneTimeCode ? (
            <div>
              <dt className="font-semibold text-ink">One-time sign-in code</dt>
              <dd className="font-mono text-lg text-ink" data-testid="child-one-time-code">
                {oneTimeCode}
              </dd>
              <dd className="mt-1 text-sm text-muted">
                {name} types it as the password the first time, then chooses a password of their own. It works for 7
                days.
              </dd>
            </div>
          ) : (
            <div>
              <dt className="font-semibold text-ink">Password</dt>
              <dd className="text-ink">The first password you chose.</dd>
            </div>
          )}
        </dl>
        <p>
          <Link href={BACK_TO_MY_CIRCLE.href} className={buttonClass("secondary")}>
            {BACK_TO_MY_CIRCLE.label}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <form action={formAction} noValidate aria-label="Create a child's account" className="mt-6 grid gap-5">
      <FormMessage state={state} messageRef={messageRef} />
      {circles.length > 1 ? (
        <SelectField id={ids.circleId} name="circleId" label="Circle" error={state.fieldErrors.circleId}>
          {circles.map((circle) => (
            <option key={circle.circleId} value={circle.circleId}>
              {circle.name}
            </option>
          ))}
        </SelectField>
      ) : (
        <input type="hidden" name="circleId" value={circles[0]?.circleId ?? "own"} />
      )}
      <TextField
        id={ids.firstName}
        name="firstName"
        label="Child's first name"
        autoComplete="off"
        required
        aria-required="true"
        maxLength={40}
        value={firstName}
        onChange={(event) => setFirstName(event.target.value)}
        error={state.fieldErrors.firstName}
      />
      <TextField
        id={ids.birthMonth}
        name="birthMonth"
        type="month"
        label="Birth month"
        hint="Year and month, like 2017-04. Child accounts are for children under 13."
        placeholder="2017-04"
        required
        aria-required="true"
        value={birthMonth}
        onChange={(event) => setBirthMonth(event.target.value)}
        error={state.fieldErrors.birthMonth}
      />
      <CredentialChoice
        wording={firstSignIn}
        passwordId={ids.password}
        passwordError={state.fieldErrors.password}
        value={credential}
        onChange={setCredential}
      />
      <CheckboxField id={ids.consent} name="consent" label={consentWording} error={state.fieldErrors.consent} />
      <div>
        <Button type="submit" pending={pending} pendingLabel="Creating…">
          Create the account
        </Button>
      </div>
    </form>
  );
}
