// Only the error modules: this file is shared with client components.
import { isDomainError, type DomainError } from "./errors";
import { messages } from "./messages";
import { logError } from "./log";

/**
 * What every form's server action answers with, for useActionState: a status (each form names its
 * own), a message for the whole form, a message per field shown next to that field, and what was
 * typed (never passwords or codes) so the form keeps it after a failed attempt.
 */
export type FormState<
  Values extends object = Record<string, string>,
  Status extends string = FormStatus,
  Extras extends object = NoExtras,
> = {
  status: Status;
  message: string;
  fieldErrors: Partial<Record<keyof Values & string, string>>;
  values: Values;
  /** For "redirect": where the browser goes next, as a full page load. */
  redirectTo?: string;
  /** "post": redirectTo acts on a form post only (sign-out), so the browser posts to it. */
  redirectMethod?: "post";
} & Extras;

/** The statuses a members' form answers with, unless it names its own. */
export type FormStatus = "idle" | "ok" | "error" | "redirect";
type NoExtras = Record<never, never>;

/**
 * A members' form whose answer carries more than a message (the feed's new link, an import's report, a
 * child's one-time code): the default values and statuses, with those extras named.
 */
export type FormStateWith<Extras extends object> = FormState<Record<string, string>, FormStatus, Extras>;

/** The one reading of a submitted form's text field: "" when it is missing or a file. */
export function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** A text field of a submitted form (or of its fields as an object); "" when it is missing or a file. */
export function formText(form: FormData | Record<string, unknown>, name: string): string {
  return textOf(form instanceof FormData ? form.get(name) : form[name]);
}

/** A form's server action, as a page hands it to its form component. */
export type FormAction<State> = (previous: State, formData: FormData) => Promise<State>;

/** Ends with this browser signed out: a form post to sign-out (which refuses a GET). */
export const signOutNext = (message: string): FormState => ({
  status: "redirect",
  message,
  fieldErrors: {},
  values: {},
  redirectTo: "/auth/sign-out",
  redirectMethod: "post",
});

export const idleForm: FormState = { status: "idle", message: "", fieldErrors: {}, values: {} };

/** A failure: next to `field` when given, else for the whole form. */
export const formError = (message: string, field?: string): FormState =>
  field
    ? { status: "error", message: "", fieldErrors: { [field]: message }, values: {} }
    : { status: "error", message, fieldErrors: {}, values: {} };

export const done = (message: string): FormState => ({ status: "ok", message, fieldErrors: {}, values: {} });

/**
 * Expected failures (a domain's error that is `shown`: not a provider outage) show their own message, next to the
 * form's field for the error's `field` (`fieldOf`; by default the same name), or for the whole form;
 * anything else is logged and shown as "Network Error" (the product's wording for a failure the member
 * cannot fix).
 */
export function failedForm(
  error: unknown,
  fieldOf: (error: DomainError) => string | undefined = (error) => error.field,
): FormState {
  if (isDomainError(error) && error.shown) return formError(error.message, fieldOf(error));
  logError("[account] action failed", error);
  return formError(messages.networkError);
}
