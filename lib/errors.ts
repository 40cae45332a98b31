import type { z } from "zod";

const domainErrorMark = Symbol.for("happr.domain-error");

/**
 * The base of every expected failure, in every domain (identity, billing, profile, circles,
 * invitations, the calendar, habits, rate limits, the caller's token): `code` says what went wrong,
 * `status` is the HTTP-like status a transport answers with, `message` is safe to show, and `field`
 * names the form field it is about when there is one. Forms place an error by its `field`, never by its
 * wording (lib/forms.ts), and show the message bare next to it. `namesField`: the message reads on from
 * the field's name ("must not be before from"), so a transport that has no field to put it beside (the
 * API) answers `to: must not be before from` (`answerMessage`); the message itself never carries the
 * name. `shown`: whether a form shows the message as is (by default below 500; a provider outage is
 * logged and shown as "Network Error" instead).
 */
export type DomainErrorOptions = { field?: string; namesField?: boolean; cause?: unknown; shown?: boolean };

export class DomainError<Code extends string = string, Status extends number = number> extends Error {
  readonly code: Code;
  readonly status: Status;
  readonly field?: string;
  readonly namesField: boolean;
  readonly shown: boolean;

  constructor(code: Code, status: Status, message: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = status;
    this.field = options.field;
    this.namesField = Boolean(options.field && options.namesField);
    this.shown = options.shown ?? status < 500;
    Object.defineProperty(this, domainErrorMark, { value: true });
  }
}

/**
 * The one code for each HTTP-like status the domains answer with. A domain error class picks the
 * statuses it may use (`CodeOf<400 | 404>`) and takes its code from here, so "not found" is spelled
 * once for every feature.
 */
export const codeOfStatus = {
  400: "invalid_argument",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "too_large",
  415: "unsupported_type",
  422: "unprocessable",
  429: "too_many_requests",
} as const;

export type DomainStatus = keyof typeof codeOfStatus;
export type CodeOf<S extends DomainStatus> = (typeof codeOfStatus)[S];

/**
 * By a mark as well as by class: Next gives each bundle its own copy of a module, so an error made in
 * one (the billing provider, built once per process) may not be an instance of the caller's copy; the
 * mark is a global symbol, the same in every copy. No list of names: every subclass is one.
 */
export function isDomainError(error: unknown): error is DomainError {
  if (error instanceof DomainError) return true;
  return error instanceof Error && (error as unknown as Record<symbol, unknown>)[domainErrorMark] === true;
}

/** The message as a transport without fields answers it: `field: message` when it reads on from the field's name. */
export function answerMessage(error: DomainError): string {
  return error.namesField ? `${error.field}: ${error.message}` : error.message;
}

/**
 * Parses `value` with a zod `schema`, or throws the domain's 400 made by `fail` from the first
 * problem's message and the field it names (`field`, else the problem's first path segment).
 */
export function parseOrFail<T extends z.ZodType>(
  schema: T,
  value: unknown,
  fail: (message: string, field: string | undefined) => Error,
  field?: string,
): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const named = field ?? (typeof issue?.path[0] === "string" ? issue.path[0] : undefined);
  throw fail(issue?.message ?? "Invalid input", named);
}
