"use client";

import { useActionState, useEffect, useId } from "react";
import type { ContactFormState } from "@/lib/contact/schema";
import type { FormAction } from "@/lib/forms";
import { CONTACT_TOPICS } from "@/lib/contact/topics";
import { Button } from "@/components/ui/button";
import { EmailField, SelectField, TextAreaField, TextField } from "@/components/forms/field";

const initialState: ContactFormState = {
  status: "idle",
  message: "",
  fieldErrors: {},
  values: { name: "", email: "", topic: "", message: "" },
};

const FIELD_ORDER = ["name", "email", "topic", "message"] as const;

/** The /contact form: stored and mailed to support. Keeps what was typed when something needs fixing. */
export function ContactForm({ action, className = "" }: { action: FormAction<ContactFormState>; className?: string }) {
  const [state, formAction, isPending] = useActionState(action, initialState);
  const id = useId();
  const fieldId = (field: (typeof FIELD_ORDER)[number]) => `${id}-${field}`;

  useEffect(() => {
    if (state.status !== "invalid") return;
    const first = FIELD_ORDER.find((field) => state.fieldErrors[field]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }, [state, id]);

  const problem = state.status === "rate-limited" || state.status === "error";

  return (
    <form action={formAction} noValidate aria-label="Contact Happr" className={`grid gap-5 ${className}`}>
      <TextField
        id={fieldId("name")}
        name="name"
        label="Name"
        required
        aria-required="true"
        autoComplete="name"
        maxLength={100}
        defaultValue={state.values.name}
        error={state.fieldErrors.name}
      />
      <EmailField id={fieldId("email")} defaultValue={state.values.email} error={state.fieldErrors.email} />
      <SelectField
        // React's form reset after an action puts a <select> back to its first-rendered option;
        // remounting on the returned value keeps the member's choice after a failed attempt.
        key={`topic-${state.values.topic}`}
        id={fieldId("topic")}
        name="topic"
        label="Topic"
        required
        aria-required="true"
        defaultValue={state.values.topic}
        error={state.fieldErrors.topic}
      >
        <option value="" disabled>
          Choose a topic
        </option>
        {CONTACT_TOPICS.map((topic) => (
          <option key={topic} value={topic}>
            {topic}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id={fieldId("message")}
        name="message"
        label="Message"
        hint="Between 10 and 5000 characters."
        required
        aria-required="true"
        rows={6}
        maxLength={5000}
        defaultValue={state.values.message}
        error={state.fieldErrors.message}
      />
      <p
        role="status"
        aria-live="polite"
        className={
          state.status === "sent" ? "rounded-xl bg-brand-50 p-3 text-sm font-medium text-brand-900" : "sr-only"
        }
      >
        {state.status === "sent" ? state.message : ""}
      </p>
      <p role="alert" className={problem ? "rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800" : "sr-only"}>
        {problem ? state.message : ""}
      </p>
      <div>
        <Button type="submit" pending={isPending} pendingLabel="Sending…" className="w-full sm:w-auto">
          Send message
        </Button>
      </div>
    </form>
  );
}
