import { DomainError } from "../errors";

type UploadStatus = 400 | 404 | 409 | 413 | 415 | 422;
const codeOf = {
  400: "invalid_argument",
  404: "not_found",
  409: "conflict",
  413: "too_large",
  415: "unsupported_type",
  422: "unprocessable",
} as const;

/** The uploads' one error: an HTTP-like status, a message safe to show, and the field it is about. */
export class UploadError extends DomainError<(typeof codeOf)[UploadStatus], UploadStatus> {
  constructor(status: UploadStatus, message: string, options: { field?: string } = {}) {
    super(codeOf[status], status, message, options);
    this.name = "UploadError";
  }
}

export const uploadNotFound = () => new UploadError(404, "Upload not found", { field: "uploadId" });
