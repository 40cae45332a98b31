import { codeOfStatus, DomainError, type CodeOf } from "../errors";

type HabitStatus = 400 | 403 | 404 | 409;

/** My Habits' one error: an HTTP-like status, a message safe to show (starting with the field), and the field. */
export class HabitError extends DomainError<CodeOf<HabitStatus>, HabitStatus> {
  constructor(status: HabitStatus, message: string, options: { field?: string; namesField?: boolean } = {}) {
    super(codeOfStatus[status], status, message, options);
    this.name = "HabitError";
  }
}

export function isHabitError(error: unknown): error is HabitError {
  return error instanceof HabitError || (error instanceof Error && error.name === "HabitError");
}

export const habitNotFound = () => new HabitError(404, "Habit not found");
