import { codeOfStatus, DomainError, type CodeOf } from "../errors";

type CamStatus = 400 | 403 | 404 | 409 | 422;

/** Happr Cam's one error: an HTTP-like status, a message safe to show, and the field it is about. */
export class CamError extends DomainError<CodeOf<CamStatus>, CamStatus> {
  constructor(status: CamStatus, message: string, options: { field?: string } = {}) {
    super(codeOfStatus[status], status, message, options);
    this.name = "CamError";
  }
}

export const momentNotFound = () => new CamError(404, "Moment not found");
export const albumNotFound = () => new CamError(404, "Album not found", { field: "albumId" });

export function isCamError(error: unknown): error is CamError {
  return error instanceof CamError || (error instanceof Error && error.name === "CamError");
}
