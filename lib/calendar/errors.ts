import { DomainError, isDomainError } from "../errors";

/**
 * The one error type of the calendar core. `field` names the input at fault (an EventInput field,
 * "occurrenceStart", "from"/"to", or "file" for an import). A message about a field's value reads on
 * from its name (`namesField`: "must be at most 200 characters"); a form shows it beside the field, the
 * API answers "title: must be at most 200 characters" (lib/errors.ts answerMessage). Transports map `status` once (400 bad input, 403 not allowed, 404 no such event or occurrence,
 * 409 a limit reached, 429 too many imports or files waiting).
 */
export type CalendarErrorCode = "invalid_argument" | "forbidden" | "not_found" | "conflict" | "too_many";

type Status = 400 | 403 | 404 | 409 | 429;

const statusOf: Record<CalendarErrorCode, Status> = {
  invalid_argument: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  // Imports per hour (store/import.ts); too many files waiting for the reader (ics/parse-off-thread.ts):
  // a form shows a 4xx on its field, with the wait.
  too_many: 429,
};

export class CalendarError extends DomainError<CalendarErrorCode, Status> {
  declare readonly field: string;

  constructor(code: CalendarErrorCode, field: string, message: string, options: { namesField?: boolean } = {}) {
    super(code, statusOf[code], message, { field, namesField: options.namesField });
    this.name = "CalendarError";
  }
}

/** A problem with `field`'s value, which reads on from the field's name ("must not be empty"). */
export function invalidField(field: string, problem: string): CalendarError {
  return new CalendarError("invalid_argument", field, problem, { namesField: true });
}

export function notFoundField(field: string, problem: string): CalendarError {
  return new CalendarError("not_found", field, problem, { namesField: true });
}

export function isCalendarError(error: unknown): error is CalendarError {
  return isDomainError(error) && error.name === "CalendarError" && typeof error.field === "string";
}
