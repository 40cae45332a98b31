import { codeOfStatus, DomainError, type CodeOf } from "../errors";

type VisionStatus = 400 | 403 | 404 | 409;

/** My Vision Board's one error: an HTTP-like status, a message safe to show, and the field it is about. */
export class VisionBoardError extends DomainError<CodeOf<VisionStatus>, VisionStatus> {
  constructor(status: VisionStatus, message: string, options: { field?: string; namesField?: boolean } = {}) {
    super(codeOfStatus[status], status, message, options);
    this.name = "VisionBoardError";
  }
}

export const boardNotFound = () => new VisionBoardError(404, "Board not found");
export const itemNotFound = () => new VisionBoardError(404, "Item not found");
export const milestoneNotFound = () => new VisionBoardError(404, "Milestone not found");
export const bad = (field: string, message: string) => new VisionBoardError(400, message, { field, namesField: true });
