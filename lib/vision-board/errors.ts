import { DomainError } from "../errors";

type VisionStatus = 400 | 403 | 404 | 409;
const codeOf = { 400: "invalid_argument", 403: "forbidden", 404: "not_found", 409: "conflict" } as const;

/** My Vision Board's one error: an HTTP-like status, a message safe to show (starting with the field), and the field. */
export class VisionBoardError extends DomainError<(typeof codeOf)[VisionStatus], VisionStatus> {
  constructor(status: VisionStatus, message: string, options: { field?: string } = {}) {
    super(codeOf[status], status, message, options);
    this.name = "VisionBoardError";
  }
}

export const boardNotFound = () => new VisionBoardError(404, "Board not found");
export const itemNotFound = () => new VisionBoardError(404, "Item not found");
export const milestoneNotFound = () => new VisionBoardError(404, "Milestone not found");
export const bad = (field: string, message: string) => new VisionBoardError(400, `${field}: ${message}`, { field });
