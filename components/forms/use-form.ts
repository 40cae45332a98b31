"use client";

import { useActionState, useEffect, useRef } from "react";
import { idleForm, type FormAction, type FormState } from "@/lib/forms";

/** The part of a form's state the kit reads: any FormState, whatever its values, statuses and extras. */
type AnyFormState = Pick<FormState, "message" | "redirectTo" | "redirectMethod"> & {
  status: string;
  fieldErrors: Partial<Record<string, string>>;
};

/**
 * useActionState for a form's server action, plus what every form does after an answer: follow a
 * redirect with a full page load, else focus the first field with an error (`fieldIds`: field name to
 * element id, in the form's order), else the form's message. `initial`: the state before any answer.
 */
export function useForm<State extends AnyFormState = FormState>(
  action: FormAction<State>,
  fieldIds: Record<string, string> = {},
  initial: State = idleForm as unknown as State,
) {
  const [state, formAction, pending] = useActionState<State, FormData>(action, initial as Awaited<State>);
  const messageRef = useFocusAfterAnswer(state, fieldIds);
  return { state, formAction, pending, messageRef };
}

/** After each answer: follow a redirect, else focus the first field with an error, else the message. */
export function useFocusAfterAnswer(state: AnyFormState, fieldIds: Record<string, string>) {
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.status === "redirect" && state.redirectTo) {
      if (state.redirectMethod === "post") postTo(state.redirectTo);
      else window.location.assign(state.redirectTo);
      return;
    }
    if (state.status === "idle") return;
    const field = Object.keys(fieldIds).find((name) => state.fieldErrors[name]);
    if (field) document.getElementById(fieldIds[field]!)?.focus();
    else messageRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  return messageRef;
}

/** A full page load by form post (the browser sends the page's Origin with it). */
function postTo(path: string) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = path;
  document.body.append(form);
  form.submit();
}
