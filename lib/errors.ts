import type { z } from "zod";

/**
 * The base of every domain's expected failure (identity, billing, profile, invitations): `code` says
 * what went wrong, `status` is the HTTP-like status a transport answers with, `message` is safe to
 * show, and `field` names the form field it is about when there is one. Forms place an error by its
 * `field`, never by its wording (lib/forms.ts).
 */
export class DomainError<Code extends string = string, Status extends number = number> extends Error {
  readonly code: Code;
  readonly status: Status;
  readonly field?: string;

  constructor(code: Code, status: Status, message: string, options: { field?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = status;
    this.field = options.field;
  }
}

/**
 * By shape as well as by class: Next gives each bundle its own copy of a module, so an error made in
 * one (the billing provider, built once per process) may not be an instance of the caller's copy.
 */
export function isDomainError(error: unknown): error is DomainError {
  if (error instanceof DomainError) return true;
  if (!(error instanceof Error) || !DOMAIN_ERROR_NAMES.has(error.name)) return false;
  const { code, status } = error as Partial<DomainError>;
  return typeof code === "string" && typeof status === "number";
}

const DOMAIN_ERROR_NAMES = new Set([
  "IdentityError",
  "BillingError",
  "ProfileError",
  "InvitationError",
  "CircleError",
  // The calendar core's own error (lib/calendar/errors.ts): the same shape, kept apart so the core stays pure.
  "CalendarError",
  "HabitError",
  "MemberRequiredError",
  "IdentityUnavailableError",
  "TokenRefusedError",
  "PoolAttributesWithheldError",
  "TooManyRequestsError",
]);

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
